import * as Menu from '@radix-ui/react-dropdown-menu';
import { Home, LayoutDashboard, LogOut, MessagesSquare, Package, Palette, ShoppingBag, UserPen } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CountBadge } from './count-badge';
import { menuContent, menuItem } from './menu-styles';
import { menuButtonName, TriggerFace, triggerClass, type ProfileMenuProps } from './profile-menu-face';

type LoadState = { defaultOpen: boolean; focusOnMount: boolean };

/**
 * The header profile dropdown (docs/product.md#screens-and-routes); Radix gives it full keyboard support. It replaces a look-alike button
 * (profile-menu.tsx): `defaultOpen` when that was clicked, `focusOnMount` when it had the focus.
 */
export default function ProfileMenuDropdown({
  name,
  showAdminDashboard,
  unreadMessages,
  onProfile,
  onLogout,
  defaultOpen,
  focusOnMount,
}: ProfileMenuProps & LoadState) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Menu.Root modal={false} defaultOpen={defaultOpen}>
      {/* autoFocus only keeps the focus the look-alike button had. */}
      <Menu.Trigger
        data-testid="profile-menu-button"
        aria-label={menuButtonName(t, name, unreadMessages)}
        className={triggerClass}
        autoFocus={focusOnMount}
      >
        <TriggerFace name={name} unread={unreadMessages} />
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content align="end" sideOffset={8} className={menuContent}>
          <Menu.Label className="truncate px-3 py-1.5 text-xs text-gray-400">{name}</Menu.Label>
          <Menu.Item className={menuItem} onSelect={() => navigate('/')}>
            <Home className="h-4 w-4" aria-hidden /> {t('shell.home')}
          </Menu.Item>
          <Menu.Item className={menuItem} onSelect={() => navigate('/store')}>
            <ShoppingBag className="h-4 w-4" aria-hidden /> {t('shell.store')}
          </Menu.Item>
          <Menu.Item className={menuItem} onSelect={() => navigate('/orders')}>
            <Package className="h-4 w-4" aria-hidden /> {t('orders.title')}
          </Menu.Item>
          <Menu.Item className={menuItem} onSelect={() => navigate('/artwork')}>
            <Palette className="h-4 w-4" aria-hidden /> {t('shell.artwork')}
          </Menu.Item>
          <Menu.Item className={menuItem} onSelect={() => navigate('/messages')}>
            <MessagesSquare className="h-4 w-4" aria-hidden /> {t('messages.title')}
            <CountBadge count={unreadMessages} label={t('shell.unread')} testId="messages-unread-badge" />
          </Menu.Item>
          {showAdminDashboard ? (
            <Menu.Item className={menuItem} onSelect={() => navigate('/admin')}>
              <LayoutDashboard className="h-4 w-4" aria-hidden /> Admin Dashboard
            </Menu.Item>
          ) : null}
          <Menu.Item className={menuItem} onSelect={onProfile}>
            <UserPen className="h-4 w-4" aria-hidden /> {t('shell.profile')}
          </Menu.Item>
          <Menu.Separator className="my-1 h-px bg-gray-800" />
          <Menu.Item className={`${menuItem} text-red-300 data-[highlighted]:text-red-200`} onSelect={onLogout}>
            <LogOut className="h-4 w-4" aria-hidden /> {t('shell.logout')}
          </Menu.Item>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
