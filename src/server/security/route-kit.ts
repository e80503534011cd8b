import type { RouteOptions } from 'fastify';
import { afterAll } from 'vitest';
import { API_BASE } from '../../shared/constants';
import type { App } from '../app-types';
import type { AuditSpec } from '../audit';
import { buildApp } from '../app';
import type { Access } from '../http/access';
import { createTestDatabase, testConfig } from '../test/harness';

export type SeenRoute = {
  method: string;
  url: string;
  access: Access | undefined;
  bodyKeys: string[] | null;
  queryKeys: string[];
  /** What the route writes to the audit log (config.audit), if anything. */
  audit: AuditSpec | undefined;
  /** A POST declared to change nothing (config.readsOnly). */
  readsOnly: boolean;
};

type Schemas = { body?: unknown; querystring?: unknown } | undefined;
type Shaped = { shape?: Record<string, unknown>; in?: Shaped } | undefined;
/**
 * The field names of a Zod object schema, or of the object a transform reads (the reports' query), empty for other
 * shapes, so generated input can aim at real fields.
 */
const shapeKeys = (schema: unknown): string[] =>
  Object.keys((schema as Shaped)?.shape ?? (schema as Shaped)?.in?.shape ?? {});

/**
 * Builds the app like createTestApp does, but with an onRoute observer registered before any route,
 * so the tests walk exactly the routes Fastify has, not a hand-written copy of them.
 */
export async function appWithRoutes(): Promise<{ app: App; routes: SeenRoute[] }> {
  const { database, drop } = await createTestDatabase();
  const seen: SeenRoute[] = [];
  const app = await buildApp(testConfig(), {
    database,
    logger: false,
    onRoute: (route: RouteOptions) => {
      if (!route.url.startsWith(API_BASE)) return;
      for (const method of [route.method].flat()) {
        if (method === 'HEAD') continue;
        seen.push({
          method,
          url: route.url,
          access: (route.config as { access?: Access } | undefined)?.access,
          bodyKeys: (route.schema as Schemas)?.body ? shapeKeys((route.schema as Schemas)!.body) : null,
          queryKeys: shapeKeys((route.schema as Schemas)?.querystring),
          audit: (route.config as { audit?: AuditSpec } | undefined)?.audit,
          readsOnly: (route.config as { readsOnly?: true } | undefined)?.readsOnly === true,
        });
      }
    },
  });
  await app.ready();
  afterAll(async () => {
    await app.close();
    await drop();
  });
  return { app, routes: seen };
}

/** A concrete URL for a route pattern: numeric ids become 999999 (no such row), other params a plausible token. */
export const fillParams = (url: string, values: { id?: string; other?: string } = {}) =>
  url.replace(/:([A-Za-z_]+)/g, (_m, name: string) =>
    name === 'id' || name.endsWith('Id') || name.endsWith('_id')
      ? (values.id ?? '999999')
      : (values.other ?? 'x'.repeat(43)),
  );

export const key = (r: { method: string; url: string }) => `${r.method} ${r.url.slice(API_BASE.length)}`;
