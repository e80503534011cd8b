import fs from 'node:fs';
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { backupStats } from '../backup/schedule';
import type { Database } from '../db/client';
import { enqueueMail } from '../mail/outbox';
import { createOutboxPulse } from '../mail/pulse';
import { createMetrics } from './collectors';
import { createTestApp } from '../test/harness';

const TOKEN = 'metrics-token-0123456789';
const { app } = await createTestApp({ METRICS_TOKEN: TOKEN });
const off = await createTestApp();

const scrape = (authorization?: string) =>
  app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

/**
 * The exposition format, line by line (prometheus.io/docs/instrumenting/exposition_formats): sample -> value. Values
 * are Go floats, so prom-client's "Nan" (event-loop lag before the first sample) is one too.
 */
function parse(text: string): Map<string, number> {
  const samples = new Map<string, number>();
  const name = '[a-zA-Z_:][a-zA-Z0-9_:]*';
  const labels = `\\{(?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\\\\n]|\\\\[\\\\"n])*",?)*\\}`;
  const sample = new RegExp(`^(${name}(?:${labels})?) (-?[0-9.e+-]+|[Nn]a[Nn]|[+-]Inf)(?: -?\\d+)?$`);
  for (const line of text.split('\n')) {
    if (line === '') continue;
    if (line.startsWith('# HELP ') || line.startsWith('# TYPE ')) {
      expect(line).toMatch(new RegExp(`^# (HELP ${name} .*|TYPE ${name} (counter|gauge|histogram|summary|untyped))$`));
      continue;
    }
    const m = sample.exec(line);
    expect(m, `not a valid sample line: ${line}`).not.toBeNull();
    samples.set(m![1]!, Number(m![2]));
  }
  return samples;
}

describe('GET /metrics', () => {
  it('answers 404 while METRICS_TOKEN is unset', async () => {
    expect((await off.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
  });

  it('asks for the bearer token', async () => {
    expect((await scrape()).statusCode).toBe(401);
    expect((await scrape(`Bearer ${TOKEN}x`)).statusCode).toBe(401);
    expect((await scrape(TOKEN)).statusCode).toBe(401);
  });

  it('counts requests by route pattern and status, and reads the outbox', async () => {
    const first = parse((await scrape(`Bearer ${TOKEN}`)).body);
    const productKey =
      'shop_http_request_duration_seconds_count{method="GET",route="/api/v1/products/:slug",status="404"}';
    const before = first.get(productKey) ?? 0;
    for (const slug of ['no-such-polo', 'no-such-cap'])
      expect((await app.inject({ method: 'GET', url: `/api/v1/products/${slug}` })).statusCode).toBe(404);
    await app.inject({ method: 'GET', url: '/api/v1/health' });
    await app.deps.db.transaction((tx) =>
      enqueueMail(tx, { to: 'm@example.test', subject: 's', text: 't', html: '<p>t</p>', kind: 'test' }),
    );

    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain; version=0.0.4');
    const after = parse(res.body);
    expect(after.get(productKey)).toBe(before + 2);
    expect(
      after.get('shop_http_request_duration_seconds_count{method="GET",route="/api/v1/health",status="200"}'),
    ).toBe(1);
    expect([...after.keys()].some((k) => k.includes('no-such-polo'))).toBe(false);
    expect(after.get('shop_outbox_depth')).toBeGreaterThanOrEqual(1);
    expect(after.get('shop_outbox_oldest_unsent_seconds')).toBeGreaterThanOrEqual(0);
    expect(after.get('shop_mail_send_failures_total')).toBe(0);
    expect(after.get('shop_outbox_failed')).toBe(0);
    expect(after.get('shop_outbox_late')).toBe(0);
    // The backup figures are the process's (one shop per process); this worker's earlier files may have backed up.
    expect(after.get('shop_backup_failures_total')).toBe(backupStats.failures);
    expect(after.get('shop_backup_last_success_timestamp_seconds')).toBe(
      backupStats.lastSuccessMs === null ? 0 : backupStats.lastSuccessMs / 1000,
    );
    const { version } = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { version: string };
    expect(after.get(`shop_build_info{version="${version}",commit="dev"}`)).toBe(1);
    expect(after.has('nodejs_eventloop_lag_seconds')).toBe(true);
    expect(after.has('process_resident_memory_bytes')).toBe(true);
    if (app.deps.database.kind === 'postgres')
      expect(after.has('shop_db_pool_connections{state="waiting"}')).toBe(true);
  });

  it('carries every shop series the alert rules in ops/prometheus-alerts.yml name', async () => {
    const rules = fs.readFileSync('ops/prometheus-alerts.yml', 'utf8');
    const named = new Set(
      [...rules.matchAll(/\b(shop_[a-z_]+)/g)].map((m) => m[1]!.replace(/_(count|bucket|sum)$/, '')),
    );
    expect(named.size).toBeGreaterThan(8);
    const withDir = await createTestApp({
      METRICS_TOKEN: TOKEN,
      BACKUP_DIR: fs.mkdtempSync(`${os.tmpdir()}/shop-bk-`),
    });
    const res = await withDir.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    const help = new Set([...res.body.matchAll(/^# HELP (\S+)/gm)].map((m) => m[1]!));
    // The pool's gauge exists on PostgreSQL only.
    const missing = [...named].filter(
      (n) => !help.has(n) && !(n === 'shop_db_pool_connections' && app.deps.database.kind !== 'postgres'),
    );
    expect(missing).toEqual([]);
    await withDir.close();
  });

  it("reads the pool as it stood when the scrape began, not the wait of the scrape's own query", async () => {
    // A pool whose idle connections have timed out: the scrape's query waits while a connection is made.
    let waiting = 0;
    const row = { depth: 0, oldest: null, failed: 0, late: 0, held: 0, recorded: 0 };
    const fake = {
      kind: 'postgres',
      pool: () => ({ total: 0, idle: 0, waiting }),
      db: {
        execute: () => {
          waiting = 1;
          return new Promise((resolve) =>
            setTimeout(() => {
              waiting = 0;
              resolve({ rows: [row] });
            }, 20),
          );
        },
      },
    } as unknown as Database;
    const text = await createMetrics(fake, createOutboxPulse()).scrape();
    expect(text).toContain('shop_db_pool_connections{state="waiting"} 0');
    expect(text).toContain('shop_db_pool_connections{state="idle"} 0');
  });
});
