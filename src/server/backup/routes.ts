import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { App } from '../app-types';
import { backupToFile } from './files';

/**
 * An admin downloads a backup from the settings screen: the same dump as `npm run backup`, never with the shop's keys.
 * It is read into a private temporary file first and sent from there, so a slow download never holds the database
 * (on PGlite the dump is one turn of its only connection); the file goes when the answer ends.
 */
export async function backupRoutes(app: App) {
  const { database, db } = app.deps;

  app.post(
    '/admin/backup',
    {
      config: { access: 'admin', audit: { kind: 'backup.download', entity: 'backup' } },
      schema: {
        tags: ['backup'],
        summary: "Downloads a backup of the shop's data, without its keys (docs/operations.md#backups)",
        produces: ['application/x-ndjson'],
      },
    },
    async (_req, reply) => {
      // The audit row says who took the shop's data, and is written before any of it is read (the dump's own
      // transaction is read-only).
      await db.transaction(async () => {});
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-download-'));
      const name = `shop-${new Date().toISOString().replace(/[:.]/g, '-')}.jsonl`;
      const file = path.join(dir, name);
      const gone = () => fs.rmSync(dir, { recursive: true, force: true });
      try {
        await backupToFile(database, file);
      } catch (err) {
        gone();
        throw err;
      }
      const stream = fs.createReadStream(file);
      stream.once('close', gone);
      return reply
        .type('application/x-ndjson')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );
}
