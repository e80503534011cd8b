import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router';
import { FullPageSpinner, RequireAccess, type Access } from './guards';
import LandingLayout from './layouts/landing-layout';
import RootLayout from './layouts/root-layout';
import LandingPage from '@web/features/landing/landing-page';

// The landing page ships in the first bundle; every other screen is its own lazy chunk.
const StoreLayout = lazy(() => import('./layouts/store-layout'));
const OrdersLayout = lazy(() => import('./layouts/orders-layout'));
const CheckoutLayout = lazy(() => import('./layouts/checkout-layout'));
const AdminLayout = lazy(() => import('./layouts/admin-layout'));
const StorePage = lazy(() => import('@web/features/store/store-page'));
const OrdersPage = lazy(() => import('@web/features/orders/orders-page'));
const CheckoutPage = lazy(() => import('@web/features/checkout/checkout-page'));
const AdminOrdersPage = lazy(() => import('@web/features/admin-orders/admin-orders-page'));
const AdminUsersPage = lazy(() => import('@web/features/admin-users/admin-users-page'));
const AdminMessagesPage = lazy(() => import('@web/features/messages/admin-messages-page'));
const AdminSettingsPage = lazy(() => import('@web/features/settings/admin-settings-page'));
const ApprovalPage = lazy(() => import('@web/features/approvals/approval-page'));
const DenialPage = lazy(() => import('@web/features/approvals/denial-page'));

const page = (C: LazyExoticComponent<ComponentType>) => (
  <Suspense fallback={<FullPageSpinner />}>
    <C />
  </Suspense>
);
const guarded = (access: Access, C: LazyExoticComponent<ComponentType>) => (
  <RequireAccess access={access}>{page(C)}</RequireAccess>
);

// SPEC §2 route table.
export const router = createBrowserRouter([
  {
    // One root for the modals and the search metadata; each child keeps its own layout.
    element: <RootLayout />,
    children: [
      { element: <LandingLayout />, children: [{ path: '/', element: <LandingPage /> }] },
      { element: guarded('customer', StoreLayout), children: [{ path: '/store', element: page(StorePage) }] },
      { element: guarded('customer', OrdersLayout), children: [{ path: '/orders', element: page(OrdersPage) }] },
      { element: guarded('customer', CheckoutLayout), children: [{ path: '/checkout', element: page(CheckoutPage) }] },
      {
        path: '/admin',
        element: guarded('staff', AdminLayout),
        children: [
          { index: true, element: <Navigate to="/admin/orders" replace /> },
          { path: 'orders', element: page(AdminOrdersPage) },
          { path: 'users', element: <RequireAccess access="admin">{page(AdminUsersPage)}</RequireAccess> },
          { path: 'messages', element: page(AdminMessagesPage) },
          { path: 'messages/:threadId', element: page(AdminMessagesPage) },
          { path: 'settings', element: <RequireAccess access="admin">{page(AdminSettingsPage)}</RequireAccess> },
        ],
      },
      { path: '/approval/:token', element: page(ApprovalPage) },
      { path: '/denial/:token', element: page(DenialPage) },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
