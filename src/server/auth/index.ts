// What other features may use of auth: who is signed in, sessions, and the token primitives.
export { createSession, revokeAllForUser, type SessionUser } from './sessions';
export { hashToken, newToken } from './tokens';
export { setSessionCookies } from './cookies';
export { signInWithoutCode } from './test-sign-in';
