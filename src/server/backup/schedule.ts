import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { shopDay } from '../../shared/time';
import type { Database } from '../db/client';
import { backupRuns } from '../db/schema';
import { backupToFile } from './files';

const CHECK_MS = 60 * 60_000;
const NAME = /^shop-\d{4}-\d{2}-\d{2}\.jsonl$/;

/** What this process's backups did, for /metrics. */
export const backupStats: { lastSuccessMs: number | null; failures: number } = { lastSuccessMs: null, failures: 0 };

/** When the newest daily backup in `dir` was written (its file's time, ms), or null when there is none. */
export function newestBackupAt(dir: string): number | null {
  try {
    const newest = fs
      .readdirSync(dir)
      .filter((f) => NAME.test(f))
      .sort()
      .at(-1);
    return newest ? fs.statSync(path.join(dir, newest)).mtimeMs : null;
  } catch {
    return null;
  }
}

/** Keeps the newest `keep` scheduled backups in `dir`; files of other names are never touched. */
export function pruneBackups(dir: string, keep: number): string[] {
  const ours = fs
    .readdirSync(dir)
    .filter((f) => NAME.test(f))
    .sort();
  const gone = ours.slice(0, Math.max(0, ours.length - keep));
  for (const f of gone) fs.rmSync(path.join(dir, f), { force: true });
  return gone;
}

/**
 * Once per shop day (America/Phoenix), the instance that claims the day in backup_runs writes shop-<day>.jsonl into
 * `dir` and prunes to the newest `keep`. A failed backup gives its claim back so the next hourly check tries again.
 */
export async function runScheduledBackup(opts: {
  database: Database;
  dir: string;
  keep: number;
  log: FastifyBaseLogger;
  now?: Date;
}): Promise<string | null> {
  const { database, dir, keep, log } = opts;
  const day = shopDay(opts.now ?? new Date());
  const claimed = await database.db.insert(backupRuns).values({ day }).onConflictDoNothing().returning();
  if (claimed.length === 0) return null;
  const file = path.join(dir, `shop-${day}.jsonl`);
  try {
    const started = performance.now();
    const end = await backupToFile(database, file);
    const rows = Object.values(end.rows).reduce((a, b) => a + b, 0);
    log.info({ file, rows, ms: Math.round(performance.now() - started) }, 'daily backup written');
    backupStats.lastSuccessMs = Date.now();
    const pruned = pruneBackups(dir, keep);
    if (pruned.length) log.info({ pruned }, 'old backups removed');
    return file;
  } catch (err) {
    backupStats.failures += 1;
    log.error({ err, file }, 'daily backup failed; trying again within the hour');
    await database.db
      .delete(backupRuns)
      .where(eq(backupRuns.day, day))
      .catch(() => {});
    return null;
  }
}

/** Checks hourly (and a minute after start) whether today's backup is due. */
export function startBackupSchedule(opts: { database: Database; dir: string; keep: number; log: FastifyBaseLogger }) {
  let running: Promise<unknown> | null = null;
  const check = () => {
    running ??= runScheduledBackup(opts)
      .catch((err: unknown) => opts.log.error({ err }, 'daily backup check failed'))
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(check, 60_000);
  const timer = setInterval(check, CHECK_MS);
  first.unref();
  timer.unref();
  return {
    /** Writes a backup now into `dir` (SIGUSR2), named by the time so it never replaces the day's. */
    now: async () => {
      const file = path.join(opts.dir, `shop-now-${new Date().toISOString().replace(/[:.]/g, '-')}.jsonl`);
      try {
        await backupToFile(opts.database, file);
      } catch (err) {
        backupStats.failures += 1;
        throw err;
      }
      backupStats.lastSuccessMs = Date.now();
      opts.log.info({ file }, 'backup written on request');
    },
    /** Stops the checks; a backup being written is cut by the database closing and leaves only its .partial file. */
    stop() {
      clearTimeout(first);
      clearInterval(timer);
    },
  };
}
