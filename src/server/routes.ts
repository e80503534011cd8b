import type { App } from './app-types';
import { healthRoutes } from './health/routes';
import { settingsRoutes } from './settings/routes';

/** Every API feature, mounted under /api/v1. Each route declares config.access (see http/access.ts). */
export async function registerApiRoutes(api: App) {
  await api.register(healthRoutes);
  await api.register(settingsRoutes);
}
