// The session store and the token primitives below users, so deactivating a user ends their sessions directly; signing
// in (PINs, cookies, refresh, the routes) is auth's, above users.
export {
  createSession,
  revokeAllForUser,
  revokeFamily,
  rotateRefreshToken,
  type IssuedTokens,
  type SessionUser,
} from './sessions';
export { hashToken, keyedHash, newPin, newToken, safeEqualHex } from './tokens';
