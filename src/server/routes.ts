import type { App } from './app-types';
import { authRoutes } from './auth/routes';
import { cartRoutes } from './cart/routes';
import { catalogRoutes } from './catalog/routes';
import { adminCatalogRoutes } from './catalog/admin-routes';
import { contactRoutes } from './contact/routes';
import { healthRoutes } from './health/routes';
import { orderRoutes } from './orders/routes';
import { orderOpsRoutes } from './orders/ops-routes';
import { productionRoutes } from './orders/production-routes';
import { orderEditRoutes } from './orders/edit-routes';
import { approvalRoutes } from './approvals/routes';
import { approvalStaffRoutes } from './approvals/staff-routes';
import { settingsRoutes } from './settings/routes';
import { usersRoutes } from './users/routes';
import { departmentsRoutes } from './departments/routes';
import { departmentReportRoutes } from './departments/report-routes';
import { paymentRoutes } from './payments/routes';
import { allowanceRoutes } from './allowances/routes';
import { auditRoutes } from './audit';

/** Every API feature, mounted under /api/v1. Each route declares config.access (see http/access.ts). */
export async function registerApiRoutes(api: App) {
  await api.register(healthRoutes);
  await api.register(authRoutes);
  await api.register(settingsRoutes);
  await api.register(contactRoutes);
  await api.register(catalogRoutes);
  await api.register(adminCatalogRoutes);
  await api.register(cartRoutes);
  await api.register(usersRoutes);
  await api.register(departmentsRoutes);
  await api.register(departmentReportRoutes);
  await api.register(orderRoutes);
  await api.register(orderOpsRoutes);
  await api.register(productionRoutes);
  await api.register(orderEditRoutes);
  await api.register(approvalRoutes);
  await api.register(approvalStaffRoutes);
  await api.register(paymentRoutes);
  await api.register(allowanceRoutes);
  await api.register(auditRoutes);
}
