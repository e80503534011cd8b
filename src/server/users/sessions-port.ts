import type { Executor } from '../db/client';

// Sessions belong to auth, which sits above users (it signs users in and answers with them), so users never imports
// it: deactivating someone ends their sessions through this port, which auth fills in when the app is built
// (src/server/wiring.ts).

export interface SessionsPort {
  /** Ends every session of the user, in the caller's transaction. */
  revokeAll(db: Executor, userId: number): Promise<void>;
}

let port: SessionsPort | null = null;

export function registerSessions(p: SessionsPort) {
  port = p;
}

export function sessionsPort(): SessionsPort {
  if (!port) throw new Error('The sessions of auth are not registered: buildApp registers them (src/server/wiring.ts)');
  return port;
}
