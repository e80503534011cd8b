import type { App } from './app-types';
import { authRoutes } from './auth/routes';
import { cartRoutes } from './cart/routes';
import { catalogRoutes } from './catalog/routes';
import { contactRoutes } from './contact/routes';
import { healthRoutes } from './health/routes';
import { orderRoutes } from './orders/routes';
import { approvalRoutes } from './approvals/routes';
import { settingsRoutes } from './settings/routes';
import { usersRoutes } from './users/routes';
import { departmentsRoutes } from './departments/routes';

/** Every API feature, mounted under /api/v1. Each route declares config.access (see http/access.ts). */
export async function registerApiRoutes(api: App) {
  await api.register(healthRoutes);
  await api.register(authRoutes);
  await api.register(settingsRoutes);
  await api.register(contactRoutes);
  await api.register(catalogRoutes);
  await api.register(cartRoutes);
  await api.register(usersRoutes);
  await api.register(departmentsRoutes);
  await api.register(orderRoutes);
  await api.register(approvalRoutes);
}
