import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customizationsCost, type Customization } from '../../shared/cart';
import { decorationPrices } from '../pricing';
import { formatUsd } from '../../shared/money';
import type { Order, OrderStatus } from '../../shared/orders';
import { departments, orderEvents, orderLines, orders, outbox, rateLimits, settings } from '../db/schema';
import { createTestApp } from '../test/harness';
import {
  addTaxExemptDepartment,
  approvalTokensFromMail,
  fillCart,
  mailsTo,
  pickup,
  shipping,
  someProducts,
  type CartItem,
} from '../test/orders';
import { json, signedIn, type SignedIn } from '../test/users';

const { app } = await createTestApp();
const db = app.deps.db;
const staff = await signedIn(app, 'employee');
const customer = await signedIn(app);
const APPROVERS = ['quartermaster@dvfire.gov', 'deputy@dvfire.gov'];
await db
  .update(departments)
  .set({ approverEmails: APPROVERS })
  .where(eq(departments.name, 'Desert Valley Fire & Medical'));

// Tops offered from XS to 4XL, where 2XL costs more: enough to change sizes and see the upcharge priced.
const tops = (await someProducts(app, 50)).filter((p) => p.sizes.some((s) => s.label === '2XL')).slice(0, 4);
const [A, B, C, D] = tops as [
  (typeof tops)[number],
  (typeof tops)[number],
  (typeof tops)[number],
  (typeof tops)[number],
];
const [cfg] = await db.select().from(settings);
const kindCents = (await decorationPrices(db)).cents;

type Line = { product: typeof A; size: string; quantity: number; customizations: Customization[] };
const NAME: Customization = { type: 'add_name', position: 'left_side', text: 'GARCIA' };
const US: Customization = { type: 'us_flag', position: 'right_side', text: null };
const AZ: Customization = { type: 'az_flag', position: 'left_side', text: null };

/**
 * The price of lines written out here from the seeded product rows and settings: the shop's quantity breaks per
 * garment (its pieces over all colours and sizes counted together; a percent off each piece's garment price, half up,
 * decorations not discounted) taken before tax, and tax half up on what is left.
 */
function expectedCents(lines: Line[]) {
  const garments = new Map<string, { count: number; pieces: { unit: number; quantity: number }[] }>();
  const subtotal = lines.reduce((sum, l) => {
    const upcharge = l.product.sizes.find((s) => s.label === l.size)!.upcharge_cents;
    const g = garments.get(l.product.baseName) ?? { count: 0, pieces: [] };
    g.count += l.quantity;
    g.pieces.push({ unit: l.product.basePriceCents + upcharge, quantity: l.quantity });
    garments.set(l.product.baseName, g);
    return sum + (l.product.basePriceCents + upcharge + customizationsCost(l.customizations, kindCents)) * l.quantity;
  }, 0);
  let off = 0;
  for (const g of garments.values()) {
    const pct = cfg!.quantityBreaks.findLast((b) => g.count >= b.minQuantity)?.percentOff ?? 0;
    for (const piece of g.pieces) off += Math.floor((piece.unit * pct * 2 + 100) / 200) * piece.quantity;
  }
  const taxed = subtotal - off;
  const tax = Number((BigInt(taxed) * BigInt(cfg!.taxRatePpm) * 2n + 1_000_000n) / 2_000_000n);
  return { subtotal, off, tax, total: taxed + tax };
}
// The breaks above are the shop's: none of these tops has its own.
expect(tops.map((p) => p.quantityBreaks)).toEqual([null, null, null, null]);

const body = (lines: Line[]) =>
  lines.map((l) => ({
    product_id: l.product.id,
    size: l.size,
    quantity: l.quantity,
    customizations: l.customizations,
  }));
const cartOf = (lines: Line[]): CartItem[] =>
  lines.map((l) => ({ productId: l.product.id, size: l.size, quantity: l.quantity, customizations: l.customizations }));

async function newOrder(user: SignedIn, lines: Line[], delivery: object = pickup) {
  await fillCart(app, user.id, cartOf(lines));
  const res = await app.inject({ method: 'POST', url: '/api/v1/orders/', headers: user.headers, payload: delivery });
  expect(res.statusCode).toBe(201);
  return res.json().order as Order;
}

const edit = (id: number, payload: object, headers = staff.headers) =>
  app.inject({ method: 'PUT', url: `/api/v1/orders/admin/${id}/items`, headers, payload });
const setStatus = (id: number, status: OrderStatus) => db.update(orders).set({ status }).where(eq(orders.id, id));
const lastEvent = async (id: number) =>
  (await db.select().from(orderEvents).where(eq(orderEvents.orderId, id)).orderBy(desc(orderEvents.id)).limit(1))[0]!;
const linesOf = (id: number) => db.select().from(orderLines).where(eq(orderLines.orderId, id)).orderBy(orderLines.id);
const usd = (cents: number) => formatUsd(cents / 100);

const placed: Line[] = [
  { product: A, size: 'M', quantity: 2, customizations: [] },
  { product: B, size: 'L', quantity: 1, customizations: [NAME] },
  { product: C, size: 'S', quantity: 1, customizations: [] },
];
const edited: Line[] = [
  { product: A, size: 'M', quantity: 3, customizations: [] },
  { product: B, size: '2XL', quantity: 1, customizations: [NAME, US] },
  { product: D, size: 'XL', quantity: 4, customizations: [AZ] },
];

describe('PUT /orders/admin/:id/items', () => {
  it('replaces the lines, re-priced to the cent, records what changed and mails the customer', async () => {
    const u = await signedIn(app);
    const order = await newOrder(u, placed);
    const before = expectedCents(placed);
    expect(Math.round(order.total * 100)).toBe(before.total);
    const after = expectedCents(edited);

    const res = await edit(order.id, {
      items: body(edited),
      comments: 'Swapped to 2XL as you asked on the phone',
      internal_note: 'Customer is difficult, double-check sizes',
    });
    expect(res.statusCode).toBe(200);
    const answer = res.json().order;
    expect(answer).toMatchObject({
      status: 'pending',
      subtotal: after.subtotal / 100,
      tax_amount: after.tax / 100,
      total: after.total / 100,
      item_count: 8,
    });
    expect(
      answer.items.map((i: Order['items'][number]) => [i.product_id, i.size, i.quantity, i.customizations.length]),
    ).toEqual([
      [A.id, 'M', 3, 0],
      [B.id, '2XL', 1, 2],
      [D.id, 'XL', 4, 1],
    ]);
    const b = answer.items[1];
    expect(b.unit_base_price).toBe((B.basePriceCents + 200) / 100);
    expect(b.unit_customization_price).toBe((kindCents.add_name! + kindCents.us_flag!) / 100);

    const event = await lastEvent(order.id);
    expect(event).toMatchObject({
      kind: 'edit',
      fromStatus: 'pending',
      toStatus: 'pending',
      actorType: 'staff',
      actorEmail: staff.email,
      comments: 'Swapped to 2XL as you asked on the phone',
      internalNote: 'Customer is difficult, double-check sizes',
      reason: null,
    });
    const name = (p: typeof A) => `${p.baseName} - ${p.color}`;
    expect(event.details).toBe(
      [
        `${name(A)} M: quantity 2 -> 3`,
        `${name(B)} L: size L -> 2XL, customizations Embroidered name "GARCIA" (left) -> Embroidered name "GARCIA" (left), US flag patch (right)`,
        `removed ${name(C)} S x1`,
        `added ${name(D)} XL x4 (Arizona flag patch (left))`,
        `total ${usd(before.total)} -> ${usd(after.total)}`,
      ].join('; '),
    );

    const mail = (await mailsTo(app, u.email)).at(-1)!;
    expect(mail).toMatchObject({ subject: `Order ${order.order_number} changed`, kind: 'order_edited' });
    for (const part of [
      `Total: ${usd(after.total)}`,
      `total ${usd(before.total)} -> ${usd(after.total)}`,
      `4 x ${name(D)}, size XL`,
      'Swapped to 2XL as you asked on the phone',
    ])
      expect(mail.textBody).toContain(part);
    expect(mail.htmlBody).toContain(usd(after.total));
    expect(mail.textBody + mail.htmlBody).not.toContain('double-check');

    const mine = await app.inject({ method: 'GET', url: `/api/v1/orders/${order.id}`, headers: u.headers });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().order).toMatchObject({ total: after.total / 100, item_count: 8 });
    expect(mine.json().order.items.map((i: { product_id: number }) => i.product_id)).toEqual([A.id, B.id, D.id]);
    expect(mine.body).not.toContain('double-check');
    expect(mine.json().order.events.at(-1)).toMatchObject({ actor_type: 'staff', actor_email: null });
  });

  it('refuses an order past production with 409 and leaves it as it was', async () => {
    const u = await signedIn(app);
    for (const [status, words] of [
      ['ready_for_pickup', 'ready for pickup'],
      ['shipped', 'shipped'],
      ['completed', 'completed'],
      ['denied', 'denied'],
      ['cancelled', 'cancelled'],
    ] as const) {
      const order = await newOrder(u, placed.slice(0, 1));
      await setStatus(order.id, status);
      const res = await edit(order.id, { items: body(edited) });
      expect(res.statusCode, status).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'ORDER_NOT_EDITABLE',
        detail: `This order is ${words} and can no longer be edited`,
      });
      expect((await linesOf(order.id)).map((l) => l.quantity)).toEqual([2]);
    }
  });

  it('answers 400 "Nothing changed" for the same lines, in any order and split, and writes nothing', async () => {
    const u = await signedIn(app);
    const order = await newOrder(u, placed);
    const mails = (await mailsTo(app, u.email)).length;
    const same = [placed[2]!, placed[1]!, { ...placed[0]!, quantity: 1 }, { ...placed[0]!, quantity: 1 }];
    const res = await edit(order.id, { items: body(same), comments: 'No change really' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'NOTHING_CHANGED', detail: 'Nothing changed' });
    expect((await lastEvent(order.id)).kind).toBe('status');
    expect((await mailsTo(app, u.email)).length).toBe(mails);
  });

  it('answers 400 naming the field for invalid lines, and changes nothing', async () => {
    const order = await newOrder(customer, placed);
    const good = body(placed);
    for (const [items, field, detail] of [
      [[{ ...good[0]!, quantity: 0 }], 'items.0.quantity', 'Quantity must be at least 1'],
      [[good[0], { ...good[1]!, quantity: 100 }], 'items.1.quantity', 'Quantity can be at most 99'],
      [
        [good[0], { ...good[1]!, size: '9XL' }],
        'items.1.size',
        `Size 9XL is not available for ${B.baseName} - ${B.color}`,
      ],
      [[{ ...good[0]!, product_id: 999999 }], 'items.0.product_id', 'One of the products no longer exists'],
      [
        [{ ...good[0]!, customizations: [{ type: 'add_name', position: 'left_side', text: 'R2D2' }] }],
        'items.0.customizations.add_name.text',
        undefined,
      ],
      [[], 'items', 'An order needs at least one item'],
    ] as const) {
      const res = await edit(order.id, { items });
      expect(res.statusCode, field).toBe(400);
      expect(
        res.json().errors.map((e: { field: string }) => e.field),
        field,
      ).toContain(field);
      if (detail) expect(res.json().detail).toBe(detail);
    }
    expect((await edit(order.id, {})).json().errors[0].field).toBe('items');
    const tooLong = await edit(order.id, { items: body(edited), internal_note: 'x'.repeat(2001) });
    expect(tooLong.json().errors[0]).toEqual({
      field: 'internal_note',
      message: 'The internal note must be at most 2000 characters',
    });
    expect((await linesOf(order.id)).map((l) => [l.productId, l.quantity])).toEqual(
      placed.map((l) => [l.product.id, l.quantity]),
    );
    expect((await lastEvent(order.id)).kind).toBe('status');
  });

  it('is for staff: an employee may, a customer gets 403, a guest 401, an unknown order 404', async () => {
    const order = await newOrder(customer, placed);
    expect((await edit(order.id, { items: body(edited) }, customer.headers)).statusCode).toBe(403);
    expect((await edit(order.id, { items: body(edited) }, json)).statusCode).toBe(401);
    const missing = await edit(999999, { items: body(edited) });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe('Order not found');
    expect((await edit(order.id, { items: body(edited) })).statusCode).toBe(200);
  });
});

describe("the order's own pricing rules", () => {
  it("keeps its department's tax exemption and its shipping when re-priced", async () => {
    await addTaxExemptDepartment(app);
    const u = await signedIn(app, 'other', { email: `clerk-${Date.now()}@maricopa.test` });
    const order = await newOrder(u, placed, shipping);
    const res = await edit(order.id, { items: body(edited) });
    expect(res.statusCode).toBe(200);
    const { subtotal } = expectedCents(edited);
    expect(res.json().order).toMatchObject({
      status: 'pending',
      subtotal: subtotal / 100,
      tax_amount: 0,
      shipping_cost: cfg!.shippingCostCents / 100,
      total: (subtotal + cfg!.shippingCostCents) / 100,
      tax_exempt_reason: 'Tax exempt: Maricopa County',
    });
    expect(res.json().order.adjustments.map((a: { kind: string }) => a.kind)).toEqual([
      'tax',
      'tax_exemption',
      'shipping',
    ]);
  });

  it('holds the order row for the whole edit: a concurrent move to production never loses either change', async () => {
    const list: Order[] = [];
    for (let i = 0; i < 8; i++) list.push(await newOrder(customer, placed));
    const results = await Promise.all(
      list.map(async (order) => {
        const [edit1, moved] = await Promise.all([
          edit(order.id, { items: body(edited) }),
          app.inject({
            method: 'PUT',
            url: `/api/v1/orders/${order.id}/status`,
            headers: staff.headers,
            payload: { status: 'in_production' },
          }),
        ]);
        return { order, edit: edit1.statusCode, code: edit1.json().code, moved: moved.statusCode };
      }),
    );
    for (const r of results) {
      expect(r.moved).toBe(200);
      const [row] = await db.select().from(orders).where(eq(orders.id, r.order.id));
      expect(row!.status).toBe('in_production');
      const quantities = (await linesOf(r.order.id)).map((l) => l.quantity);
      // Either the edit came first and production makes the new lines, or production came first and the edit, sent
      // without a reason, was refused (in production an edit needs one).
      if (r.edit === 200) expect(quantities).toEqual([3, 1, 4]);
      else {
        expect([r.edit, r.code]).toEqual([400, 'REASON_REQUIRED']);
        expect(quantities).toEqual([2, 1, 1]);
      }
    }
  });
});

describe('a staff edit of an order that needs approval', () => {
  const approvalMails = async (to: string) => (await mailsTo(app, to)).filter((m) => m.kind === 'approval_request');
  const show = (t: string) => app.inject({ method: 'GET', url: `/api/v1/approvals/${t}` });
  const approve = (t: string) =>
    app.inject({ method: 'POST', url: `/api/v1/approvals/${t}/approve`, headers: json, payload: {} });

  async function approvedDepartmentOrder() {
    const u = await signedIn(app, 'other', {
      email: `crew-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@dvfire.gov`,
    });
    const order = await newOrder(u, placed);
    expect(order.status).toBe('awaiting_approval');
    const tokens = await Promise.all(APPROVERS.map(async (a) => (await approvalTokensFromMail(app, a)).at(-1)!));
    expect((await approve(tokens[0]!)).statusCode).toBe(200);
    return { user: u, order, tokens };
  }

  it('goes back to awaiting approval when the total grows: old links die, new links go to the approvers', async () => {
    const { user, order, tokens } = await approvedDepartmentOrder();
    const sentBefore = await Promise.all(APPROVERS.map(approvalMails));
    const res = await edit(order.id, { items: body(edited), internal_note: 'Chief asked for more' });
    expect(res.statusCode).toBe(200);
    expect(res.json().order.status).toBe('awaiting_approval');
    const before = expectedCents(placed).total;
    const after = expectedCents(edited).total;
    expect(await lastEvent(order.id)).toMatchObject({
      kind: 'edit',
      fromStatus: 'pending',
      toStatus: 'awaiting_approval',
      reason: `The total grew from ${usd(before)} to ${usd(after)} with a staff edit, so the order needs approval again`,
    });

    // The second approver's old link never decided anything and is now dead.
    // A replaced link answers as unknown: its page says links from older requests stop working.
    const old = await show(tokens[1]!);
    expect(old.statusCode).toBe(404);
    expect((await approve(tokens[1]!)).statusCode).toBe(409);

    const sentAfter = await Promise.all(APPROVERS.map(approvalMails));
    const fresh = sentAfter.map((list, i) => list.slice(sentBefore[i]!.length));
    expect(fresh.map((l) => l.length)).toEqual([1, 1]);
    expect(fresh[0]![0]!.textBody).toContain('needs your approval again');
    expect(fresh[0]![0]!.textBody).toContain(`Total: ${usd(after)}`);
    expect(fresh[0]![0]!.textBody).not.toContain('Chief asked');
    const newToken = (await approvalTokensFromMail(app, APPROVERS[1]!)).at(-1)!;
    expect(newToken).not.toBe(tokens[1]);
    expect((await show(newToken)).json().approval.state).toBe('open');
    expect((await mailsTo(app, user.email)).at(-1)!.textBody).toContain(
      'sent to Desert Valley Fire & Medical for approval',
    );

    // Growing again within 10 minutes of that e-mail: the links stay, show the new total, and no e-mail goes out
    // (security round 4, finding 8).
    const bigger = edited.map((l) => ({ ...l, quantity: l.quantity + 1 }));
    const again = await edit(order.id, { items: body(bigger) });
    expect(again.json().order.status).toBe('awaiting_approval');
    expect((await show(newToken)).json().order.total).toBe(expectedCents(bigger).total / 100);
    expect(await approvalMails(APPROVERS[1]!)).toHaveLength(sentAfter[1]!.length);

    // Growing again once the 10 minutes are over: the links of the last round die and new ones go out.
    await db
      .update(rateLimits)
      .set({ windowStartedAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(rateLimits.key, `approval-resend:${order.id}`));
    const biggest = bigger.map((l) => ({ ...l, quantity: l.quantity + 1 }));
    expect((await edit(order.id, { items: body(biggest) })).json().order.status).toBe('awaiting_approval');
    expect((await show(newToken)).statusCode).toBe(404);
    expect((await approve(newToken)).json()).toMatchObject({
      code: 'APPROVAL_REPLACED',
      detail: 'This order was changed and sent again; this link no longer works. Use the link in the latest e-mail.',
    });
    const newest = (await approvalTokensFromMail(app, APPROVERS[1]!)).at(-1)!;
    const decided = await approve(newest);
    expect(decided.statusCode).toBe(200);
    expect(decided.json()).toMatchObject({
      order: { status: 'pending' },
      approval: { decision: { status: 'pending', by: APPROVERS[1] } },
    });
  });

  it('ten edits in seconds mail each approver once and the customer once; the kept link decides the latest version (security round 4, finding 8)', async () => {
    const u = await signedIn(app, 'other', {
      email: `crew-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@dvfire.gov`,
    });
    const order = await newOrder(u, placed);
    expect(order.status).toBe('awaiting_approval');
    const sentBefore = await Promise.all(APPROVERS.map(approvalMails));
    let lines = placed;
    for (let i = 1; i <= 10; i += 1) {
      lines = placed.map((l) => ({ ...l, quantity: l.quantity + i }));
      const res = await edit(order.id, { items: body(lines) });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().order.status).toBe('awaiting_approval');
    }
    const latest = expectedCents(lines).total;
    const sentAfter = await Promise.all(APPROVERS.map(approvalMails));
    expect(sentAfter.map((list, i) => list.length - sentBefore[i]!.length)).toEqual([1, 1]);
    const changed = (await mailsTo(app, u.email)).filter((m) => m.kind === 'order_edited');
    expect(changed).toHaveLength(1);
    expect(changed[0]!.textBody).toContain(usd(latest));

    // The link in the last e-mail still works and shows the order as it is now.
    const token = (await approvalTokensFromMail(app, APPROVERS[0]!)).at(-1)!;
    const page = await show(token);
    expect(page.statusCode).toBe(200);
    expect(page.json().order.total).toBe(latest / 100);
    // A page opened before the last edit decides nothing; the page as it is now does.
    const stale = await app.inject({
      method: 'POST',
      url: `/api/v1/approvals/${token}/approve`,
      headers: json,
      payload: { order_updated_at: order.updated_at },
    });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'APPROVAL_ORDER_CHANGED' });
    const decided = await app.inject({
      method: 'POST',
      url: `/api/v1/approvals/${token}/approve`,
      headers: json,
      payload: { order_updated_at: page.json().order.updated_at },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json().order).toMatchObject({ status: 'pending', total: latest / 100 });

    // Once that mail is sent, the next edit's mail waits for the end of the window, and a later one rewrites it.
    await db.update(outbox).set({ status: 'sent', sentAt: new Date() }).where(eq(outbox.id, changed[0]!.id));
    for (const quantity of [1, 2]) {
      const res = await edit(order.id, { items: body(placed.map((l) => ({ ...l, quantity }))) });
      expect(res.statusCode, res.body).toBe(200);
    }
    const later = (await mailsTo(app, u.email)).filter((m) => m.kind === 'order_edited');
    expect(later).toHaveLength(2);
    expect(later[1]!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 9 * 60_000);
    expect(later[1]!.textBody).toContain(usd(expectedCents(placed.map((l) => ({ ...l, quantity: 2 }))).total));
  });

  it('never makes the person who placed the order its approver', async () => {
    const u = await signedIn(app, 'other', { email: `chief-${Date.now()}@dvfire.gov` });
    await db
      .update(departments)
      .set({ approverEmails: [u.email, APPROVERS[0]!] })
      .where(eq(departments.name, 'Desert Valley Fire & Medical'));
    try {
      const order = await newOrder(u, placed);
      const res = await edit(order.id, { items: body(edited) });
      expect(res.json().order.status).toBe('awaiting_approval');
      expect(await approvalMails(u.email)).toEqual([]);
      expect((await approvalMails(APPROVERS[0]!)).at(-1)!.textBody).toContain('needs your approval again');
    } finally {
      await db
        .update(departments)
        .set({ approverEmails: APPROVERS })
        .where(eq(departments.name, 'Desert Valley Fire & Medical'));
    }
  });

  it('keeps the order pending when the total does not grow, and sends no approval mail', async () => {
    const { order } = await approvedDepartmentOrder();
    const sentBefore = await Promise.all(APPROVERS.map(approvalMails));
    const smaller = [{ ...placed[0]!, quantity: 1 }, placed[1]!];
    const res = await edit(order.id, { items: body(smaller) });
    expect(res.statusCode).toBe(200);
    expect(res.json().order).toMatchObject({ status: 'pending', total: expectedCents(smaller).total / 100 });
    expect(await lastEvent(order.id)).toMatchObject({
      kind: 'edit',
      fromStatus: 'pending',
      toStatus: 'pending',
      reason: null,
    });
    expect(await Promise.all(APPROVERS.map(approvalMails))).toEqual(sentBefore);
  });
});
