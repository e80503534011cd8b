import { settingsAnswer, settingsUpdateSchema } from '../../shared/settings';
import type { App } from '../app-types';
import { decorationPrices, invalidateDecorationPrices } from './decoration-prices';
import { getSettingsRow, settingsDto, updateSettings } from './service';

export async function settingsRoutes(app: App) {
  const paths = ['/settings/', '/settings'];
  for (const url of paths) {
    app.get(
      url,
      {
        config: { access: 'public' },
        schema: { tags: ['settings'], hide: url === '/settings', response: { 200: settingsAnswer } },
      },
      async (req) => ({
        success: true as const,
        settings: settingsDto(
          await getSettingsRow(app.deps.db),
          await decorationPrices(app.deps.db),
          app.deps.now(),
          (await req.currentUser())?.role === 'admin',
        ),
      }),
    );
    // Changes apply to open carts at once (they are priced live) and never to placed orders (prices frozen).
    app.put(
      url,
      {
        config: { access: 'admin', audit: { kind: 'settings.update', entity: 'settings' } },
        schema: {
          tags: ['settings'],
          hide: url === '/settings',
          body: settingsUpdateSchema,
          response: { 200: settingsAnswer },
        },
      },
      async (req) => {
        const row = await app.deps.db.transaction((tx) => updateSettings(tx, req.body));
        invalidateDecorationPrices(app.deps.db);
        return {
          success: true as const,
          settings: settingsDto(row, await decorationPrices(app.deps.db), app.deps.now(), true),
        };
      },
    );
  }
}
