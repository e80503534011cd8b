import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { forbidden, unauthorized } from './errors';

// Every API route declares who may call it (config.access); one hook enforces it at the boundary.
export type Access = 'public' | 'customer' | 'staff' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
}

export function allows(access: Access, role: 'admin' | 'employee' | 'other' | null): boolean {
  if (access === 'public') return true;
  if (!role) return false;
  if (access === 'customer') return true;
  if (access === 'staff') return role === 'admin' || role === 'employee';
  return role === 'admin';
}

// The guard keeps the caller it checked; request.user reads it (the decorator is in installAccessControl).
const guarded = new WeakMap<FastifyRequest, FastifyRequest['user']>();

async function enforce(request: FastifyRequest, _reply: FastifyReply) {
  const access = request.routeOptions.config.access ?? 'public';
  const user = await request.currentUser();
  if (!user) throw unauthorized();
  if (!allows(access, user.role)) throw forbidden();
  guarded.set(request, user);
}

/** Registers the guard on every API route and refuses to start when one does not declare its access. */
export function installAccessControl(app: FastifyInstance, prefix: string) {
  app.decorateRequest('user', {
    getter(this: FastifyRequest) {
      const user = guarded.get(this);
      if (!user) throw unauthorized();
      return user;
    },
  });
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith(prefix)) return;
    const access = (route.config as { access?: Access } | undefined)?.access;
    if (!access) throw new Error(`Route ${route.method} ${route.url} does not declare config.access`);
    if (access === 'public') return;
    // onRequest: who may call is decided before the body is even parsed, so a guest gets 401, never a 400.
    const existing = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
    route.onRequest = [...existing, enforce];
  });
}
