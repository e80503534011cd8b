import { lazy, Suspense } from 'react';

// Modals opened by window events from anywhere (SPEC §2 global events); each loads on first use of its chunk.
const LoginModal = lazy(() => import('@web/features/auth/login-modal'));
const ContactModal = lazy(() => import('@web/features/contact/contact-modal'));
const ProfileModal = lazy(() => import('@web/features/profile/profile-modal'));

export function GlobalModals() {
  return (
    <Suspense fallback={null}>
      <LoginModal />
      <ContactModal />
      <ProfileModal />
    </Suspense>
  );
}
