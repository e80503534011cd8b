import type { PlacedOrder } from './shop';

export type Query = <T = Record<string, unknown>>(text: string, values?: unknown[]) => Promise<T[]>;

type OrderRow = {
  id: number;
  order_number: string;
  status: string;
  subtotal_cents: number;
  tax_cents: number;
  tax_rate_ppm: number;
  shipping_cents: number;
  total_cents: number;
};
type LineRow = {
  order_id: number;
  quantity: number;
  unit_base_cents: number;
  unit_customization_cents: number;
  total_cents: number;
};

/**
 * Reads every order straight from the database and lists what is wrong: an order without lines or without its
 * creation event, totals that do not add up, a confirmation mail missing or queued twice, an acknowledged order
 * that is missing or differs from what the server answered. An empty list means every order is whole.
 */
export async function orderProblems(
  query: Query,
  acknowledged: PlacedOrder[],
): Promise<{ problems: string[]; orders: number }> {
  const orders = await query<OrderRow>(
    'select id, order_number, status, subtotal_cents, tax_cents, tax_rate_ppm, shipping_cents, total_cents from orders order by id',
  );
  const lines = await query<LineRow>(
    'select order_id, quantity, unit_base_cents, unit_customization_cents, total_cents from order_lines',
  );
  const events = await query<{ order_id: number; from_status: string | null; to_status: string }>(
    'select order_id, from_status, to_status from order_events order by id',
  );
  const mails = await query<{ subject: string }>(`select subject from outbox where kind = 'order_received'`);
  const problems: string[] = [];
  for (const o of orders) {
    const mine = lines.filter((l) => l.order_id === o.id);
    const created = events.filter((e) => e.order_id === o.id && e.from_status === null);
    const confirmations = mails.filter((m) => m.subject.includes(o.order_number)).length;
    const subtotal = mine.reduce((s, l) => s + l.total_cents, 0);
    if (o.order_number.startsWith('draft-')) problems.push(`order ${o.id} kept its draft number`);
    if (mine.length === 0) problems.push(`${o.order_number} has no lines`);
    for (const l of mine) {
      if (l.total_cents !== (l.unit_base_cents + l.unit_customization_cents) * l.quantity)
        problems.push(`${o.order_number} has a line whose total is not unit price x quantity`);
    }
    if (subtotal !== o.subtotal_cents)
      problems.push(`${o.order_number}: lines add up to ${subtotal}, subtotal says ${o.subtotal_cents}`);
    if (Math.abs(o.tax_cents - (o.subtotal_cents * o.tax_rate_ppm) / 1e6) > 0.5)
      problems.push(`${o.order_number}: tax ${o.tax_cents} is not the rate applied to the subtotal`);
    if (o.subtotal_cents + o.tax_cents + o.shipping_cents !== o.total_cents)
      problems.push(`${o.order_number}: subtotal + tax + shipping is not the total`);
    if (created.length !== 1 || created[0]!.to_status !== 'pending')
      problems.push(`${o.order_number} has ${created.length} creation events`);
    if (confirmations !== 1) problems.push(`${o.order_number} has ${confirmations} confirmation mails in the outbox`);
  }
  for (const a of acknowledged) {
    const o = orders.find((x) => x.id === a.id);
    if (!o) {
      problems.push(`acknowledged order ${a.order_number} is missing`);
      continue;
    }
    if (o.order_number !== a.order_number || o.total_cents !== Math.round(a.total * 100))
      problems.push(`${a.order_number} differs from what the server acknowledged`);
    if (lines.filter((l) => l.order_id === a.id).length !== a.items.length)
      problems.push(`${a.order_number} lost lines`);
  }
  return { problems, orders: orders.length };
}
