import { sql } from 'drizzle-orm';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client';
import { buildInfo } from '../health/build-info';
import { lateMailWhere } from '../mail/admin';
import type { OutboxPulse } from '../mail/pulse';
import { backupStats, newestBackupAt } from '../backup/schedule';

type Row = { depth: number; oldest: number | null; failed: number; late: number; held: number; recorded: number };

/**
 * The shop's metrics in one registry per app (tests build several apps in one process). Database figures are read
 * when Prometheus scrapes, by one query, so they cost nothing between scrapes.
 */
export function createMetrics(database: Database, pulse: OutboxPulse, opts: { backupDir?: string | null } = {}) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

  new Gauge({
    name: 'shop_build_info',
    help: 'The running release: always 1, its labels say which (a deploy or a rollback shows as a change of labels)',
    labelNames: ['version', 'commit'] as const,
    registers: [registry],
  }).set(buildInfo(), 1);

  const requests = new Histogram({
    name: 'shop_http_request_duration_seconds',
    help: 'HTTP requests by route pattern, method and status, with their durations',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  let snapshot: Promise<Row | null> | null = null;
  // The gauges of one scrape share one query.
  const read = () =>
    (snapshot ??= database.db
      .execute(
        sql`select
          (select count(*)::int from outbox where status in ('pending', 'sending')) as depth,
          (select extract(epoch from now() - min(created_at))::float8 from outbox where status in ('pending', 'sending')) as oldest,
          (select count(*)::int from outbox where status = 'failed') as failed,
          (select count(*)::int from outbox where ${lateMailWhere(new Date())}) as late,
          (select count(*)::int from held_mail) as held,
          (select count(*)::int from inbound_mail_ids) as recorded`,
      )
      .then((r) => (r as unknown as { rows: Row[] }).rows[0] ?? null)
      .catch(() => null));

  const fromDb = (name: string, help: string, pick: (r: Row) => number | null) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        const row = await read();
        const v = row ? pick(row) : null;
        this.set(v === null ? Number.NaN : Number(v));
      },
    });
  fromDb('shop_outbox_depth', 'Mails waiting to be sent (pending or being sent)', (r) => r.depth);
  fromDb('shop_outbox_oldest_unsent_seconds', 'Age of the oldest mail not sent yet; 0 when none', (r) => r.oldest ?? 0);
  fromDb(
    'shop_outbox_failed',
    'Mails given up after 3 days of attempts (an admin resends them at /admin/mail)',
    (r) => r.failed,
  );
  fromDb('shop_outbox_late', 'Mails not sent 15 minutes after they were due', (r) => r.late);
  fromDb('shop_inbound_mail_held', 'Inbound mails held for staff to accept or discard', (r) => r.held);
  fromDb(
    'shop_inbound_mail_recorded',
    'Inbound mails accepted into conversations (their ids, kept per conversation)',
    (r) => r.recorded,
  );

  let counted = 0;
  new Counter({
    name: 'shop_mail_send_failures_total',
    help: 'Failed mail delivery attempts by this instance',
    registers: [registry],
    collect() {
      const now = pulse.failures();
      this.inc(now - counted);
      counted = now;
    },
  });
  new Counter({
    name: 'shop_backup_failures_total',
    help: 'Backups this instance tried to write and could not (daily or on SIGUSR2)',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(backupStats.failures);
    },
  });
  new Gauge({
    name: 'shop_backup_last_success_timestamp_seconds',
    help: 'When this instance last wrote a backup (Unix time); 0 when it has not since it started',
    registers: [registry],
    collect() {
      this.set(backupStats.lastSuccessMs === null ? 0 : backupStats.lastSuccessMs / 1000);
    },
  });
  const backupDir = opts.backupDir;
  if (backupDir) {
    new Gauge({
      name: 'shop_backup_newest_file_timestamp_seconds',
      help: "When the newest daily backup in BACKUP_DIR was written (Unix time, the file's time); 0 when none",
      registers: [registry],
      collect() {
        this.set((newestBackupAt(backupDir) ?? 0) / 1000);
      },
    });
  }

  // The pool's figures are taken when a scrape starts, before the scrape's own query asks for a connection: read
  // during the scrape, a pool whose idle connections had all timed out showed that query as one request waiting.
  let poolAtScrape: { total: number; idle: number; waiting: number } | null = null;
  const pool = database.pool;
  if (pool) {
    const poolGauge = new Gauge({
      name: 'shop_db_pool_connections',
      help: 'PostgreSQL pool connections by state (in use, idle) and requests waiting for one',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const p = poolAtScrape ?? pool();
        poolGauge.set({ state: 'in_use' }, p.total - p.idle);
        poolGauge.set({ state: 'idle' }, p.idle);
        poolGauge.set({ state: 'waiting' }, p.waiting);
      },
    });
  }
  return {
    requests,
    contentType: registry.contentType,
    /** One exposition; its database gauges share one fresh query. */
    scrape: () => {
      snapshot = null;
      poolAtScrape = pool ? pool() : null;
      return registry.metrics();
    },
  };
}
