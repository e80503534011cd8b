import { Suspense, type ComponentType } from 'react';
import { BrowserRouter, Navigate, useLocation, useRoutes, type RouteObject } from 'react-router';
import { preloadFirstCardImages, productsQuery } from '@web/features/store';
import { AppErrorBoundary } from './error-boundary';
import { FullPageSpinner, RequireAccess, type Access, type Preload } from './guards';
import { PageLoading } from './page-loading';
import LandingLayout from './layouts/landing-layout';
import RootLayout from './layouts/root-layout';
import { LandingPage } from '@web/features/landing';
import { preloadable, type Preloadable } from '@web/lib/preloadable';

type Screen = Preloadable<object>;

// The landing page ships in the first bundle; every other screen is its own lazy chunk.
const StoreLayout = preloadable(() => import('./layouts/store-layout'));
const OrdersLayout = preloadable(() => import('./layouts/orders-layout'));
const CheckoutLayout = preloadable(() => import('./layouts/checkout-layout'));
const AdminLayout = preloadable(() => import('./layouts/admin-layout'));
const StorePage = preloadable(() => import('@web/features/store/store-page'));
const OrdersPage = preloadable(() => import('@web/features/orders/orders-page'));
const MyMessagesPage = preloadable(() => import('@web/features/messages/my-messages-page'));
const OrderPlacedPage = preloadable(() => import('@web/features/orders/order-placed-page'));
const CheckoutPage = preloadable(() => import('@web/features/checkout/checkout-page'));
const AdminOrdersPage = preloadable(() => import('@web/features/admin-orders/admin-orders-page'));
const TodayPage = preloadable(() => import('@web/features/today/today-page'));
const SearchPage = preloadable(() => import('@web/features/search/search-page'));
const AdminCatalogPage = preloadable(() => import('@web/features/admin-catalog/admin-catalog-page'));
const AdminUsersPage = preloadable(() => import('@web/features/admin-users/admin-users-page'));
const AdminMessagesPage = preloadable(() => import('@web/features/messages/admin-messages-page'));
const ProductionPage = preloadable(() => import('@web/features/production/production-page'));
const WorkOrdersPage = preloadable(() => import('@web/features/production/work-orders-page'));
const PickListPage = preloadable(() => import('@web/features/production/pick-list-page'));
const PackingSlipsPage = preloadable(() => import('@web/features/production/packing-slips-page'));
const ShipOrdersPage = preloadable(() => import('@web/features/admin-orders/shipping/ship-orders-page'));
const StatementsPage = preloadable(() => import('@web/features/statements/statements-page'));
const StatementPage = preloadable(() => import('@web/features/statements/statement-page'));
const AllocatePage = preloadable(() => import('@web/features/statements/allocate-page'));
const DepartmentReportPage = preloadable(() => import('@web/features/department-report/department-report-page'));
const CustomerPage = preloadable(() => import('@web/features/customers/customer-page'));
const PlaceOrderPage = preloadable(() => import('@web/features/customers/place-order-page'));
const ReportsPage = preloadable(() => import('@web/features/reports/reports-page'));
const AdminSettingsPage = preloadable(() => import('@web/features/settings/admin-settings-page'));
const AdminAuditPage = preloadable(() => import('@web/features/admin-audit/admin-audit-page'));
const AdminMailPage = preloadable(() => import('@web/features/admin-mail/admin-mail-page'));
const ApprovalPage = preloadable(() => import('@web/features/approvals/approval-page'));
const DenialPage = preloadable(() => import('@web/features/approvals/denial-page'));
const InvoicePage = preloadable(() => import('@web/features/invoices/invoice-page'));
const MyArtworkPage = preloadable(() => import('@web/features/artwork/my-artwork-page'));
const ArtworkPage = preloadable(() => import('@web/features/artwork/artwork-page'));
const ProofLinkPage = preloadable(() => import('@web/features/artwork/proof-link-page'));
const AdminArtworkPage = preloadable(() => import('@web/features/artwork/admin-artwork-page'));
const AdminArtworkDetailPage = preloadable(() => import('@web/features/artwork/admin-artwork-detail-page'));
const MyQuotesPage = preloadable(() => import('@web/features/quotes/my-quotes-page'));
const QuotePage = preloadable(() => import('@web/features/quotes/quote-page'));
const AskQuotePage = preloadable(() => import('@web/features/quotes/ask-quote-page'));
const AdminQuotesPage = preloadable(() => import('@web/features/quotes/admin-quotes-page'));
const AdminQuotePage = preloadable(() => import('@web/features/quotes/admin-quote-page'));
const StartQuotePage = preloadable(() => import('@web/features/quotes/start-quote-page'));
const QuotePrintPage = preloadable(() => import('@web/features/quotes/quote-print-page'));

/** A lazy screen inside a layout: a spinner below the layout's header while its chunk loads. */
const page = (C: ComponentType) => (
  <Suspense fallback={<FullPageSpinner />}>
    <C />
  </Suspense>
);
/** An admin-only screen inside the staff layout: staff who are not admins go to /store. */
const adminOnly = (C: ComponentType) => (
  <RequireAccess access="admin" waiting={<FullPageSpinner />}>
    {page(C)}
  </RequireAccess>
);
/**
 * /admin is the Today page; the order list moved to /admin/orders. An older link to /admin that carries the list's
 * query (a filter or ?order=) still opens the list.
 */
function StaffHome() {
  const { search } = useLocation();
  if (search.length > 1) return <Navigate to={`/admin/orders${search}`} replace />;
  return page(TodayPage);
}
/** A lazy screen with no layout around it (the guarded layouts, the e-mailed links): the whole loading page. */
const wholePage = (C: ComponentType) => (
  <Suspense fallback={<PageLoading />}>
    <C />
  </Suspense>
);
/** A guarded layout; `also` are its screens, fetched with it while the session is checked (see RequireAccess). */
const guarded = (access: Access, C: Screen, also: Screen[] = [], data?: Preload) => (
  <RequireAccess
    access={access}
    preload={(qc) => Promise.allSettled([C, ...also].map((s) => s.preload()).concat(data ? [data(qc)] : []))}
  >
    {wholePage(C)}
  </RequireAccess>
);

// A slow catalogue answer must not hold the whole store back: after this the page shows its skeleton instead.
const CATALOGUE_WAIT_MS = 1500;
// The catalogue is public: it loads beside the session check, and the first cards' images follow it at once.
const prefetchCatalogue: Preload = (qc) =>
  Promise.race([
    qc
      .prefetchQuery(productsQuery)
      .then(() => preloadFirstCardImages(qc.getQueryData(productsQuery.queryKey)?.products)),
    new Promise((resolve) => setTimeout(resolve, CATALOGUE_WAIT_MS)),
  ]);

// docs/product.md#screens-and-routes route table. The declarative router: the app uses none of the data router's APIs (loaders, actions).
const routes: RouteObject[] = [
  {
    // One root for the modals and the search metadata; each child keeps its own layout.
    element: <RootLayout />,
    children: [
      { element: <LandingLayout />, children: [{ path: '/', element: <LandingPage /> }] },
      {
        element: guarded('customer', StoreLayout, [StorePage], prefetchCatalogue),
        children: [{ path: '/store', element: page(StorePage) }],
      },
      {
        element: guarded('customer', OrdersLayout, [OrdersPage]),
        children: [
          { path: '/orders', element: page(OrdersPage) },
          { path: '/orders/:id/placed', element: page(OrderPlacedPage) },
        ],
      },
      {
        element: guarded('customer', OrdersLayout, [MyMessagesPage]),
        children: [{ path: '/messages', element: page(MyMessagesPage) }],
      },
      {
        element: guarded('customer', OrdersLayout, [MyArtworkPage]),
        children: [
          { path: '/artwork', element: page(MyArtworkPage) },
          { path: '/artwork/:id', element: page(ArtworkPage) },
        ],
      },
      {
        element: guarded('customer', OrdersLayout, [MyQuotesPage]),
        children: [
          { path: '/quotes', element: page(MyQuotesPage) },
          { path: '/quotes/new', element: page(AskQuotePage) },
          { path: '/quotes/:id', element: page(QuotePage) },
        ],
      },
      {
        element: guarded('customer', CheckoutLayout, [CheckoutPage, OrderPlacedPage]),
        children: [{ path: '/checkout', element: page(CheckoutPage) }],
      },
      {
        path: '/admin',
        element: guarded('staff', AdminLayout),
        children: [
          { index: true, element: <StaffHome /> },
          { path: 'orders', element: page(AdminOrdersPage) },
          { path: 'orders/ship', element: page(ShipOrdersPage) },
          { path: 'search', element: page(SearchPage) },
          { path: 'production', element: page(ProductionPage) },
          { path: 'production/work-orders', element: page(WorkOrdersPage) },
          { path: 'production/pick-list', element: page(PickListPage) },
          { path: 'production/packing-slips', element: page(PackingSlipsPage) },
          { path: 'statements', element: page(StatementsPage) },
          { path: 'statements/allocate', element: page(AllocatePage) },
          { path: 'statements/:departmentId', element: page(StatementPage) },
          { path: 'catalog', element: page(AdminCatalogPage) },
          { path: 'users', element: adminOnly(AdminUsersPage) },
          { path: 'departments/:id', element: adminOnly(DepartmentReportPage) },
          { path: 'messages', element: page(AdminMessagesPage) },
          { path: 'messages/:threadId', element: page(AdminMessagesPage) },
          { path: 'customers/:id', element: page(CustomerPage) },
          { path: 'customers/:id/new-order', element: page(PlaceOrderPage) },
          { path: 'reports', element: adminOnly(ReportsPage) },
          { path: 'settings', element: adminOnly(AdminSettingsPage) },
          { path: 'audit', element: adminOnly(AdminAuditPage) },
          { path: 'mail', element: adminOnly(AdminMailPage) },
          { path: 'artwork', element: page(AdminArtworkPage) },
          { path: 'artwork/:id', element: page(AdminArtworkDetailPage) },
          { path: 'quotes', element: page(AdminQuotesPage) },
          { path: 'quotes/:id', element: page(AdminQuotePage) },
          { path: 'customers/:id/new-quote', element: page(StartQuotePage) },
        ],
      },
      { path: '/approval/:token', element: wholePage(ApprovalPage) },
      { path: '/denial/:token', element: wholePage(DenialPage) },
      { path: '/invoice/:token', element: wholePage(InvoicePage) },
      { path: '/quote/:token', element: wholePage(QuotePrintPage) },
      { path: '/proof/:token', element: wholePage(ProofLinkPage) },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

function AppRoutes() {
  return useRoutes(routes);
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppErrorBoundary>
        <AppRoutes />
      </AppErrorBoundary>
    </BrowserRouter>
  );
}
