import {
  BarChart3,
  ClipboardList,
  History,
  Mail,
  Inbox,
  Shirt,
  MessagesSquare,
  Palette,
  ReceiptText,
  Settings,
  Sun,
  Users,
  type LucideIcon,
} from 'lucide-react';
import type { AdminSection } from '@web/lib/events';

export type AdminCounts = { pending: number; unread: number };
export type AdminNavItem = {
  section: AdminSection;
  label: string;
  to: string;
  icon: LucideIcon;
  adminOnly: boolean;
  count?: keyof AdminCounts;
  countLabel?: string;
  /** Active only on exactly this path (Today is /admin, the parent of every other screen). */
  end?: boolean;
};

// See docs/product.md#screens-and-routes: Today (the staff home), Orders, Production, Catalogue (read only for employees) and Message Center for all staff (with their badges), Users, Reports, Settings, the Audit log and Mail (undelivered mail) for admins.
const ITEMS: AdminNavItem[] = [
  { section: 'today', label: 'Today', to: '/admin', icon: Sun, adminOnly: false, end: true },
  {
    section: 'orders',
    label: 'Orders',
    to: '/admin/orders',
    icon: Inbox,
    adminOnly: false,
    count: 'pending',
    countLabel: 'pending orders',
  },
  { section: 'production', label: 'Production', to: '/admin/production', icon: ClipboardList, adminOnly: false },
  { section: 'catalog', label: 'Catalogue', to: '/admin/catalog', icon: Shirt, adminOnly: false },
  { section: 'artwork', label: 'Artwork', to: '/admin/artwork', icon: Palette, adminOnly: false },
  { section: 'quotes', label: 'Quotes', to: '/admin/quotes', icon: ReceiptText, adminOnly: false },
  { section: 'users', label: 'Users', to: '/admin/users', icon: Users, adminOnly: true },
  {
    section: 'messages',
    label: 'Message Center',
    to: '/admin/messages',
    icon: MessagesSquare,
    adminOnly: false,
    count: 'unread',
    countLabel: 'unread messages',
  },
  { section: 'reports', label: 'Reports', to: '/admin/reports', icon: BarChart3, adminOnly: true },
  { section: 'settings', label: 'Settings', to: '/admin/settings', icon: Settings, adminOnly: true },
  { section: 'audit', label: 'Audit log', to: '/admin/audit', icon: History, adminOnly: true },
  { section: 'mail', label: 'Mail', to: '/admin/mail', icon: Mail, adminOnly: true },
];

export const adminNavItems = (isAdmin: boolean) => ITEMS.filter((i) => isAdmin || !i.adminOnly);
