import { describe, expect, it } from 'vitest';
import { createOutboxPulse } from '../mail/pulse';
import { devTransport } from '../mail/transport';
import { createOutboxWorker } from '../mail/worker';
import { createTestApp } from '../test/harness';

const ctx = await createTestApp({ OUTBOX_POLL_MS: '1000' });
const { app } = ctx;
// The pulse on a clock the test moves: stale after 3 × 1000 ms + 5000 ms of slack.
let clock = 1_000_000;
app.deps.outboxPulse = createOutboxPulse(() => clock);

const ready = () => app.inject({ method: 'GET', url: '/api/v1/health/ready' });

describe('GET /api/v1/health/ready', () => {
  it('is ready while the database answers and the worker polls', async () => {
    clock += 7000;
    const res = await ready();
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      success: true,
      status: 'ready',
      database: 'ok',
      outbox: 'ok',
      outbox_idle_seconds: 7,
    });
  });

  it('stays ready on an instance that never sends (OUTBOX_SEND=false), however long its worker is silent', async () => {
    const quiet = await createTestApp({ OUTBOX_POLL_MS: '1000', OUTBOX_SEND: 'false' });
    let quietClock = 1_000_000;
    quiet.app.deps.outboxPulse = createOutboxPulse(() => quietClock);
    quietClock += 60_000;
    const res = await quiet.app.inject({ method: 'GET', url: '/api/v1/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ready', outbox: 'ok', outbox_idle_seconds: 60 });
    await quiet.close();
  });

  it('answers 503 naming the outbox when the worker has missed its polls, and recovers when it runs', async () => {
    clock += 1001;
    const res = await ready();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ success: false, status: 'not_ready', database: 'ok', outbox: 'stale' });

    const worker = createOutboxWorker({
      db: app.deps.db,
      transport: devTransport(app.log),
      from: 'shop@test.local',
      log: app.log,
      pollMs: 1000,
      pulse: app.deps.outboxPulse,
    });
    await worker.runOnce();
    expect((await ready()).json()).toMatchObject({ status: 'ready', outbox: 'ok', outbox_idle_seconds: 0 });
  });

  it('answers 503 naming the database when it is gone', async () => {
    await ctx.database.close();
    const res = await ready();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ success: false, database: 'unreachable', outbox: 'ok' });
  });
});
