// The back-office journeys the shopping journey carries one time in ten (journey.ts): the shop floor's production
// sheet, an admin's catalogue edit, and a customer's message answered by staff.
import { CONTACT_LIMITS } from '../../src/server/contact/submit';
import { BULK_MAX } from '../../src/shared/order-ops';
import { exclusive, type ProductLocks } from './locks';
import { API, StepFailed, type Step } from './step';
import { recordFailure, type Tally } from './tally';

/**
 * The orders one connection placed, as the shop floor moves them on. Without it every checkout would stay pending
 * and the sheet would grow by each one, to tens of thousands of orders in a run; moved on, the open orders stay near
 * the seeded ones plus two rounds per connection (about a thousand in all).
 */
export type Floor = { placed: number[]; making: number[] };
/** A signed-in customer who writes to the shop, from their own address (X-Forwarded-For through TRUST_PROXY). */
export type Writer = { cookie: string; ip: string };

type SheetOrder = { id: number; status: string };
type Moved = { success: boolean; updated: number[]; failed: { id: number; detail: string }[] };

const sameIds = (a: number[], b: number[]) => a.length === b.length && a.every((id) => b.includes(id));

/**
 * Staff read the sheet of everything pending or in production, which must list this connection's orders in the status
 * it moved them to; then what was in production is ready for pickup and what was placed goes into production.
 */
export async function productionSheet(step: Step, staff: string, floor: Floor): Promise<void> {
  await step<{ success: boolean; order_count: number; orders: SheetOrder[] }>(
    'production sheet',
    'GET',
    `${API}/orders/admin/production?status=pending,in_production`,
    staff,
    {},
    (j) => {
      if (j.success !== true || !Array.isArray(j.orders) || j.order_count !== j.orders.length) return 'no sheet';
      const status = new Map(j.orders.map((o) => [o.id, o.status]));
      const missing = [
        ...floor.placed.filter((id) => status.get(id) !== 'pending'),
        ...floor.making.filter((id) => status.get(id) !== 'in_production'),
      ];
      return missing.length ? `orders ${missing.join(', ')} are not on the sheet in their status` : null;
    },
  );
  // The floor follows what moved even when the answer fails its check, so one failure is counted once, not again at
  // every later sheet.
  const move = (ids: number[], status: 'ready_for_pickup' | 'in_production', moved: (updated: number[]) => void) =>
    step<Moved>(
      'bulk status',
      'POST',
      `${API}/orders/admin/bulk-status`,
      staff,
      { body: { order_ids: ids, status } },
      (j) => {
        moved(j.updated ?? []);
        return j.success === true && sameIds(j.updated ?? [], ids) && j.failed?.length === 0
          ? null
          : `moved ${j.updated?.length} of ${ids.length} to ${status}: ${JSON.stringify(j.failed ?? null).slice(0, 200)}`;
      },
    );
  if (floor.making.length)
    await move(floor.making.slice(0, BULK_MAX), 'ready_for_pickup', (ready) => {
      floor.making = floor.making.filter((id) => !ready.includes(id));
    });
  if (floor.placed.length)
    await move(floor.placed.slice(0, BULK_MAX), 'in_production', (started) => {
      floor.placed = floor.placed.filter((id) => !started.includes(id));
      floor.making.push(...started);
    });
}

type AdminProduct = { id: number; slug: string; description: string };

/**
 * An admin rewrites a garment's description (never its price: the shopping journeys check their totals against the
 * cart) and reads it back from the public catalogue, which must already show the change.
 */
export async function catalogueEdit(
  step: Step,
  admin: string,
  locks: ProductLocks,
  product: { id: number; slug: string },
  tag: string,
): Promise<void> {
  const description = `Embroidered to order in Phoenix; edited under load (${tag}).`;
  await exclusive(locks, product.id, async () => {
    await step<{ product: AdminProduct }>(
      'catalogue edit',
      'PATCH',
      `${API}/admin/products/${product.id}`,
      admin,
      { body: { description } },
      (j) => (j.product?.description === description ? null : `answered ${JSON.stringify(j.product?.description)}`),
    );
    await step<{ product: AdminProduct }>(
      'catalogue read',
      'GET',
      `${API}/products/${encodeURIComponent(product.slug)}`,
      admin,
      {},
      (j) =>
        j.product?.description === description ? null : `the catalogue shows ${JSON.stringify(j.product?.description)}`,
    );
  });
}

type Message = { id: number; conversation_id: number; direction: string; message: string };

/**
 * A signed-in customer writes through the contact form and a staff member replies to that message. Each writer may
 * send CONTACT_LIMITS.perAddress messages an hour; the connection takes its writers in turn, and says so rather than
 * trip the limit when the run outlasts them (run.ts seeds enough for its length).
 */
export async function conversationReply(
  step: Step,
  tally: Tally,
  plan: { staffCookie: string; writers: Writer[]; writes: { sent: number } },
  tag: string,
): Promise<void> {
  const k = plan.writes.sent++;
  const writer = plan.writers[k % plan.writers.length]!;
  if (Math.floor(k / plan.writers.length) >= CONTACT_LIMITS.perAddress) {
    recordFailure(tally, {
      kind: 'message',
      status: null,
      problem: `this connection's ${plan.writers.length} writers have each sent the ${CONTACT_LIMITS.perAddress} messages an hour the contact limit allows: seed more`,
    });
    throw new StepFailed();
  }
  const sent = await step<{ success: boolean; id: number; conversation_id: number }>(
    'message',
    'POST',
    `${API}/contact/`,
    writer.cookie,
    {
      body: {
        contact_type: 'user',
        name: 'Load Writer',
        email: 'writer@example.test',
        reason: 'general',
        message: `Do you embroider names on the jackets too? (${tag})`,
      },
      headers: { 'x-forwarded-for': writer.ip },
      expect: 201,
    },
    (j) =>
      j.success === true && Number.isInteger(j.id) && Number.isInteger(j.conversation_id) ? null : 'no message id',
  );
  const text = `Yes, names go on jackets too, on the wearer's left chest. (${tag})`;
  await step<{ success: boolean; reply: Message }>(
    'staff reply',
    'POST',
    `${API}/contact/${sent.id}/send-reply`,
    plan.staffCookie,
    { body: { message: text }, expect: 201 },
    (j) =>
      j.reply?.direction === 'outbound' && j.reply.conversation_id === sent.conversation_id && j.reply.message === text
        ? null
        : `the reply is not in conversation ${sent.conversation_id}: ${JSON.stringify(j.reply ?? null).slice(0, 200)}`,
  );
}
