import sharp from 'sharp';
import { desc, eq, gt } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { API_BASE } from '../../shared/constants';
import { isStaffWrite } from '../audit';
import { writtenOutsideTransaction } from '../audit/install';
import { auditLog, heldMail, messages, orders, outbox, products } from '../db/schema';
import { postContact, validGuest } from '../test/contact';
import { fillCart, shipping } from '../test/orders';
import { signedIn, type SignedIn } from '../test/users';
import { appWithRoutes, key } from './route-kit';

// Every staff and admin write route, found from the server's own routes (onRoute), must write exactly one audit row
// when it succeeds, in its change's transaction. A new route fails here with its method and path until it declares
// config.audit and has a sample call below.
const { app, routes } = await appWithRoutes();
const db = app.deps.db;
const origin = new URL(app.deps.config.appUrl).origin;

const employee = await signedIn(app, 'employee');
const admin = await signedIn(app, 'admin');
const staffWrites = routes.filter((r) => isStaffWrite(r.method, r.access, r.readsOnly));

type Call = {
  as: SignedIn;
  params?: Record<string, string | number>;
  payload?: unknown;
  multipart?: boolean;
  /** The multipart form's text fields (a product photo's side when absent). */
  fields?: Record<string, string>;
};

const api = (who: SignedIn, method: string, url: string, payload?: unknown) =>
  app.inject({
    method: method as 'POST',
    url: `${API_BASE}${url}`,
    headers: who.headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

let seq = 0;
async function placedOrder(opts: { approval?: boolean; ship?: boolean } = {}) {
  seq += 1;
  const email = opts.approval ? `crew${seq}-${process.pid}@auditfire.gov` : undefined;
  const customer = await signedIn(app, 'other', email ? { email } : {});
  await fillCart(app, customer.id, [{ quantity: 2 }]);
  const res = await api(customer, 'POST', '/orders/', opts.ship ? shipping : { fulfillment: 'pickup' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().order as { id: number; order_number: string; items: { product_id: number; size: string }[] };
}

const department = await api(admin, 'POST', '/departments/', {
  name: `Audit Fire ${process.pid}`,
  domains: ['auditfire.gov'],
  approver_emails: ['chief@auditfire.gov'],
  requires_approval: true,
});
expect(department.statusCode, department.body).toBe(201);
const departmentId = department.json().department.id as number;

async function quoteItem() {
  const [p] = await db.select().from(products).where(eq(products.active, true)).orderBy(products.id).limit(1);
  return { product_id: p!.id, size: p!.sizes[0]!.label, quantity: 2, customizations: [] };
}

/** A quote staff started for a new customer, to be priced or sent. */
async function startedQuote() {
  const res = await api(employee, 'POST', `/quotes/admin/for-customer/${(await signedIn(app)).id}`, {
    items: [await quoteItem()],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().quote.id as number;
}

async function contactMessage() {
  const res = await postContact(app, validGuest());
  expect(res.statusCode, res.body).toBe(201);
  const conversationId = res.json().conversation_id as number;
  const [m] = await db.select().from(messages).where(eq(messages.conversationId, conversationId));
  return { conversationId, messageId: m!.id };
}

const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#c01020' } })
  .png()
  .toBuffer();
function multipart(fields: Record<string, string>, file: Uint8Array) {
  const boundary = `----audit${seq++}`;
  const parts: Uint8Array[] = Object.entries(fields).map(([k, v]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
  );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

const kitBody = async () => ({
  department_id: departmentId,
  name: `Audit kit ${seq++}`,
  items: [{ product_id: (await someProduct()).id, quantity: 2, decorations: [] }],
});
async function newKit(): Promise<number> {
  const res = await api(admin, 'POST', '/kits/admin/', await kitBody());
  expect(res.statusCode, res.body).toBe(201);
  return res.json().kit.id as number;
}

async function newArtwork(): Promise<number> {
  const body = multipart({ name: `Audit logo ${seq++}`, customer_id: String(admin.id) }, png);
  const res = await app.inject({
    method: 'POST',
    url: `${API_BASE}/artwork/admin`,
    headers: { cookie: admin.cookie, 'content-type': body.type, origin },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().artwork.id as number;
}

/** A kind with a fresh key each call (a key is unique). */
/** A synonym group made for a route to change or delete. */
const newSynonyms = async () => {
  const made = await api(admin, 'POST', '/admin/search-synonyms', { words: [`watch cap ${seq++}`, 'beanie'] });
  expect(made.statusCode, made.body).toBe(201);
  return made.json().group.id as number;
};
const decorationKindBody = () => ({
  key: `audit_patch_${seq++}`,
  label: 'Audit patch',
  price: 4.5,
  positions: ['left_sleeve'],
});

const someProduct = async () => (await db.select().from(products).where(eq(products.active, true)).limit(1))[0]!;
const newProduct = {
  base_name: `Audit Tee ${process.pid}`,
  category: 'shirts',
  base_price: 20,
  sizes: [{ label: 'M', upcharge: 0 }],
  color: 'Navy',
  color_hex: '#1f2a44',
};

/** A call that succeeds, per route (keys as in the route matrix); both spellings of a path share one. */
const SAMPLES: Record<string, () => Promise<Call>> = {
  'PUT /settings/': async () => ({
    as: admin,
    payload: { tax_rate: 0.081, shipping_cost: 12.5, customization_cost: 5 },
  }),
  'PUT /settings/logo-prices': async () => ({
    as: admin,
    payload: {
      bands: [
        { up_to: 5000, price: 4.5 },
        { up_to: 8000, price: 6 },
        { up_to: 12000, price: 8 },
      ],
      extra_per_thousand: 0.6,
      estimate_stitches: 8000,
      digitising_fee: 35,
    },
  }),
  'PUT /settings/identity': async () => ({
    as: admin,
    payload: {
      trading_name: 'Copper State Uniforms',
      legal_name: 'Copper State Uniforms & Embroidery LLC',
      street: '2150 W Grant St',
      city: 'Phoenix',
      region: 'AZ',
      postal_code: '85009',
      phone: '6025550148',
      email: 'orders@copperstateuniforms.example',
    },
  }),
  'PUT /users/signin-policy/': async () => ({ as: admin, payload: { policy: 'open' } }),
  'POST /users/allowed-emails/': async () => ({ as: admin, payload: { pattern: `@audit${seq++}.test` } }),
  'DELETE /users/allowed-emails/:id': async () => {
    const res = await api(admin, 'POST', '/users/allowed-emails/', { pattern: `@gone${seq++}.test` });
    return { as: admin, params: { id: res.json().entry.id } };
  },
  'PATCH /users/:id': async () => ({
    as: admin,
    params: { id: (await signedIn(app)).id },
    payload: { role: 'employee' },
  }),
  'POST /departments/': async () => ({ as: admin, payload: { name: `Audit Dept ${seq++}`, requires_approval: false } }),
  'PATCH /departments/:id': async () => ({
    as: admin,
    params: { id: departmentId },
    payload: { name: `Audit Fire ${process.pid} ${seq++}` },
  }),
  'DELETE /departments/:id': async () => {
    const res = await api(admin, 'POST', '/departments/', { name: `Doomed ${seq++}`, requires_approval: false });
    return { as: admin, params: { id: res.json().department.id } };
  },
  'PUT /departments/:id/allowances/:userId': async () => {
    await api(admin, 'PATCH', `/departments/${departmentId}`, { allowance_amount: 100 });
    const member = await signedIn(app, 'other', { email: `member${seq++}-${process.pid}@auditfire.gov` });
    return { as: admin, params: { id: departmentId, userId: member.id }, payload: { amount: 50 } };
  },
  'POST /departments/:id/statement': async () => ({ as: admin, params: { id: departmentId }, payload: {} }),
  'POST /kits/admin/': async () => ({ as: admin, payload: await kitBody() }),
  'PUT /kits/admin/:id': async () => {
    const { department_id: _, ...body } = await kitBody();
    return { as: admin, params: { id: await newKit() }, payload: { ...body, name: `Edited kit ${seq++}` } };
  },
  'DELETE /kits/admin/:id': async () => ({ as: admin, params: { id: await newKit() } }),
  'POST /admin/products/': async () => ({ as: admin, payload: { ...newProduct, color: `Navy ${seq++}` } }),
  'PATCH /admin/products/:id': async () => ({
    as: admin,
    params: { id: (await someProduct()).id },
    payload: { description: `Edited ${seq++}` },
  }),
  'PUT /admin/products/:id/quantity-breaks': async () => ({
    as: admin,
    params: { id: (await someProduct()).id },
    payload: { breaks: [{ min_quantity: 10 + (seq++ % 50), percent_off: 5 }] },
  }),
  'POST /decorations/admin/': async () => ({ as: admin, payload: decorationKindBody() }),
  'PUT /decorations/admin/:id': async () => {
    const made = await api(admin, 'POST', '/decorations/admin/', decorationKindBody());
    expect(made.statusCode, made.body).toBe(201);
    return {
      as: admin,
      params: { id: made.json().kind.id as number },
      payload: { price: 6.25, label: 'Edited patch' },
    };
  },
  'POST /admin/search-synonyms': async () => ({ as: admin, payload: { words: [`beanie${seq++}`, 'knit cap'] } }),
  'PUT /admin/search-synonyms/:id': async () => ({
    as: admin,
    params: { id: await newSynonyms() },
    payload: { words: [`toque${seq++}`, 'knit cap'] },
  }),
  'DELETE /admin/search-synonyms/:id': async () => ({ as: admin, params: { id: await newSynonyms() } }),
  'PUT /admin/quantity-breaks': async () => ({
    as: admin,
    payload: { breaks: [{ min_quantity: 12 + (seq++ % 50), percent_off: 5 }] },
  }),
  'POST /admin/products/:id/images': async () => ({
    as: admin,
    params: { id: (await someProduct()).id },
    multipart: true,
  }),
  'POST /artwork/admin': async () => ({
    as: employee,
    multipart: true,
    fields: { name: `Audit logo ${seq++}`, customer_id: String(admin.id) },
  }),
  'POST /artwork/admin/:id/proofs': async () => ({
    as: employee,
    params: { id: await newArtwork() },
    multipart: true,
    fields: { stitch_count: '5000', thread_colours: 'Navy', width_in: '3', height_in: '2', note: '' },
  }),
  'DELETE /admin/products/:id/images/:side': async () => ({
    as: admin,
    params: { id: (await someProduct()).id, side: 'front' },
  }),
  'PUT /orders/:id/status': async () => ({
    as: employee,
    params: { id: (await placedOrder()).id },
    payload: { status: 'in_production' },
  }),
  'POST /orders/admin/bulk-status': async () => ({
    as: employee,
    payload: { order_ids: [(await placedOrder()).id], status: 'in_production' },
  }),
  'POST /orders/admin/shipments': async () => {
    const order = await placedOrder({ ship: true });
    await db.update(orders).set({ status: 'in_production' }).where(eq(orders.id, order.id));
    const row = { order_number: order.order_number, carrier: 'UPS', tracking_number: '1Z999AA10123456784' };
    return { as: employee, payload: { rows: [row], apply: true, allow_unpaid: true } };
  },
  'PUT /orders/admin/:id/due-date': async () => ({
    as: employee,
    params: { id: (await placedOrder()).id },
    payload: { due_date: '2099-12-31', comments: 'The chief needs them for the parade' },
  }),
  'POST /customers/:id/notes': async () => ({
    as: employee,
    params: { id: (await signedIn(app)).id },
    payload: { body: 'Prefers a call after 3 PM.' },
  }),
  'POST /contact/customers/:id/messages': async () => ({
    as: employee,
    params: { id: (await signedIn(app)).id },
    payload: { message: 'Your name tapes are ready to pick up.' },
  }),
  'POST /orders/admin/:id/notes': async () => ({
    as: employee,
    params: { id: (await placedOrder()).id },
    payload: { note: 'Customer called about sizes' },
  }),
  'PUT /orders/admin/:id/items': async () => {
    const order = await placedOrder();
    const line = order.items[0]!;
    return {
      as: employee,
      params: { id: order.id },
      payload: { items: [{ product_id: line.product_id, size: line.size, quantity: 3, customizations: [] }] },
    };
  },
  'POST /orders/admin/for-customer/:customerId': async () => {
    const product = await someProduct();
    return {
      as: employee,
      params: { customerId: (await signedIn(app)).id },
      payload: {
        items: [{ product_id: product.id, size: product.sizes[0]!.label, quantity: 1, customizations: [] }],
        channel: 'phone',
        fulfillment: 'pickup',
      },
    };
  },
  'POST /quotes/admin/for-customer/:customerId': async () => ({
    as: employee,
    params: { customerId: (await signedIn(app)).id },
    payload: { items: [await quoteItem()], note: 'Phoned in' },
  }),
  'PUT /quotes/admin/:id': async () => ({
    as: employee,
    params: { id: await startedQuote() },
    payload: { lines: [{ ...(await quoteItem()), unit_price: 12.5 }], valid_until: '2100-01-01' },
  }),
  'POST /quotes/admin/:id/send': async () => {
    const id = await startedQuote();
    const priced = await api(employee, 'PUT', `/quotes/admin/${id}`, {
      lines: [{ ...(await quoteItem()), unit_price: 12.5 }],
      valid_until: '2100-01-01',
    });
    expect(priced.statusCode, priced.body).toBe(200);
    return { as: employee, params: { id } };
  },
  'POST /orders/admin/:id/payments': async () => ({
    as: employee,
    params: { id: (await placedOrder()).id },
    payload: { amount: 5, method: 'cash' },
  }),
  'POST /orders/admin/:id/refunds': async () => {
    const order = await placedOrder();
    await api(employee, 'POST', `/orders/admin/${order.id}/payments`, { amount: 5, method: 'cash' });
    return { as: employee, params: { id: order.id }, payload: { amount: 5, method: 'cash', reason: 'Goodwill' } };
  },
  'POST /payments/admin/allocations': async () => {
    const customer = await signedIn(app);
    await fillCart(app, customer.id, [{ quantity: 1 }]);
    const placed = await api(customer, 'POST', '/orders/', { fulfillment: 'pickup' });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().order as { id: number; total: number };
    return {
      as: employee,
      payload: {
        customer_id: customer.id,
        method: 'check',
        reference: 'Check 9',
        amount: order.total,
        orders: [{ id: order.id, amount: order.total }],
      },
    };
  },
  'POST /orders/admin/:id/credits': async () => ({
    as: employee,
    params: { id: (await placedOrder()).id },
    payload: { amount: 2, reason: 'Late' },
  }),
  'POST /orders/admin/:id/cancel': async () => ({
    as: employee,
    params: { id: (await placedOrder()).id },
    payload: { comments: 'Asked to cancel' },
  }),
  'POST /orders/admin/:id/approvals/resend': async () => ({
    as: employee,
    params: { id: (await placedOrder({ approval: true })).id },
  }),
  'POST /orders/admin/:id/approvals/record': async () => ({
    as: employee,
    params: { id: (await placedOrder({ approval: true })).id },
    payload: { decision: 'approve', reason: 'Chief approved by phone' },
  }),
  'POST /contact/orders/:id/messages': async () => ({
    as: employee,
    params: { id: (await placedOrder()).id },
    payload: { message: 'Your order is on the press.' },
  }),
  'PUT /contact/:id/read': async () => ({ as: employee, params: { id: (await contactMessage()).messageId } }),
  'POST /contact/:id/send-reply': async () => ({
    as: employee,
    params: { id: (await contactMessage()).messageId },
    payload: { message: 'Thanks, we will call you.' },
  }),
  'PATCH /contact/:id': async () => ({
    as: employee,
    params: { id: (await contactMessage()).messageId },
    payload: { archived: true },
  }),
  'PUT /contact/conversations/:id/assignee': async () => ({
    as: employee,
    params: { id: (await contactMessage()).conversationId },
    payload: { user_id: employee.id },
  }),
  'PUT /contact/conversations/:id/unread': async () => {
    const { conversationId, messageId } = await contactMessage();
    await api(employee, 'PUT', `/contact/${messageId}/read`);
    return { as: employee, params: { id: conversationId } };
  },
  'POST /contact/held/:id/accept': async () => ({ as: employee, params: { id: await held() } }),
  'DELETE /contact/held/:id': async () => ({ as: employee, params: { id: await held() } }),
  'POST /contact/saved-replies': async () => ({ as: admin, payload: { title: `Hours ${seq++}`, body: 'Open 8-5.' } }),
  'PATCH /contact/saved-replies/:id': async () => ({
    as: admin,
    params: { id: await savedReply() },
    payload: { body: 'Open 7-4.' },
  }),
  'DELETE /contact/saved-replies/:id': async () => ({ as: admin, params: { id: await savedReply() } }),
  'POST /admin/mail/:id/resend': async () => ({ as: admin, params: { id: await failedMail() } }),
  'POST /admin/mail/resend-failed': async () => {
    await failedMail();
    return { as: admin };
  },
  'POST /admin/backup': async () => ({ as: admin }),
};

/** A mail the outbox gave up on (the resend-failed sample finds exactly this one: the others went back to pending). */
async function failedMail() {
  const [row] = await db
    .insert(outbox)
    .values({
      toAddress: 'gone@example.test',
      subject: 'Hi',
      textBody: 't',
      htmlBody: 'h',
      kind: 'test',
      status: 'failed',
    })
    .returning();
  return row!.id;
}

async function held() {
  const { conversationId } = await contactMessage();
  const [row] = await db
    .insert(heldMail)
    .values({
      conversationId,
      reason: 'other_address',
      fromAddress: 'someone@else.test',
      fromName: 'Someone',
      subject: 'Re: your order',
      body: 'Is it ready?',
    })
    .returning();
  return row!.id;
}
async function savedReply() {
  const res = await api(admin, 'POST', '/contact/saved-replies', { title: `Reply ${seq++}`, body: 'Hello.' });
  return res.json().saved_reply.id as number;
}

/** The sample for a route: its key, or the same path's other spelling (with or without the trailing slash). */
const sampleFor = (k: string) => SAMPLES[k] ?? SAMPLES[k.endsWith('/') ? k.slice(0, -1) : `${k}/`];

const lastId = async () =>
  (await db.select({ id: auditLog.id }).from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0]?.id ?? 0;

describe('the audit log covers every staff write route', () => {
  it('finds the staff and admin write routes from the server itself', () => {
    expect(staffWrites.length).toBeGreaterThan(30);
  });

  it('each one declares what it records (config.audit)', () => {
    const missing = staffWrites.filter((r) => !r.audit).map(key);
    expect(missing, 'declare config.audit: { kind, entity } on these routes').toEqual([]);
  });

  it('each one has a sample call here', () => {
    const missing = staffWrites.map(key).filter((k) => !sampleFor(k));
    expect(missing, 'add a successful call for each to SAMPLES in audit-matrix.test.ts').toEqual([]);
  });

  it('each one, when it succeeds, writes exactly one row: who, what, from where', async () => {
    const failures: string[] = [];
    for (const route of staffWrites) {
      const k = key(route);
      const make = sampleFor(k);
      if (!make) continue;
      let call: Call;
      try {
        call = await make();
      } catch (err) {
        failures.push(`${k}: the sample's set-up failed: ${(err as Error).message.slice(0, 200)}`);
        continue;
      }
      const url = route.url.replace(/:([A-Za-z_]+)/g, (_m, name: string) => String(call.params?.[name] ?? '0'));
      const before = await lastId();
      const ip = `10.9.${seq % 250}.${(seq++ % 250) + 1}`;
      const body = call.multipart ? multipart(call.fields ?? { side: 'front' }, png) : null;
      const res = await app.inject({
        method: route.method as 'POST',
        url,
        remoteAddress: ip,
        headers: body ? { cookie: call.as.cookie, 'content-type': body.type, origin } : call.as.headers,
        ...(body ? { payload: body.payload } : call.payload === undefined ? {} : { payload: call.payload as object }),
      });
      if (res.statusCode >= 300) {
        failures.push(`${k}: the sample call answered ${res.statusCode} ${res.body.slice(0, 200)}`);
        continue;
      }
      const rows = await db.select().from(auditLog).where(gt(auditLog.id, before));
      if (rows.length !== 1) {
        failures.push(`${k}: ${rows.length} audit rows, expected 1`);
        continue;
      }
      const row = rows[0]!;
      const want = { actorId: call.as.id, actorEmail: call.as.email, ip, kind: route.audit!.kind, route: route.url };
      const got = { actorId: row.actorId, actorEmail: row.actorEmail, ip: row.ip, kind: row.kind, route: row.route };
      if (JSON.stringify(got) !== JSON.stringify(want)) failures.push(`${k}: ${JSON.stringify(got)}`);
    }
    expect(failures).toEqual([]);
    expect([...writtenOutsideTransaction], 'these routes changed data outside a transaction').toEqual([]);
  }, 120_000);
});

describe('what a row holds', () => {
  it('names the fields that changed, before and after, and the input', async () => {
    const before = await lastId();
    const res = await api(admin, 'PUT', '/settings/', { tax_rate: 0.0925, shipping_cost: 9, customization_cost: 5 });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await db.select().from(auditLog).where(gt(auditLog.id, before));
    expect(row).toMatchObject({ kind: 'settings.update', entityType: 'settings', entityId: '1', method: 'PUT' });
    expect(row!.changes).toMatchObject({ tax_rate_ppm: { before: expect.any(Number), after: 92500 } });
    expect(row!.changes).not.toHaveProperty('shipping_cost_cents.before', 900);
    expect(row!.input).toEqual({ tax_rate: 0.0925, shipping_cost: 9, customization_cost: 5 });
  });

  it('a create names the new record; a delete shows what was there', async () => {
    const before = await lastId();
    const made = await api(admin, 'POST', '/contact/saved-replies', { title: 'Parking', body: 'Park in the back.' });
    const id = made.json().saved_reply.id as number;
    await api(admin, 'DELETE', `/contact/saved-replies/${id}`);
    const rows = await db.select().from(auditLog).where(gt(auditLog.id, before)).orderBy(auditLog.id);
    expect(rows.map((r) => [r.kind, r.entityId])).toEqual([
      ['saved_reply.create', String(id)],
      ['saved_reply.delete', String(id)],
    ]);
    expect(rows[0]!.changes).toMatchObject({ title: { before: null, after: 'Parking' } });
    expect(rows[1]!.changes).toMatchObject({ title: { before: 'Parking', after: null } });
  });

  it('a refused request writes nothing: bad input, a missing record, an illegal move rolled back', async () => {
    const order = await placedOrder();
    const before = await lastId();
    expect((await api(admin, 'PUT', '/settings/', { tax_rate: 'lots' })).statusCode).toBe(400);
    expect((await api(employee, 'POST', '/orders/admin/999999/notes', { note: 'x' })).statusCode).toBe(404);
    expect((await api(employee, 'PUT', `/orders/${order.id}/status`, { status: 'completed' })).statusCode).toBe(409);
    expect(await lastId()).toBe(before);
  });

  it('keeps a change whose text holds a lone surrogate (jsonb refuses one): the log says U+FFFD', async () => {
    const order = await placedOrder();
    const before = await lastId();
    const res = await api(employee, 'POST', `/orders/admin/${order.id}/notes`, { note: 'Broken \ud800 text' });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await db.select().from(auditLog).where(gt(auditLog.id, before));
    expect(row!.input).toEqual({ note: 'Broken \ufffd text' });
  });

  it('a bulk move writes one row per order moved, in that order’s transaction, and none for an order refused', async () => {
    const [a, b, c] = [await placedOrder(), await placedOrder(), await placedOrder()];
    await api(employee, 'POST', `/orders/admin/${c.id}/cancel`, {});
    const before = await lastId();
    const res = await api(employee, 'POST', '/orders/admin/bulk-status', {
      order_ids: [a.id, b.id, c.id],
      status: 'in_production',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().failed.map((f: { id: number }) => f.id)).toEqual([c.id]);
    const rows = await db.select().from(auditLog).where(gt(auditLog.id, before)).orderBy(auditLog.id);
    expect(rows.map((r) => [r.kind, r.entityId])).toEqual([
      ['order.bulk_status', String(a.id)],
      ['order.bulk_status', String(b.id)],
    ]);
    expect(new Set(rows.map((r) => r.requestId)).size).toBe(1);
    expect(rows[0]!.changes).toMatchObject({ status: { before: 'pending', after: 'in_production' } });
  });
});
