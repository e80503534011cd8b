// The auth feature's public surface: what the app shell and other features may use. The login modal loads on demand by its path.
export { SessionKeeper } from './session-keeper';
export { isStaff, SESSION_KEY, useSession, useSetSession } from './use-session';
export { signInNext, type SignInNext } from './sign-in-next';
