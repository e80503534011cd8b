// The login modal is a lazy chunk: a sign-in click before it has loaded would fire 'open-login-modal'
// with nobody listening. This listener ships in the main bundle (imported by the session keeper) and
// remembers the request so the modal opens as soon as it mounts.
const EVENT = 'open-login-modal';
let pending = false;

if (typeof window !== 'undefined') {
  window.addEventListener(EVENT, () => {
    pending = true;
  });
}

/** True once if an open request arrived that the modal has not handled yet. */
export function takePendingLogin(): boolean {
  const was = pending;
  pending = false;
  return was;
}
