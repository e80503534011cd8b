import { lazy, Suspense, useEffect, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { useLocation } from 'react-router';
import { signInNext, useSession } from '@web/features/auth';
import { NEEDS_PROFILE } from '@web/features/profile';
import { emit, isPending, type BufferedEventName } from '@web/lib/events';

// Modals opened by window events from anywhere (docs/product.md#screens-and-routes global events). Each is its own chunk, mounted only once
// it is wanted: mounting them all at start fetched ~90 kB gzip of forms and dialogs right after the landing's first
// paint, competing with it on a slow phone. events.ts keeps an open request until the modal's listener subscribes.
const LoginModal = lazy(() => import('@web/features/auth/login-modal'));
const ContactModal = lazy(() => import('@web/features/contact/contact-modal'));
const ProfileModal = lazy(() => import('@web/features/profile/profile-modal'));

// A pointer or keyboard reaching the page is a hint that a modal may be asked for soon: the chunks load then,
// so a click rarely waits for them.
const INTENT_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

/** True from the first open request, or from the first time `warm` holds; it stays true so a mounted modal keeps its state. */
function useWanted(name: BufferedEventName, warm: boolean): boolean {
  const [wanted, setWanted] = useState(() => isPending(name));
  useEffect(() => {
    if (wanted) return;
    // An open request fired between the first render and this effect is only in the buffer.
    if (warm || isPending(name)) {
      setWanted(true);
      return;
    }
    const ask = () => setWanted(true);
    window.addEventListener(name, ask);
    return () => window.removeEventListener(name, ask);
  }, [name, wanted, warm]);
  return wanted;
}

function useIntent(): boolean {
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    if (seen) return;
    const mark = () => setSeen(true);
    for (const name of INTENT_EVENTS) window.addEventListener(name, mark, { passive: true, once: true });
    return () => {
      for (const name of INTENT_EVENTS) window.removeEventListener(name, mark);
    };
  }, [seen]);
  return seen;
}

export function GlobalModals() {
  const intent = useIntent();
  const { data: user, isPending: checking } = useSession();
  const location = useLocation();
  const path = location.pathname;
  // A guarded screen sent a signed-out visitor here with where they were going: ask them to sign in at once.
  const next = signInNext(location.state);
  useEffect(() => {
    if (next && !checking && !user) emit('open-login-modal');
  }, [next, checking, user]);
  const login = useWanted('open-login-modal', intent && !user);
  const contact = useWanted('open-contact-modal', intent);
  // An incomplete profile on a signed-in page opens the profile modal by itself (docs/product.md#profile).
  const mustComplete = !!user && !user.profile_completed && NEEDS_PROFILE.test(path);
  const profile = useWanted('open-profile-modal', (intent && !!user) || mustComplete);
  // One boundary each: a modal still loading must not hide one that is open.
  return (
    <>
      {login ? <Lazy component={LoginModal} /> : null}
      {contact ? <Lazy component={ContactModal} /> : null}
      {profile ? <Lazy component={ProfileModal} /> : null}
    </>
  );
}

function Lazy({ component: C }: { component: LazyExoticComponent<ComponentType> }) {
  return (
    <Suspense fallback={null}>
      <C />
    </Suspense>
  );
}
