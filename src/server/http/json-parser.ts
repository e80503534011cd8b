import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

export const BODY_LIMIT = 256 * 1024;

/** JSON parser that treats an empty body as {} (POST /auth/logout has none), drops prototype pollution keys and refuses NUL bytes. */
export function installJsonParser(app: FastifyInstance) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, {});
    try {
      let nul = false;
      const parsed: unknown = JSON.parse(text, (key, value: unknown) => {
        if (typeof value === 'string' && value.includes('\u0000')) nul = true;
        return key === '__proto__' || key === 'constructor' || key === 'prototype' ? undefined : value;
      });
      // PostgreSQL text cannot hold a NUL byte; refuse it here so it never reaches a query.
      if (nul) return done(new AppError(400, 'INVALID_TEXT', 'Text must not contain NUL characters'), undefined);
      done(null, parsed);
    } catch {
      done(new AppError(400, 'INVALID_JSON', 'The request body is not valid JSON'), undefined);
    }
  });
}
