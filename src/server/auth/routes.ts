import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  authCheckAnswer,
  authConfigAnswer,
  authUserAnswer,
  doneAnswer,
  requestPinAnswer,
  requestPinBody,
  verifyPinBody,
} from '../../shared/auth';
import type { App } from '../app-types';
import { users } from '../db/schema';
import { unauthorized } from '../http/errors';
import { userDto } from '../users';
import { clearSessionCookies, readAccessCookie, readRefreshCookie, setSessionCookies } from './cookies';
import { logout } from './logout';
import { refreshSession } from './refresh';
import { requestPin } from './request-pin';
import { verifyPin } from './verify-pin';

const tags = ['auth'];
const meta = (req: FastifyRequest) => ({ ip: req.ip, userAgent: req.headers['user-agent'] });

export async function authRoutes(app: App) {
  const { deps } = app;
  const secure = deps.config.secureCookies;
  // Answers carry the user and set session cookies: never keep them in a browser or proxy cache.
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post(
    '/auth/request-pin',
    { config: { access: 'public' }, schema: { tags, body: requestPinBody, response: { 200: requestPinAnswer } } },
    async (req) => {
      await deps.recaptcha(req.body.recaptcha_token, ['request_pin'], req.ip);
      const r = await requestPin(deps, req.body.email, req.ip, req.body.language);
      return {
        success: true as const,
        message: 'We sent an e-mail to this address. Check your inbox.',
        resends_remaining: r.resendsRemaining,
        retry_after_seconds: r.retryAfterSeconds,
      };
    },
  );

  app.post(
    '/auth/verify-pin',
    { config: { access: 'public' }, schema: { tags, body: verifyPinBody, response: { 200: authUserAnswer } } },
    async (req, reply) => {
      await deps.recaptcha(req.body.recaptcha_token, ['verify_pin'], req.ip);
      const { user, tokens } = await verifyPin(deps, req.body, meta(req));
      setSessionCookies(reply, secure, tokens);
      return { success: true as const, message: 'Signed in successfully', user: userDto(user) };
    },
  );

  app.get(
    '/auth/me',
    { config: { access: 'customer' }, schema: { tags, response: { 200: authUserAnswer } } },
    async (req) => {
      const current = await req.currentUser();
      const [user] = current ? await deps.db.select().from(users).where(eq(users.id, current.id)) : [];
      if (!user) throw unauthorized();
      return { success: true as const, message: 'Authenticated', user: userDto(user) };
    },
  );

  app.get(
    '/auth/check',
    { config: { access: 'customer' }, schema: { tags, response: { 200: authCheckAnswer } } },
    async (req) => {
      const user = req.user;
      return { success: true as const, authenticated: true as const, user: { id: user.id, role: user.role } };
    },
  );

  app.post(
    '/auth/refresh',
    { config: { access: 'public' }, schema: { tags, response: { 200: doneAnswer } } },
    async (req, reply) => {
      try {
        const tokens = await refreshSession(deps.db, readRefreshCookie(req, secure), meta(req));
        setSessionCookies(reply, secure, tokens);
      } catch (err) {
        clearSessionCookies(reply, secure);
        throw err;
      }
      return { success: true as const, message: 'Session refreshed' };
    },
  );

  // Public on purpose: signing out must work with an expired or already revoked session too.
  app.post(
    '/auth/logout',
    { config: { access: 'public' }, schema: { tags, response: { 200: doneAnswer } } },
    async (req, reply) => {
      await logout(deps.db, { access: readAccessCookie(req, secure), refresh: readRefreshCookie(req, secure) });
      clearSessionCookies(reply, secure);
      return { success: true as const, message: 'Logged out' };
    },
  );

  app.get(
    '/auth/config',
    { config: { access: 'public' }, schema: { tags, response: { 200: authConfigAnswer } } },
    async () => ({
      success: true as const,
      recaptcha_site_key: deps.config.recaptcha?.siteKey ?? null,
    }),
  );
}
