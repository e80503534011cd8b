import { useLocation } from 'react-router';
import { ProfileMenu } from '@web/components/profile-menu';
import { isStaff, useSession } from '@web/features/auth';
import { useMyConversations } from '@web/features/messages';
import { emit } from '@web/lib/events';
import { useLogout } from './use-logout';

/** The profile dropdown wired to the session, the profile modal and logout. */
export function AccountMenu() {
  const { data: user } = useSession();
  const { pathname } = useLocation();
  const logout = useLogout();
  const mine = useMyConversations(Boolean(user));
  if (!user) return null;
  return (
    <ProfileMenu
      name={user.first_name?.trim() || user.email}
      showAdminDashboard={isStaff(user) && !pathname.startsWith('/admin')}
      unreadMessages={mine.data?.unread_count ?? 0}
      onProfile={() => emit('open-profile-modal')}
      onLogout={() => void logout()}
    />
  );
}
