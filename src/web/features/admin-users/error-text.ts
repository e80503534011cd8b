import { ApiRequestError } from '@web/lib/api';

/** The server's explanation (e.g. the last-admin rule), else a plain fallback. */
export const errorText = (err: unknown, fallback: string) => (err instanceof ApiRequestError ? err.messageOr(fallback) : fallback);
