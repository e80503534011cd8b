import * as Menu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, Home, LayoutDashboard, LogOut, Package, ShoppingBag, UserRound, UserPen } from 'lucide-react';
import { useNavigate } from 'react-router';
import { menuContent, menuItem } from './menu-styles';

type Props = {
  /** The signed-in user's display name (first name or e-mail). */
  name: string;
  /** SPEC §2: Admin Dashboard is offered to staff, outside the admin pages. */
  showAdminDashboard: boolean;
  onProfile: () => void;
  onLogout: () => void;
};

/** The header profile dropdown (SPEC §2); Radix gives it full keyboard support. */
export function ProfileMenu({ name, showAdminDashboard, onProfile, onLogout }: Props) {
  const navigate = useNavigate();
  return (
    <Menu.Root modal={false}>
      <Menu.Trigger
        data-testid="profile-menu-button"
        aria-label="Account menu"
        className="inline-flex h-10 max-w-52 items-center gap-2 rounded-lg border border-gray-700 px-2.5 text-sm font-medium text-gray-200 hover:border-brand-500 hover:text-white focus-visible:outline-2 focus-visible:outline-brand-400"
      >
        <UserRound className="h-4 w-4 shrink-0 text-brand-400" aria-hidden />
        <span className="truncate max-md:hidden">{name}</span>
        <ChevronDown className="h-4 w-4 shrink-0 text-gray-400" aria-hidden />
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content align="end" sideOffset={8} className={menuContent}>
          <Menu.Label className="truncate px-3 py-1.5 text-xs text-gray-400">{name}</Menu.Label>
          <Menu.Item className={menuItem} onSelect={() => navigate('/')}>
            <Home className="h-4 w-4" aria-hidden /> Home
          </Menu.Item>
          <Menu.Item className={menuItem} onSelect={() => navigate('/store')}>
            <ShoppingBag className="h-4 w-4" aria-hidden /> Store
          </Menu.Item>
          <Menu.Item className={menuItem} onSelect={() => navigate('/orders')}>
            <Package className="h-4 w-4" aria-hidden /> My Orders
          </Menu.Item>
          {showAdminDashboard ? (
            <Menu.Item className={menuItem} onSelect={() => navigate('/admin')}>
              <LayoutDashboard className="h-4 w-4" aria-hidden /> Admin Dashboard
            </Menu.Item>
          ) : null}
          <Menu.Item className={menuItem} onSelect={onProfile}>
            <UserPen className="h-4 w-4" aria-hidden /> Profile
          </Menu.Item>
          <Menu.Separator className="my-1 h-px bg-gray-800" />
          <Menu.Item className={`${menuItem} text-red-300 data-[highlighted]:text-red-200`} onSelect={onLogout}>
            <LogOut className="h-4 w-4" aria-hidden /> Logout
          </Menu.Item>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
