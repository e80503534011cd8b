import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { EVERY_LINE_REMOVED, type Order } from '../../shared/orders';
import { departments, orders } from '../db/schema';
import { approvalTokensFromMail, fillCart, mailsTo, shipping, type CartItem } from '../test/orders';
import { createTestApp } from '../test/harness';
import { json, signedIn } from '../test/users';

// An approver approves an order without some of its lines (docs/product.md#approving-line-by-line).
const { app } = await createTestApp();
const db = app.deps.db;
const admin = await signedIn(app, 'admin');
const APPROVER = 'quartermaster@dvfire.gov';
await db
  .update(departments)
  .set({ approverEmails: [APPROVER] })
  .where(eq(departments.name, 'Desert Valley Fire & Medical'));

const LINES: CartItem[] = [
  { quantity: 2, customizations: [{ type: 'add_name', position: 'left_side', text: 'PEÑA' }] },
  { quantity: 1 },
  { quantity: 3, customizations: [{ type: 'us_flag', position: 'right_side', text: null }] },
];

const member = () =>
  signedIn(app, 'other', {
    email: `crew-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@dvfire.gov`,
    firstName: 'José',
    lastName: 'Peña',
  });

/** A department member's order of `items` (shipped, so tax and shipping count), and the approver's link. */
async function placed(items: CartItem[]) {
  const u = await member();
  await fillCart(app, u.id, items);
  const before = await approvalTokensFromMail(app, APPROVER);
  const res = await app.inject({ method: 'POST', url: '/api/v1/orders/', headers: u.headers, payload: shipping });
  expect(res.statusCode, res.body).toBe(201);
  const token = (await approvalTokensFromMail(app, APPROVER)).find((t) => !before.includes(t))!;
  return { user: u, order: res.json().order as Order, token };
}

const approve = (t: string, payload: object) =>
  app.inject({ method: 'POST', url: `/api/v1/approvals/${t}/approve`, headers: json, payload });
const rowOf = async (id: number) => (await db.select().from(orders).where(eq(orders.id, id)))[0]!;
const staffOrder = async (id: number) =>
  (await app.inject({ method: 'GET', url: `/api/v1/orders/admin/${id}`, headers: admin.headers })).json()
    .order as Order & { events: { kind: string; actor_type: string; reason: string | null; details: string | null }[] };

describe('approving an order without some lines', () => {
  it('removes the lines, prices the rest as an order of them alone would be, and mails the member why', async () => {
    const { user, order, token } = await placed(LINES);
    expect(order.items).toHaveLength(3);
    const [keep1, cut, keep2] = order.items;
    const res = await approve(token, {
      comments: 'The rest is fine',
      removed_lines: [{ line_id: cut!.id, reason: '  Not in this year’s budget  ' }],
      order_updated_at: order.updated_at,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ order: { status: 'pending' }, approval: { state: 'used' } });

    // The same member's order of only the kept lines, placed fresh, is the price to the cent.
    const twin = await placed([LINES[0]!, LINES[2]!]);
    const after = await staffOrder(order.id);
    expect(after.items.map((i) => i.id)).not.toContain(cut!.id);
    expect(after.items.map((i) => [i.product_id, i.quantity])).toEqual(
      [keep1!, keep2!].map((i) => [i.product_id, i.quantity]),
    );
    for (const field of ['subtotal', 'tax_amount', 'shipping_cost', 'total'] as const)
      expect(after[field], field).toBe(twin.order[field]);
    expect(after.payment.split).toEqual(twin.order.payment.split);
    expect(after.total).toBeLessThan(order.total);
    const row = await rowOf(order.id);
    expect(row.totalCents).toBe(Math.round(twin.order.total * 100));

    // The timeline: the removal (with its reason) by the approver, then the approval.
    const [removal, approval] = after.events.slice(-2);
    expect(removal).toMatchObject({ kind: 'edit', actor_type: 'approver', reason: expect.stringContaining('budget') });
    expect(removal!.details).toContain(`removed ${cut!.product_name} ${cut!.size} x${cut!.quantity}`);
    expect(approval).toMatchObject({ kind: 'status', actor_type: 'approver' });

    const mails = await mailsTo(app, user.email);
    const removedMail = mails.find((m) => m.kind === 'order_lines_removed')!;
    expect(removedMail.subject).toBe(`Order ${order.order_number}: lines removed by your approver`);
    expect(removedMail.textBody).toContain(`Your approver (${APPROVER}) approved your order without these lines:`);
    expect(removedMail.textBody).toContain(
      `Removed: ${cut!.product_name} ${cut!.size} x${cut!.quantity}. Reason (from your approver): "Not in this year’s budget"`,
    );
    const usd = (n: number) => `$${n.toFixed(2)}`;
    expect(removedMail.textBody).toContain(`total ${usd(order.total)} -> ${usd(twin.order.total)}`);
    expect(mails.find((m) => m.kind === 'order_pending')?.subject).toBe(`Order ${order.order_number} approved`);
  });

  it('refuses bad requests with 400 and changes nothing', async () => {
    const { order, token } = await placed(LINES);
    const ids = order.items.map((i) => i.id);
    const cases: [object, string][] = [
      [{ removed_lines: ids.map((line_id) => ({ line_id, reason: 'No' })) }, EVERY_LINE_REMOVED],
      [{ removed_lines: [{ line_id: 999_999_999, reason: 'No' }] }, 'That line is not on this order'],
      [{ removed_lines: [{ line_id: ids[0], reason: '   ' }] }, 'Say why this line is removed'],
      [{ removed_lines: [{ line_id: ids[0] }] }, 'Say why this line is removed'],
      [
        {
          removed_lines: [
            { line_id: ids[0], reason: 'a' },
            { line_id: ids[0], reason: 'b' },
          ],
        },
        'A line is named twice',
      ],
    ];
    for (const [payload, detail] of cases) {
      const res = await approve(token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(JSON.stringify(res.json())).toContain(detail);
    }
    const row = await rowOf(order.id);
    expect(row.status).toBe('awaiting_approval');
    expect(row.totalCents).toBe(Math.round(order.total * 100));
    expect((await staffOrder(order.id)).items).toHaveLength(3);
    // The link still works after the refusals.
    const ok = await approve(token, { removed_lines: [{ line_id: ids[1], reason: 'One is enough' }] });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('refuses a second decision with 409, with or without removals', async () => {
    const { order, token } = await placed(LINES.slice(0, 2));
    expect((await approve(token, {})).statusCode).toBe(200);
    const again = await approve(token, { removed_lines: [{ line_id: order.items[0]!.id, reason: 'Late' }] });
    expect(again.statusCode).toBe(409);
    expect((await staffOrder(order.id)).items).toHaveLength(2);
  });
});
