import { NavLink } from 'react-router';
import { ADMIN_SIDEBAR_PX } from '@shared/constants';
import { CountBadge } from './count-badge';
import { adminNavItems, type AdminCounts } from './admin-nav';

/** The 320 px "Admin Menu" (docs/product.md#screens-and-routes); the layout leaves it out under 768 px. */
export function AdminSidebar({ isAdmin, counts }: { isAdmin: boolean; counts: AdminCounts }) {
  return (
    <aside
      data-testid="admin-sidebar"
      style={{ width: ADMIN_SIDEBAR_PX }}
      className="sticky top-16 h-[calc(100dvh-4rem)] shrink-0 print:hidden overflow-y-auto border-r border-gray-800 bg-ink-900/60"
    >
      <nav aria-labelledby="admin-menu-title" className="p-4">
        <h2 id="admin-menu-title" className="mb-3 px-3 text-xs font-semibold tracking-[0.14em] text-gray-400 uppercase">
          Admin Menu
        </h2>
        <ul className="space-y-1">
          {adminNavItems(isAdmin).map((item) => (
            <li key={item.section}>
              <NavLink
                to={item.to}
                end={item.end}
                className={({ isActive }) =>
                  `flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition focus-visible:outline-2 focus-visible:outline-brand-400 ${
                    isActive
                      ? 'bg-brand-500/15 text-white ring-1 ring-brand-500/40'
                      : 'text-gray-300 hover:bg-gray-800 hover:text-white'
                  }`
                }
              >
                <item.icon className="h-4 w-4 text-brand-400" aria-hidden />
                {item.label}
                {item.count ? (
                  <CountBadge
                    count={counts[item.count]}
                    label={item.countLabel ?? ''}
                    testId={`sidebar-${item.count}-badge`}
                  />
                ) : null}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </aside>
  );
}
