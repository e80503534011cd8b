import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/harness';
import { migrationsFolder, type Database } from './client';
import { NewerSchemaError, newestMigration } from './schema-version';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
});
afterAll(async () => {
  await drop?.();
});

const newest = newestMigration(migrationsFolder)!;
const appliedCount = async () => {
  const result = await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
};

describe('starting on a database migrated by a newer release (a rollback)', () => {
  it('migrates as usual when the database is at this release or older', async () => {
    const before = await appliedCount();
    await database.migrate();
    expect(await appliedCount()).toBe(before);
    expect(before).toBe(newest.count);
  });

  it('refuses with one sentence naming both releases and the way back, and applies nothing', async () => {
    const future = newest.when + 86_400_000;
    await database.db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-a-newer-release', ${future})`,
    );
    try {
      const attempt = database.migrate();
      await expect(attempt).rejects.toThrow(NewerSchemaError);
      await expect(attempt).rejects.toThrow(
        new RegExp(
          `migrated by a newer release of the shop: it holds ${newest.count + 1} migrations, .*this release knows ` +
            `${newest.count}, the last \\(${newest.tag}\\).*restore the backup taken before the upgrade`,
        ),
      );
      expect(await appliedCount()).toBe(newest.count + 1);
    } finally {
      // The harness hands this database to the worker's next file: it must leave as it came.
      await database.db.execute(sql`delete from drizzle.__drizzle_migrations where hash = 'from-a-newer-release'`);
    }
    await database.migrate();
  });
});
