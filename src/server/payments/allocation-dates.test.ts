import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { MoneyReport } from '../../shared/books';
import type { Order } from '../../shared/orders';
import type { AllocationSummary, Statement } from '../../shared/payments';
import { formatShopDate, shopDay, shopDayStart } from '../../shared/time';
import { departments, orders } from '../db/schema';
import { createTestApp } from '../test/harness';
import { fillCart, pickup } from '../test/orders';
import { signedIn, type SignedIn } from '../test/users';

// A department's cheque received on one day and spread over its orders on a later one: the books date its ledger
// rows by the day the money came (docs/product.md#one-payment-for-several-orders) in the cash-up, the accounting
// export's month and the statement.
const { app } = await createTestApp();
const db = app.deps.db;
const admin = await signedIn(app, 'admin');
const [station] = await db
  .insert(departments)
  .values({ name: 'Mesa Verde Fire', domains: ['mesaverde.test'], requiresApproval: false })
  .returning();
const crew = await signedIn(app, 'other', { email: `crew-${Date.now()}@mesaverde.test` });

const DAY_MS = 24 * 3600 * 1000;
const today = shopDay(new Date());
const thisMonth = today.slice(0, 7);
// The last day of last month: the cheque came before the month ended and was allocated in this one.
const lastDay = shopDay(new Date(shopDayStart(`${thisMonth}-01`).getTime() - 1));
const lastMonthFirst = `${lastDay.slice(0, 7)}-01`;

const get = (url: string) => app.inject({ method: 'GET', url: `/api/v1${url}`, headers: admin.headers });
const csvTable = (body: string) => parse(body, { bom: true, relax_column_count: true }) as string[][];

/** A department order placed on `day` (its placement moved back, as if it were placed then). */
async function placedOn(user: SignedIn, day: string): Promise<Order> {
  await fillCart(app, user.id, [{ quantity: 1 }]);
  const res = await app.inject({ method: 'POST', url: '/api/v1/orders/', headers: user.headers, payload: pickup });
  expect(res.statusCode, res.body).toBe(201);
  const order = res.json().order as Order;
  await db
    .update(orders)
    .set({ createdAt: new Date(shopDayStart(day).getTime() + 10 * 3600 * 1000) })
    .where(eq(orders.id, order.id));
  return order;
}

async function allocate(order: Order, reference: string, receivedOn: string): Promise<AllocationSummary> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/payments/admin/allocations',
    headers: admin.headers,
    payload: {
      department_id: station!.id,
      method: 'department_check',
      reference,
      amount: order.total,
      received_on: receivedOn,
      orders: [{ id: order.id, amount: order.total }],
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().allocation as AllocationSummary;
}

describe('an allocation recorded after the payment was received', () => {
  it('dates each ledger row by the day received, across the month end: cash-up, accounting export, statement', async () => {
    const order = await placedOn(crew, lastMonthFirst);
    const allocation = await allocate(order, 'Cheque 5521', lastDay);
    expect(allocation.received_on).toBe(lastDay);

    const staffView = (await get(`/orders/admin/${order.id}`)).json().order as Order;
    expect(staffView.payment.entries).toHaveLength(1);
    expect(shopDay(staffView.payment.entries[0]!.created_at)).toBe(lastDay);
    // The timeline says when staff recorded it (now), and its note the day the money came.
    const event = staffView.events.find((e) => e.kind === 'payment')!;
    expect(shopDay(event.created_at)).toBe(today);
    expect(event.internal_note).toContain(`received ${formatShopDate(shopDayStart(lastDay))}`);

    // The cash-up counts it on the day received, not on the day it was allocated.
    const onDay = (await get(`/reports/money?from=${lastDay}&to=${lastDay}`)).json().report as MoneyReport;
    expect(onDay.rows).toEqual([
      expect.objectContaining({ day: lastDay, method: 'department_check', entries: 1, payments: order.total }),
    ]);
    const todays = (await get(`/reports/money?from=${today}&to=${today}`)).json().report as MoneyReport;
    expect(todays.rows.filter((r) => r.method === 'department_check')).toEqual([]);

    // The accounting export of last month holds it; this month's does not.
    const lastMonthCsv = csvTable(
      (await get(`/reports/accounting/payments.csv?from=${lastMonthFirst}&to=${lastDay}`)).body,
    );
    const row = lastMonthCsv.find((r) => r.includes('Cheque 5521'));
    expect(row?.[0]).toBe(lastDay);
    expect(row?.[1]).toBe(order.total.toFixed(2));
    const thisMonthCsv = (await get(`/reports/accounting/payments.csv?from=${thisMonth}-01&to=${today}`)).body;
    expect(thisMonthCsv).not.toContain('Cheque 5521');

    const statement = (await get(`/payments/admin/statements/${station!.id}`)).json().statement as Statement;
    expect(statement.payments_received).toEqual([allocation]);
  });

  it('the statement lists payments received in its window by the day received, whenever they were recorded', async () => {
    const longAgo = shopDay(new Date(Date.now() - 120 * DAY_MS));
    const old = await placedOn(crew, longAgo);
    const before = (await get(`/payments/admin/statements/${station!.id}`)).json().statement as Statement;
    const stale = await allocate(old, 'Cheque 4410', longAgo);
    const after = (await get(`/payments/admin/statements/${station!.id}`)).json().statement as Statement;
    // Received four months ago, recorded today: outside the statement's 90 days of payments received.
    expect(after.payments_received).toEqual(before.payments_received);
    expect(after.payments_received.map((p) => p.id)).not.toContain(stale.id);
    const money = (await get(`/reports/money?from=${longAgo}&to=${longAgo}`)).json().report as MoneyReport;
    expect(money.total.payments).toBe(old.total);
  });
});
