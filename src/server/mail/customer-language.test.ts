import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Order } from '../../shared/orders';
import { departments } from '../db/schema';
import { postContact, validGuest } from '../test/contact';
import { createTestApp } from '../test/harness';
import { approvalTokensFromMail, fillCart, mailsTo, pickup } from '../test/orders';
import { json, signedIn, type SignedIn } from '../test/users';

// Each mail goes out in its reader's language, read where it is sent (docs/product.md#languages): a customer's from
// their account, a guest's from the account of the address they typed (else English), an approver's from their own
// account (else English). The words themselves are pinned in spanish-customer-mails.unit.test.ts.

const { app } = await createTestApp();
const db = app.deps.db;
const staff = await signedIn(app, 'employee');
const APPROVERS = ['chief@lang-steer.gov', 'deputy@lang-steer.gov'];
await db
  .update(departments)
  .set({ approverEmails: APPROVERS })
  .where(eq(departments.name, 'Desert Valley Fire & Medical'));
// The chief has an account of their own, in Spanish; the deputy has none.
await signedIn(app, 'other', { email: APPROVERS[0], language: 'es' });

let n = 0;
const spanishCustomer = (email?: string) => signedIn(app, 'other', { language: 'es', ...(email ? { email } : {}) });

async function placed(u: SignedIn): Promise<Order> {
  await fillCart(app, u.id, [{ quantity: 1, customizations: [] }]);
  const res = await app.inject({ method: 'POST', url: '/api/v1/orders/', headers: u.headers, payload: pickup });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().order as Order;
}
const staffCall = (method: 'PUT' | 'POST', url: string, payload: object) =>
  app.inject({ method, url: `/api/v1${url}`, headers: staff.headers, payload });
const latest = async (to: string, kind: string) => (await mailsTo(app, to)).filter((m) => m.kind === kind).at(-1)!;

describe('mails in the customer’s language', () => {
  it('a new due date, a staff edit and a credit reach a Spanish customer in Spanish', async () => {
    const u = await spanishCustomer();
    const order = await placed(u);

    expect((await staffCall('PUT', `/orders/admin/${order.id}/due-date`, { due_date: '2026-12-31' })).statusCode).toBe(
      200,
    );
    const due = await latest(u.email, 'order_due_date');
    expect(due.subject).toBe(`Pedido ${order.order_number}: nueva fecha de entrega`);
    expect(due.textBody).toContain('La tienda cambió la fecha en que su pedido estará listo: jue, 31 de dic de 2026');

    const items = order.items.map((i) => ({
      product_id: i.product_id,
      size: i.size,
      quantity: i.quantity + 1,
      customizations: [],
    }));
    const edited = await staffCall('PUT', `/orders/admin/${order.id}/items`, { items, comments: 'Como pidió' });
    expect(edited.statusCode, edited.body).toBe(200);
    const changed = await latest(u.email, 'order_edited');
    expect(changed.subject).toBe(`Pedido ${order.order_number} modificado`);
    expect(changed.textBody).toContain('La tienda modificó los artículos de su pedido.');
    expect(changed.textBody).toMatch(/Cambios: .*: cantidad 1 -> 2; total \$[\d,.]+ -> \$[\d,.]+/);
    expect(changed.textBody).toContain('Comentarios: Como pidió');

    expect(
      (await staffCall('POST', `/orders/admin/${order.id}/credits`, { amount: 2, reason: 'Tarde' })).statusCode,
    ).toBe(200);
    const credit = await latest(u.email, 'order_credit');
    expect(credit.subject).toBe(`Crédito de $2.00 en el pedido ${order.order_number}`);
    expect(credit.textBody).toContain('Este crédito: -$2.00');
    // The timeline keeps the staff's English.
    const staffView = await app.inject({
      method: 'GET',
      url: `/api/v1/orders/admin/${order.id}`,
      headers: staff.headers,
    });
    expect(JSON.stringify(staffView.json().order.events)).toMatch(/quantity 1 -> 2/);
  });

  it('an English customer’s mails stay English', async () => {
    const u = await signedIn(app);
    const order = await placed(u);
    await staffCall('PUT', `/orders/admin/${order.id}/due-date`, { due_date: '2026-12-31' });
    expect((await latest(u.email, 'order_due_date')).subject).toBe(`Order ${order.order_number}: new due date`);
  });

  it('a staff message to a Spanish customer, and a guest writing from a Spanish account’s address', async () => {
    const u = await spanishCustomer();
    const order = await placed(u);
    const res = await staffCall('POST', `/contact/orders/${order.id}/messages`, { message: 'Sus polos están listos.' });
    expect(res.statusCode, res.body).toBe(201);
    const reply = await latest(u.email, 'contact_reply');
    expect(reply.subject).toBe(`Sobre su pedido ${order.order_number} en Copper State Uniforms`);
    expect(reply.textBody).toContain('Hola, "Test');

    n += 1;
    const address = `guest-lang-${n}-${process.pid}@example.test`;
    await spanishCustomer(address);
    expect((await postContact(app, validGuest({ email: address }))).statusCode).toBe(201);
    expect((await latest(address, 'contact_receipt')).subject).toBe('Recibimos su mensaje - Copper State Uniforms');
    const stranger = `guest-none-${n}-${process.pid}@example.test`;
    expect((await postContact(app, validGuest({ email: stranger }))).statusCode).toBe(201);
    expect((await latest(stranger, 'contact_receipt')).subject).toBe(
      'We received your message - Copper State Uniforms',
    );
    // A guest writing from the Spanish page: the page's language, whatever account has the address.
    const reader = `guest-page-${n}-${process.pid}@example.test`;
    expect((await postContact(app, validGuest({ email: reader, language: 'es' }))).statusCode).toBe(201);
    expect((await latest(reader, 'contact_receipt')).subject).toBe('Recibimos su mensaje - Copper State Uniforms');
    const refused = await postContact(app, validGuest({ language: 'fr' }));
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Choose English or Spanish');
  });

  it('an approval sent again: Spanish to the approver whose account reads Spanish, English to one without', async () => {
    const u = await signedIn(app, 'other', { email: `crew-lang-${process.pid}@dvfire.gov`, language: 'es' });
    const order = await placed(u);
    expect(order.status).toBe('awaiting_approval');
    const before = await approvalTokensFromMail(app, APPROVERS[0]!);
    const res = await staffCall('POST', `/orders/admin/${order.id}/approvals/resend`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect((await approvalTokensFromMail(app, APPROVERS[0]!)).length).toBeGreaterThan(before.length);
    const chief = await latest(APPROVERS[0]!, 'approval_request');
    expect(chief.subject).toBe(`Se necesita su aprobación: pedido ${order.order_number}`);
    expect(chief.textBody).toContain('La tienda volvió a enviar esta solicitud.');
    const deputy = await latest(APPROVERS[1]!, 'approval_request');
    expect(deputy.subject).toBe(`Approval needed: order ${order.order_number}`);
    expect(deputy.textBody).toContain('The shop sent this request again.');
  });

  it("a department's statement: Spanish to the approver whose account reads Spanish, English to one without", async () => {
    const admin = await signedIn(app, 'admin');
    const [d] = await db
      .select({ id: departments.id })
      .from(departments)
      .where(eq(departments.name, 'Desert Valley Fire & Medical'));
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/departments/${d!.id}/statement`,
      headers: admin.headers,
      payload: { again: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    const chief = await latest(APPROVERS[0]!, 'department_statement');
    expect(chief.subject).toMatch(/^Desert Valley Fire & Medical: pedidos de \p{L}+ de \d{4} hasta hoy$/u);
    expect(chief.textBody).toContain('la tienda puede desactivarlo');
    const deputy = await latest(APPROVERS[1]!, 'department_statement');
    expect(deputy.subject).toMatch(/^Desert Valley Fire & Medical: orders in \w+ \d{4} so far$/);
  });

  it('a placed order: the approval request in each approver’s language; lines the approver removes, in the member’s', async () => {
    const u = await signedIn(app, 'other', { email: `crew-lines-${process.pid}@dvfire.gov`, language: 'es' });
    await fillCart(app, u.id, [
      { quantity: 1, customizations: [] },
      { quantity: 2, customizations: [] },
    ]);
    const before = await approvalTokensFromMail(app, APPROVERS[0]!);
    const res = await app.inject({ method: 'POST', url: '/api/v1/orders/', headers: u.headers, payload: pickup });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().order as Order;
    expect((await latest(u.email, 'order_received')).subject).toBe(`Pedido ${order.order_number} recibido`);
    const chief = await latest(APPROVERS[0]!, 'approval_request');
    expect(chief.subject).toBe(`Se necesita su aprobación: pedido ${order.order_number}`);
    expect(chief.textBody).toContain('hizo un pedido que necesita su aprobación para Desert Valley Fire & Medical.');
    const deputy = await latest(APPROVERS[1]!, 'approval_request');
    expect(deputy.subject).toBe(`Approval needed: order ${order.order_number}`);

    const token = (await approvalTokensFromMail(app, APPROVERS[0]!)).find((t) => !before.includes(t))!;
    const cut = order.items[1]!;
    const approved = await app.inject({
      method: 'POST',
      url: `/api/v1/approvals/${token}/approve`,
      headers: json,
      payload: {
        removed_lines: [{ line_id: cut.id, reason: 'No este año' }],
        order_updated_at: order.updated_at,
      },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const removed = await latest(u.email, 'order_lines_removed');
    expect(removed.subject).toBe(`Pedido ${order.order_number}: líneas quitadas por la persona que aprueba`);
    expect(removed.textBody).toContain(
      `Se quitó: ${cut.product_name} ${cut.size} x${cut.quantity}. Motivo (de la persona que aprueba): "No este año"`,
    );
  });
});
