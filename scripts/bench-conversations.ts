/**
 * Benchmark of GET /api/v1/contact/conversations with 10,000 messages (not part of the tests).
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx scripts/bench-conversations.ts
 * With DATABASE_URL a scratch database is created on that server and dropped afterwards; without it an
 * in-memory PGlite is used. Prints the median and p95 of the admin screen's queries via app.inject: the list with
 * each filter (Show: all, unread, assigned to me), a thread, and the statistics. A quarter of the conversations are
 * assigned (half of those to the benching staff member) and one in fifty is marked unread by staff.
 */
import crypto from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { createSession } from '../src/server/sessions/sessions';
import { loadConfig } from '../src/server/config';
import { openDatabase, type Database } from '../src/server/db/client';
import { conversations, messages, users } from '../src/server/db/schema';
import { selectRows } from '../src/server/db/rows';
import { seed } from '../src/server/seed';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 10_000);
const CONVERSATIONS = Math.round(MESSAGES / 5);
const RUNS = Number(process.env.BENCH_RUNS ?? 100);

async function scratchDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openDatabase({});
    return { database, drop: () => database.close() };
  }
  const name = `bench_contact_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  const database = await openDatabase({ url: u.toString(), poolMax: 5 });
  return {
    database,
    drop: async () => {
      await database.close();
      if (process.env.BENCH_KEEP) return void console.log(`kept database ${name}`);
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

async function fill(database: Database, staffId: number) {
  const db = database.db;
  const reasons = ['general', 'order_question', 'order_problem'] as const;
  const statuses = ['pending', 'read', 'replied'] as const;
  for (let start = 0; start < CONVERSATIONS; start += 500) {
    const batch = Array.from({ length: Math.min(500, CONVERSATIONS - start) }, (_, j) => start + j);
    const convs = await db
      .insert(conversations)
      .values(
        batch.map((i) => ({
          email: `sender${i}@example.test`,
          name: `Sender ${i}`,
          archived: i % 10 === 9,
          assignedTo: i % 4 === 0 ? (i % 8 === 0 ? staffId : null) : null,
          staffUnread: i % 50 === 7,
          lastMessageAt: sql`now() - make_interval(mins => ${i})`,
        })),
      )
      .returning({ id: conversations.id, email: conversations.email, name: conversations.name });
    const rows: (typeof messages.$inferInsert)[] = [];
    convs.forEach((c, j) => {
      const i = batch[j]!;
      for (let k = 0; k < 5; k++) {
        const outbound = k === 4 && i % 3 === 2;
        rows.push({
          conversationId: c.id,
          direction: outbound ? 'outbound' : 'inbound',
          name: c.name,
          email: c.email,
          body: `Message ${k} from ${c.name}: a question about embroidered polos, sizes and delivery times for our crew.`,
          reason: outbound ? null : reasons[(i + k) % 3],
          orderNumber: outbound || (i + k) % 3 === 0 ? null : `ORD-${i}-${k}`,
          status: outbound ? null : statuses[i % 3],
          createdAt: sql`now() - make_interval(mins => ${i}, secs => ${5 - k})` as unknown as Date,
        });
      }
    });
    await db.insert(messages).values(rows);
  }
  await db.execute(sql`analyze`);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)]!;

async function main() {
  const { database, drop } = await scratchDatabase();
  try {
    await database.migrate();
    await seed(database.db, { adminEmails: [] });
    const [staff] = await database.db
      .insert(users)
      .values({ email: 'bench-admin@example.test', role: 'admin' })
      .returning();
    await fill(database, staff!.id);
    const app = await buildApp(
      loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        APP_URL: 'http://localhost:3000',
        WEB_DIST: '.tmp/no-web-build',
      }),
      { database, logger: false },
    );
    await app.ready();
    const tokens = await createSession(database.db, staff!.id, {});
    const headers = { cookie: `session=${tokens.access}` };
    const count = await database.db.$count(messages);
    console.log(`${database.kind}: ${count} messages in ${CONVERSATIONS} conversations, ${RUNS} requests per query`);

    for (const q of [
      'per_page=100',
      'per_page=20&page=40',
      'per_page=100&show_unread=true',
      'per_page=100&show_needs_reply=true&category=order_problem',
      'per_page=100&search=sender12',
      'per_page=100&assigned=me',
    ]) {
      const times: number[] = [];
      for (let i = 0; i < RUNS + 5; i++) {
        const t0 = performance.now();
        const res = await app.inject({ method: 'GET', url: `/api/v1/contact/conversations?${q}`, headers });
        const ms = performance.now() - t0;
        if (res.statusCode !== 200) throw new Error(`${q}: ${res.statusCode} ${res.body}`);
        if (i >= 5) times.push(ms); // the first few warm the plan and JIT caches
      }
      console.log(
        `GET /contact/conversations?${q}: median ${median(times).toFixed(1)} ms, p95 ${p95(times).toFixed(1)} ms`,
      );
    }
    // A thread as the message centre opens it: the newest conversation's five messages.
    const [newest] = await selectRows<{ id: number }>(
      database.db,
      sql`select id from conversations order by last_message_at desc limit 1`,
    );
    const threadTimes: number[] = [];
    for (let i = 0; i < RUNS + 5; i++) {
      const t0 = performance.now();
      const res = await app.inject({ method: 'GET', url: `/api/v1/contact/thread/${newest!.id}`, headers });
      if (res.statusCode !== 200) throw new Error(`thread: ${res.statusCode} ${res.body}`);
      if (i >= 5) threadTimes.push(performance.now() - t0);
    }
    console.log(
      `GET /contact/thread/:id: median ${median(threadTimes).toFixed(1)} ms, p95 ${p95(threadTimes).toFixed(1)} ms`,
    );
    const statsTimes: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      await app.inject({ method: 'GET', url: '/api/v1/contact/stats/', headers });
      statsTimes.push(performance.now() - t0);
    }
    console.log(`GET /contact/stats/ (the statistics part alone): median ${median(statsTimes).toFixed(1)} ms`);
    await app.close();
  } finally {
    await drop();
  }
}

await main();
