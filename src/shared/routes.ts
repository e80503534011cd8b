/**
 * The screens of the web client (src/web/app/router.tsx keeps the same paths): the server answers any GET
 * of these with the app, and any other page path with its HTML 404.
 */
export const APP_ROUTES = [
  '/',
  '/store',
  '/orders',
  '/checkout',
  '/admin',
  '/admin/orders',
  '/admin/users',
  '/admin/messages',
  '/admin/messages/:threadId',
  '/admin/settings',
  '/approval/:token',
  '/denial/:token',
] as const;

const patterns = APP_ROUTES.map((r) => new RegExp(`^${r.replace(/:[A-Za-z]+/g, '[^/]+')}/?$`));

/** True for a path (no query string) that one of the app's screens renders. */
export const isAppRoute = (pathname: string) => patterns.some((p) => p.test(pathname));
