import { todayAnswer } from '../../shared/today';
import type { App } from '../app-types';
import { todayCounts } from './counts';

export async function todayRoutes(app: App) {
  const { db } = app.deps;

  app.get(
    '/today',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['today'],
        summary:
          "The staff home: today's counts (new, awaiting approval, due, overdue, uncollected, owed, refunds due, unread, held) with short lists",
        response: { 200: todayAnswer },
      },
    },
    async () => ({ success: true as const, today: await todayCounts(db) }),
  );
}
