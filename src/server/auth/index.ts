// What other features may use of auth: who is signed in and the session cookies (the session store is sessions').
export { type SessionUser } from '../sessions';
export { setSessionCookies } from './cookies';
export { signInWithoutCode } from './test-sign-in';
