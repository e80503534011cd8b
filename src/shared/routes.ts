/**
 * The screens of the web client (src/web/app/router.tsx keeps the same paths): the server answers any GET
 * of these with the app, and any other page path with its HTML 404.
 */
export const APP_ROUTES = [
  '/',
  '/store',
  '/orders',
  // The confirmation, where Stripe's page sends the customer back (a full page load, not a client navigation).
  '/orders/:id/placed',
  '/messages',
  '/artwork',
  '/artwork/:id',
  '/checkout',
  '/quotes',
  '/quotes/new',
  '/quotes/:id',
  '/admin',
  '/admin/orders',
  '/admin/orders/ship',
  '/admin/search',
  '/admin/production',
  '/admin/production/work-orders',
  '/admin/production/pick-list',
  '/admin/production/packing-slips',
  '/admin/statements',
  '/admin/statements/allocate',
  '/admin/statements/:departmentId',
  '/admin/catalog',
  '/admin/users',
  '/admin/departments/:id',
  '/admin/messages',
  '/admin/messages/:threadId',
  '/admin/customers/:id',
  '/admin/customers/:id/new-order',
  '/admin/reports',
  '/admin/settings',
  '/admin/audit',
  '/admin/mail',
  '/admin/artwork',
  '/admin/artwork/:id',
  '/admin/quotes',
  '/admin/quotes/:id',
  '/admin/customers/:id/new-quote',
  '/approval/:token',
  '/denial/:token',
  '/invoice/:token',
  '/quote/:token',
  '/proof/:token',
] as const;

const patterns = APP_ROUTES.map((r) => new RegExp(`^${r.replace(/:[A-Za-z]+/g, '[^/]+')}/?$`));

/** True for a path (no query string) that one of the app's screens renders. */
export const isAppRoute = (pathname: string) => patterns.some((p) => p.test(pathname));
