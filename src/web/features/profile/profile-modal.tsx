import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { ProfileUpdate } from '@shared/profile';
import { Modal } from '@web/components/modal';
import { SavedAddresses } from '@web/features/addresses';
import { useSession, useSetSession } from '@web/features/auth';
import { useFromEnglish } from '@web/i18n';
import { errorText } from '@web/lib/api';
import { useAppEvent } from '@web/lib/events';
import { toast } from '@web/lib/toast';
import { useUpdateProfile } from './api/update-profile';
import { NEEDS_PROFILE } from './needs-profile';
import { ProfileForm } from './profile-form';

/** See docs/product.md#errors-the-user-sees: 'Failed to update profile: ' + detail, else message, else the bare sentence. */
export function profileFailureText(err: unknown): string {
  const why = errorText(err, '');
  return why ? `Failed to update profile: ${why}` : 'Failed to update profile';
}

/**
 * Where focus goes when the dialog closes: the profile menu's button. The dialog is opened from a menu item that is
 * gone by then (or by itself on a first visit), so the element that had focus at opening is no place to return to.
 */
const profileMenuButton = () => document.querySelector<HTMLElement>('[data-testid="profile-menu-button"]') ?? undefined;

export default function ProfileModal() {
  const { data: user } = useSession();
  const setSession = useSetSession();
  const path = useLocation().pathname;
  const [requested, setRequested] = useState(false);
  const mutation = useUpdateProfile();
  const { t } = useTranslation();
  const words = useFromEnglish();

  useAppEvent(
    'open-profile-modal',
    useCallback(() => setRequested(true), []),
  );

  if (!user) return null;
  const mustComplete = !user.profile_completed && NEEDS_PROFILE.test(path);
  const open = requested || mustComplete;
  const persistent = !user.profile_completed;

  const save = (data: ProfileUpdate) =>
    mutation.mutate(data, {
      onSuccess: (saved) => {
        setSession({ ...user, ...saved });
        setRequested(false);
        toast.success(t('profile.saved'));
      },
      onError: (err) => window.alert(words(profileFailureText(err))),
    });

  return (
    <Modal
      open={open}
      onOpenChange={(next) => setRequested(next)}
      persistent={persistent}
      returnFocus={profileMenuButton}
      size="lg"
      title={persistent ? t('profile.titleComplete') : t('profile.titleEdit')}
      description={persistent ? t('profile.descComplete') : t('profile.descEdit')}
    >
      {open ? <ProfileForm key={user.id} user={user} saving={mutation.isPending} onSubmit={save} /> : null}
      {open && !persistent ? <SavedAddresses /> : null}
    </Modal>
  );
}
