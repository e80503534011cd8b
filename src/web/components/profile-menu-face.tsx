import type { TFunction } from 'i18next';
import { ChevronDown, UserRound } from 'lucide-react';

/** The menu button's name: who is signed in, and how many of the shop's messages they have not read. */
export const menuButtonName = (t: TFunction, name: string, unread: number) =>
  t('shell.accountMenu', { name }) + (unread > 0 ? t('shell.unreadMessages', { count: unread }) : '');

export type ProfileMenuProps = {
  /** The signed-in user's display name (first name or e-mail). */
  name: string;
  /** See docs/product.md#screens-and-routes: Admin Dashboard is offered to staff, outside the admin pages. */
  showAdminDashboard: boolean;
  /** Staff messages the customer has not read yet (their Messages screen). */
  unreadMessages: number;
  onProfile: () => void;
  onLogout: () => void;
};

export const triggerClass =
  'inline-flex h-10 max-w-52 items-center gap-2 rounded-lg border border-gray-700 px-2.5 text-sm font-medium text-gray-200 hover:border-brand-500 hover:text-white focus-visible:outline-2 focus-visible:outline-brand-400';

/** What the menu button shows, the same before and after the dropdown's code has loaded. */
export function TriggerFace({ name, unread }: { name: string; unread: number }) {
  return (
    <>
      <span className="relative">
        <UserRound className="h-4 w-4 shrink-0 text-brand-400" aria-hidden />
        {unread > 0 ? (
          <span
            data-testid="profile-unread-dot"
            className="absolute -top-1 -right-1 h-2.5 w-2.5 rounded-full border border-ink-950 bg-brand-400"
          />
        ) : null}
      </span>
      <span className="truncate max-md:hidden">{name}</span>
      <ChevronDown className="h-4 w-4 shrink-0 text-gray-400" aria-hidden />
    </>
  );
}
