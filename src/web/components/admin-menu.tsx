import * as Menu from '@radix-ui/react-dropdown-menu';
import { Menu as MenuIcon } from 'lucide-react';
import { useNavigate } from 'react-router';
import { CountBadge } from './count-badge';
import { adminNavItems, type AdminCounts } from './admin-nav';
import { menuContent, menuItem } from './menu-styles';

/** The admin hamburger menu (docs/product.md#screens-and-routes), for screens where the sidebar is hidden. */
export function AdminMenu({ isAdmin, counts }: { isAdmin: boolean; counts: AdminCounts }) {
  const navigate = useNavigate();
  return (
    <Menu.Root modal={false}>
      <Menu.Trigger
        data-testid="admin-menu-button"
        aria-label="Admin menu"
        className="inline-flex h-10 w-10 items-center justify-center rounded-lg border border-gray-700 text-gray-200 hover:border-brand-500 focus-visible:outline-2 focus-visible:outline-brand-400"
      >
        <MenuIcon className="h-5 w-5" aria-hidden />
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content align="start" sideOffset={8} className={menuContent}>
          <Menu.Label className="px-3 py-1.5 text-xs font-semibold tracking-[0.14em] text-gray-400 uppercase">
            Admin Menu
          </Menu.Label>
          {adminNavItems(isAdmin).map((item) => (
            <Menu.Item key={item.section} className={menuItem} onSelect={() => navigate(item.to)}>
              <item.icon className="h-4 w-4 text-brand-400" aria-hidden />
              {item.label}
              {item.count ? <CountBadge count={counts[item.count]} label={item.countLabel ?? ''} /> : null}
            </Menu.Item>
          ))}
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
