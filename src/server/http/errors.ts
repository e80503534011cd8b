// Typed domain errors; the one error handler in app.ts maps them to statuses and the docs/architecture.md#the-api shape.
export type FieldError = { field: string; message: string };
/** Something staff may confirm and then do anyway (src/shared/api-error.ts). */
export type Warning = { code: string; message: string };

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: {
      errors?: FieldError[];
      retry_after_seconds?: number;
      resends_remaining?: number;
      warnings?: Warning[];
    } = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: FieldError[], code = 'VALIDATION_ERROR') =>
  new AppError(400, code, message, errors ? { errors } : {});
export const unauthorized = (message = 'Not authenticated') => new AppError(401, 'UNAUTHENTICATED', message);
export const forbidden = (message = 'You do not have permission to do that') => new AppError(403, 'FORBIDDEN', message);
export const notFound = (message = 'Not found') => new AppError(404, 'NOT_FOUND', message);
export const conflict = (message: string, code = 'CONFLICT') => new AppError(409, code, message);
/** A 409 that lists every warning at once, so staff confirm them together rather than one answer at a time. */
export const warningsConflict = (warnings: [Warning, ...Warning[]]) =>
  new AppError(409, warnings[0].code, warnings.map((w) => w.message).join(' '), { warnings });
export const unprocessable = (message: string, code = 'UNPROCESSABLE') => new AppError(422, code, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number, resendsRemaining?: number) =>
  new AppError(429, 'RATE_LIMITED', message, {
    retry_after_seconds: retryAfterSeconds,
    ...(resendsRemaining !== undefined ? { resends_remaining: resendsRemaining } : {}),
  });
