import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './errors';

// One error handler: every failure answers the error shape { success: false, detail, message, code, errors? }.

export function errorBody(code: string, message: string, extra: Record<string, unknown> = {}) {
  return { success: false as const, detail: message, message, code, ...extra };
}

export function routerError(err: FastifyError, reply: FastifyReply) {
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH')
    return reply.code(414).send(errorBody('URI_TOO_LONG', 'The address is too long'));
  if (err.code === 'FST_ERR_BAD_URL') return reply.code(400).send(errorBody('BAD_URL', 'The address is not valid'));
  return reply.code(500).send(errorBody('INTERNAL_ERROR', 'Something went wrong on our side. Please try again.'));
}

export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      if (err.extra.retry_after_seconds) reply.header('retry-after', String(err.extra.retry_after_seconds));
      return reply.code(err.status).send(errorBody(err.code, err.message, err.extra));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors = err.validation.map((v) => ({
        field: String(v.instancePath ?? '')
          .replace(/^\//, '')
          .replace(/\//g, '.'),
        message: v.message ?? 'Invalid value',
      }));
      const first = errors[0]?.message ?? 'Invalid request';
      return reply.code(400).send(errorBody('VALIDATION_ERROR', first, { errors }));
    }
    const status = err.statusCode ?? 500;
    if (status < 500) {
      const message = status === 413 ? 'Request body is too large' : err.message;
      return reply.code(status).send(errorBody(err.code ?? 'BAD_REQUEST', message));
    }
    const sqlState = inputSqlState(err);
    if (sqlState) {
      // The request's value got past its schema and the database refused it (an id beyond integer range, a NUL
      // byte in text): the client is at fault, so a 400, but logged so the schema that let it through gets fixed.
      // Only the error's kind: its message holds the query and its parameters, which may be a customer's words.
      request.log.warn({ err: errorSummary(err), sqlState }, 'database refused a request value');
      return reply.code(400).send(errorBody('INVALID_VALUE', 'A value in the request is out of range or not allowed'));
    }
    if (databaseUnavailable(err)) {
      // Nothing was changed and a retry will do once the database is back: 503, never a 401 or a sign-out.
      request.log.warn({ err: loggable(err) }, 'database unavailable');
      reply.header('retry-after', '5');
      return reply
        .code(503)
        .send(errorBody('SERVICE_UNAVAILABLE', 'The shop is briefly unavailable. Please try again in a moment.'));
    }
    request.log.error({ err: loggable(err) }, 'unhandled error');
    return reply.code(500).send(errorBody('INTERNAL_ERROR', 'Something went wrong on our side. Please try again.'));
  });
}

// PostgreSQL data exceptions a request value can cause: numeric out of range, invalid text representation,
// invalid byte sequence (NUL), string too long, bad or overflowing datetime, untranslatable character.
const INPUT_SQLSTATES = new Set(['22003', '22P02', '22021', '22001', '22007', '22008', '22P05']);

/** True when the database refused a value (NUL byte, out of range ...): the same value will be refused again. */
export const isInputRefusal = (err: unknown) => inputSqlState(err) !== undefined;

/**
 * What may be logged of an error whose message could quote a request's values: drizzle's "Failed query: <sql>
 * params: <values>" and the driver's detail do. Its type, SQLSTATE or code and the innermost cause's type only.
 */
export function errorSummary(err: unknown): Record<string, unknown> {
  const codes: string[] = [];
  let e = err as { code?: unknown; cause?: unknown; name?: unknown } | undefined;
  let type = 'unknown';
  for (let depth = 0; e && depth < 4; depth += 1, e = e.cause as typeof e) {
    if (typeof e.name === 'string') type = e.name;
    if (typeof e.code === 'string') codes.push(e.code);
  }
  return { type: err instanceof Error ? err.constructor.name : typeof err, cause: type, codes };
}

/**
 * An error as it may be logged: a failed query (drizzle's error carries `query` and `params`, and its message both)
 * only by its kind and codes, since the parameters are what a customer sent; any other error whole, with its stack.
 */
const loggable = (err: unknown) =>
  typeof (err as { query?: unknown } | null)?.query === 'string' ? errorSummary(err) : err;

/** The SQLSTATE of a database error caused by a request value; drivers and drizzle nest the original in `cause`. */
function inputSqlState(err: unknown): string | undefined {
  let e = err as { code?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 4; depth += 1, e = e.cause as typeof e) {
    if (typeof e.code === 'string' && INPUT_SQLSTATES.has(e.code)) return e.code;
  }
  return undefined;
}

// Connection failures: refused or reset sockets, a server shutting down or starting (57P0x), connection
// exceptions (08xxx), and the driver's own words for a dropped connection or a pool that cannot connect.
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', '57P01', '57P02', '57P03']);
const UNAVAILABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i;

function databaseUnavailable(err: unknown): boolean {
  let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 4; depth += 1, e = e.cause as typeof e) {
    if (typeof e.code === 'string' && (UNAVAILABLE_CODES.has(e.code) || e.code.startsWith('08'))) return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGE.test(e.message)) return true;
  }
  return false;
}
