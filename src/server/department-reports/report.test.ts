import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { departmentStatementMails, departmentStatementSends, orders, outbox } from '../db/schema';
import { shopDay, shopDayStart } from '../../shared/time';
import type { OrderStatus } from '../../shared/orders';
import { createTestApp } from '../test/harness';
import { signedIn } from '../test/users';
import { writeLedger } from '../allowances';
import { sendMonthlyStatements, statementMonth } from './monthly-statements';
import { currentPeriod, periodMonths } from './period';
import { NO_APPROVERS } from './send-statement';

const { app } = await createTestApp();
const db = app.deps.db;
const admin = await signedIn(app, 'admin');
const h = admin.headers;

async function department(body: object) {
  const res = await app.inject({ method: 'POST', url: '/api/v1/departments/', headers: h, payload: body });
  expect(res.statusCode).toBe(201);
  return res.json().department as { id: number; name: string; monthly_statement: boolean };
}

let n = 0;
async function order(
  departmentId: number,
  userId: number,
  at: string,
  totalCents: number,
  status: OrderStatus = 'pending',
) {
  const [row] = await db
    .insert(orders)
    .values({
      orderNumber: `R-${Date.now()}-${++n}`,
      userId,
      placedBy: userId,
      status,
      fulfillment: 'pickup',
      subtotalCents: totalCents,
      taxCents: 0,
      taxRatePpm: 0,
      shippingCents: 0,
      totalCents,
      departmentId,
      createdAt: new Date(at),
    })
    .returning({ id: orders.id });
  return row!.id;
}

describe('period', () => {
  it('is the calendar year by default and a year from the given start otherwise, in the shop zone', () => {
    expect(currentPeriod(new Date('2026-05-10T12:00:00Z'))).toEqual({ start: '2026-01-01', end: '2027-01-01' });
    // 2027-01-01 03:00 UTC is still Dec 31 in Phoenix.
    expect(currentPeriod(new Date('2027-01-01T03:00:00Z'))).toEqual({ start: '2026-01-01', end: '2027-01-01' });
    expect(currentPeriod(new Date('2026-05-10T12:00:00Z'), '07-01')).toEqual({
      start: '2025-07-01',
      end: '2026-07-01',
    });
    expect(periodMonths({ start: '2025-07-01' })).toEqual([
      ...['07', '08', '09', '10', '11', '12'].map((m) => `2025-${m}`),
      ...['01', '02', '03', '04', '05', '06'].map((m) => `2026-${m}`),
    ]);
  });
});

const noAllowance = { allowance: null, allowance_used: null, allowance_remaining: null };

describe('department report', () => {
  it('sums spend per member and per month over the current period, and exports the same figures as CSV', async () => {
    const d = await department({ name: 'Report Fire', domains: ['reportfire.gov'], requires_approval: false });
    const ana = await signedIn(app, 'other', {
      email: `ana-${Date.now()}@reportfire.gov`,
      firstName: 'Ana',
      lastName: 'Ruiz',
    });
    const bo = await signedIn(app, 'other', {
      email: `bo-${Date.now()}@reportfire.gov`,
      firstName: 'Bo',
      lastName: 'Li',
    });
    const p = currentPeriod(new Date());
    const [m1, m2] = periodMonths(p) as [string, string];
    await order(d.id, ana.id, `${p.start}T07:30:00Z`, 12_050); // 00:30 on the first day, shop time
    await order(d.id, ana.id, `${m2}-10T18:00:00Z`, 4_000);
    await order(d.id, bo.id, `${m2}-11T18:00:00Z`, 9_999, 'completed');
    // Not counted: before the period (23:30 the day before, shop time), cancelled, denied, still awaiting approval.
    await order(d.id, bo.id, `${p.start}T06:30:00Z`, 50_000);
    await order(d.id, ana.id, `${m2}-12T18:00:00Z`, 70_000, 'cancelled');
    await order(d.id, ana.id, `${m2}-12T18:00:00Z`, 70_000, 'denied');
    await order(d.id, bo.id, `${m2}-12T18:00:00Z`, 70_000, 'awaiting_approval');

    const res = await app.inject({ method: 'GET', url: `/api/v1/departments/${d.id}/report`, headers: h });
    expect(res.statusCode).toBe(200);
    const r = res.json().report;
    expect(r.period).toEqual(p);
    expect(r.members).toEqual([
      { user_id: ana.id, email: ana.email, name: 'Ana Ruiz', orders: 2, spend: 160.5, ...noAllowance },
      { user_id: bo.id, email: bo.email, name: 'Bo Li', orders: 1, spend: 99.99, ...noAllowance },
    ]);
    expect(r.months).toHaveLength(12);
    expect(r.months[0]).toEqual({ month: m1, orders: 1, spend: 120.5 });
    expect(r.months[1]).toEqual({ month: m2, orders: 2, spend: 139.99 });
    expect(r.months.slice(2).every((m: { orders: number }) => m.orders === 0)).toBe(true);
    expect(r.total).toEqual({ orders: 3, spend: 260.49 });

    const csv = await app.inject({ method: 'GET', url: `/api/v1/departments/${d.id}/report.csv`, headers: h });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines).toContain(`Ana Ruiz,${ana.email},2,160.50,,,`);
    expect(lines).toContain(`Bo Li,${bo.email},1,99.99,,,`);
    expect(lines).toContain('Total,,3,260.49');
    expect(lines).toContain(`${m1},1,120.50`);
    expect(lines).toContain(`${m2},2,139.99`);
  });

  it("shows each member's allowance, used and remaining from the ledger, in the answer and the CSV", async () => {
    const d = await department({
      name: 'Allowance Report Fire',
      domains: ['allowreport.gov'],
      requires_approval: false,
      allowance_amount: 300,
      allowance_period_start: '07-01',
    });
    const member = (name: string) =>
      signedIn(app, 'other', { email: `${name}-${Date.now()}@allowreport.gov`, firstName: name, lastName: 'Crew' });
    const [ana, bo, cy, dee] = await Promise.all(['ana', 'bo', 'cy', 'dee'].map(member));
    const put = (userId: number, amount: number) =>
      app.inject({
        method: 'PUT',
        url: `/api/v1/departments/${d.id}/allowances/${userId}`,
        headers: h,
        payload: { amount },
      });
    expect((await put(ana!.id, 450)).statusCode).toBe(200);
    expect((await put(dee!.id, 125.5)).statusCode).toBe(200);

    const now = new Date();
    const p = currentPeriod(now, '07-01');
    const day = `${p.start}T19:00:00Z`;
    const use = (userId: number, orderId: number, cents: number, reason: string, periodStart = p.start) =>
      writeLedger(db, { userId, departmentId: d.id, orderId, amountCents: cents, periodStart, reason });
    // Orders the allowance paid in full: the member's total is $0, the ledger holds the rest (as checkout writes them).
    // Ana (her own $450): one order of $200, all from her allowance.
    await use(ana!.id, await order(d.id, ana!.id, day, 0), 20_000, 'checkout');
    // Bo ($300): $240 used; a $100 order cancelled gives its $100 back; last period's use does not count.
    await use(bo!.id, await order(d.id, bo!.id, day, 0), 24_000, 'checkout');
    const cancelled = await order(d.id, bo!.id, day, 0, 'cancelled');
    await use(bo!.id, cancelled, 10_000, 'checkout');
    await use(bo!.id, cancelled, -10_000, 'cancelled');
    const before = currentPeriod(new Date(Date.parse(`${p.start}T19:00:00Z`) - 86_400_000), '07-01');
    await use(bo!.id, await order(d.id, bo!.id, `${before.start}T19:00:00Z`, 0), 5_000, 'checkout', before.start);
    // Cy: $80 held by an order still waiting for approval, which is not spend.
    await use(cy!.id, await order(d.id, cy!.id, day, 0, 'awaiting_approval'), 8_000, 'checkout');

    const r = (await app.inject({ method: 'GET', url: `/api/v1/departments/${d.id}/report`, headers: h })).json()
      .report;
    expect(r.period).toEqual(p);
    expect(r.members).toEqual([
      expect.objectContaining({
        user_id: bo!.id,
        orders: 1,
        spend: 240,
        allowance: 300,
        allowance_used: 240,
        allowance_remaining: 60,
      }),
      expect.objectContaining({
        user_id: ana!.id,
        orders: 1,
        spend: 200,
        allowance: 450,
        allowance_used: 200,
        allowance_remaining: 250,
      }),
      expect.objectContaining({
        user_id: cy!.id,
        orders: 0,
        spend: 0,
        allowance: 300,
        allowance_used: 80,
        allowance_remaining: 220,
      }),
      expect.objectContaining({
        user_id: dee!.id,
        orders: 0,
        spend: 0,
        allowance: 125.5,
        allowance_used: 0,
        allowance_remaining: 125.5,
      }),
    ]);
    // The same figures as each member's own balance.
    for (const m of [ana!, bo!, cy!, dee!]) {
      const mine = (await app.inject({ method: 'GET', url: '/api/v1/users/me/allowance', headers: m.headers })).json()
        .allowance;
      const row = r.members.find((x: { user_id: number }) => x.user_id === m.id);
      expect([row.allowance, row.allowance_used, row.allowance_remaining]).toEqual([
        mine.amount,
        mine.used,
        mine.remaining,
      ]);
    }

    const csv = await app.inject({ method: 'GET', url: `/api/v1/departments/${d.id}/report.csv`, headers: h });
    const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines).toContain('Member,E-mail,Orders,Spend,Allowance,Allowance used,Allowance remaining');
    expect(lines).toContain(`bo Crew,${bo!.email},1,240.00,300.00,240.00,60.00`);
    expect(lines).toContain(`ana Crew,${ana!.email},1,200.00,450.00,200.00,250.00`);
    expect(lines).toContain(`cy Crew,${cy!.email},0,0.00,300.00,80.00,220.00`);
    expect(lines).toContain(`dee Crew,${dee!.email},0,0.00,125.50,0.00,125.50`);
  });

  it('is for admins; an unknown department is 404', async () => {
    const staff = await signedIn(app, 'employee');
    expect(
      (await app.inject({ method: 'GET', url: '/api/v1/departments/1/report', headers: staff.headers })).statusCode,
    ).toBe(403);
    expect(
      (await app.inject({ method: 'GET', url: '/api/v1/departments/99999999/report', headers: h })).statusCode,
    ).toBe(404);
  });
});

describe('monthly statement e-mail', () => {
  const mailsFor = (to: string) => db.select().from(outbox).where(eq(outbox.toAddress, to));

  it('the opt-in is a department field, off by default', async () => {
    const d = await department({ name: 'Opt Parks', domains: ['optparks.gov'], requires_approval: false });
    expect(d.monthly_statement).toBe(false);
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/v1/departments/${d.id}`,
      headers: h,
      payload: { monthly_statement: true },
    });
    expect(res.json().department.monthly_statement).toBe(true);
    const bad = await app.inject({
      method: 'PATCH',
      url: `/api/v1/departments/${d.id}`,
      headers: h,
      payload: { monthly_statement: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it("covers the shop's previous month", () => {
    expect(statementMonth(new Date('2026-04-01T08:00:00Z'))).toBe('2026-03');
    expect(statementMonth(new Date('2026-04-01T06:30:00Z'))).toBe('2026-02'); // still Mar 31 in Phoenix
    expect(statementMonth(new Date('2026-01-05T12:00:00Z'))).toBe('2025-12');
  });

  it("queues one e-mail per approver with last month's orders, once, even when run twice at once", async () => {
    const d = await department({
      name: 'Statement Fire',
      domains: ['stmtfire.gov'],
      approver_emails: ['chief@stmtfire.gov', 'clerk@stmtfire.gov'],
      requires_approval: true,
      monthly_statement: true,
    });
    const quiet = await department({
      name: 'Quiet Fire',
      domains: ['quietfire.gov'],
      approver_emails: ['chief@quietfire.gov'],
      requires_approval: true,
    });
    const u = await signedIn(app, 'other', { email: `cam-${Date.now()}@stmtfire.gov`, firstName: 'Cam' });
    await order(d.id, u.id, '2026-03-03T17:00:00Z', 24_000);
    await order(d.id, u.id, '2026-03-20T17:00:00Z', 10_000, 'denied');
    await order(d.id, u.id, '2026-04-01T08:00:00Z', 5_000); // April: next statement
    await order(quiet.id, u.id, '2026-03-03T17:00:00Z', 1_000);

    const clock = new Date('2026-04-01T08:00:00Z');
    const runs = await Promise.all([sendMonthlyStatements(db, clock), sendMonthlyStatements(db, clock)]);
    expect(runs.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    expect(await sendMonthlyStatements(db, new Date('2026-04-20T12:00:00Z'))).toBe(0);

    const chief = await mailsFor('chief@stmtfire.gov');
    expect(chief).toHaveLength(1);
    expect(await mailsFor('clerk@stmtfire.gov')).toHaveLength(1);
    expect(chief[0]!.subject).toBe('Statement Fire: orders in March 2026');
    expect(chief[0]!.textBody).toContain('2 orders were placed');
    expect(chief[0]!.textBody).toContain('Spend (approved orders): $240.00');
    expect(chief[0]!.textBody).toContain('Denied · $100.00');
    expect(chief[0]!.textBody).not.toContain('$50.00');
    expect(await mailsFor('chief@quietfire.gov')).toHaveLength(0);
    const claimed = await db
      .select()
      .from(departmentStatementMails)
      .where(eq(departmentStatementMails.departmentId, d.id));
    expect(claimed.map((c) => c.month)).toEqual(['2026-03']);

    // The next month sends the next statement.
    await sendMonthlyStatements(db, new Date('2026-05-01T12:00:00Z'));
    expect(await mailsFor('chief@stmtfire.gov')).toHaveLength(2);
  });

  it("an admin sends this month's statement so far now: one e-mail per approver, recorded, again only on purpose", async () => {
    const d = await department({
      name: 'Now Fire',
      domains: ['nowfire.gov'],
      approver_emails: ['chief@nowfire.gov', 'clerk@nowfire.gov'],
      requires_approval: false,
      monthly_statement: true,
    });
    const u = await signedIn(app, 'other', {
      email: `dan-${Date.now()}@nowfire.gov`,
      firstName: 'Dan',
      lastName: 'Ortiz',
    });
    const now = new Date();
    await order(d.id, u.id, now.toISOString(), 24_000);
    await order(d.id, u.id, now.toISOString(), 10_000, 'awaiting_approval');
    // $100 of which the member's allowance paid $60: the order's total is the $40 left to the member.
    const split = await order(d.id, u.id, now.toISOString(), 4_000);
    const periodStart = currentPeriod(now).start;
    await writeLedger(db, {
      userId: u.id,
      departmentId: d.id,
      orderId: split,
      amountCents: 6_000,
      periodStart,
      reason: 'checkout',
    });
    const send = (payload: object = {}, headers = h) =>
      app.inject({ method: 'POST', url: `/api/v1/departments/${d.id}/statement`, headers, payload });

    const res = await send();
    expect(res.statusCode).toBe(200);
    const month = shopDay(now).slice(0, 7);
    expect(res.json().statement).toMatchObject({
      month,
      recipients: ['chief@nowfire.gov', 'clerk@nowfire.gov'],
      orders: 3,
    });
    const chief = await mailsFor('chief@nowfire.gov');
    expect(chief).toHaveLength(1);
    expect(await mailsFor('clerk@nowfire.gov')).toHaveLength(1);
    expect(chief[0]!.subject).toMatch(/^Now Fire: orders in \w+ \d{4} so far$/);
    expect(chief[0]!.textBody).toContain('"Dan Ortiz" · Pending · $240.00');
    expect(chief[0]!.textBody).toContain('Awaiting approval · $100.00');
    expect(chief[0]!.textBody).toContain('Pending · $100.00 (allowance $60.00, member pays $40.00)');
    expect(chief[0]!.textBody).toContain('Spend (approved orders): $340.00');
    const recorded = await db
      .select()
      .from(departmentStatementSends)
      .where(eq(departmentStatementSends.departmentId, d.id));
    expect(recorded).toEqual([expect.objectContaining({ month, sentBy: admin.id, recipients: 2 })]);

    // A second press says so and sends nothing; asked again on purpose, it sends.
    const twice = await send();
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('STATEMENT_ALREADY_SENT');
    expect(twice.json().message).toMatch(/was already sent on .+\. Send it again\?$/);
    expect(await mailsFor('chief@nowfire.gov')).toHaveLength(1);
    expect((await send({ again: true })).statusCode).toBe(200);
    expect(await mailsFor('chief@nowfire.gov')).toHaveLength(2);

    // The monthly job still sends the whole month when it ends: a hand-sent month is not its claim.
    const firstOfNext = new Date(shopDayStart(`${month}-28`).getTime() + 5 * 86_400_000);
    await sendMonthlyStatements(db, firstOfNext);
    const all = await mailsFor('chief@nowfire.gov');
    expect(all.map((m) => m.subject.endsWith(' so far'))).toEqual([true, true, false]);
  });

  it('sending now needs approvers and an admin; bad input is 400', async () => {
    const d = await department({ name: 'Lone Fire', domains: ['lonefire.gov'], requires_approval: false });
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/departments/${d.id}/statement`,
      headers: h,
      payload: {},
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'approver_emails', message: NO_APPROVERS }]);
    const bad = await app.inject({
      method: 'POST',
      url: `/api/v1/departments/${d.id}/statement`,
      headers: h,
      payload: { again: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
    const staff = await signedIn(app, 'employee');
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `/api/v1/departments/${d.id}/statement`,
          headers: staff.headers,
          payload: {},
        })
      ).statusCode,
    ).toBe(403);
    expect(
      await db.select().from(departmentStatementSends).where(eq(departmentStatementSends.departmentId, d.id)),
    ).toEqual([]);
  });
});
