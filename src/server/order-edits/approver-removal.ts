import { asc, eq } from 'drizzle-orm';
import { EVERY_LINE_REMOVED, type RemovedLine } from '../../shared/orders';
import type { Tx } from '../db/client';
import { orderLines } from '../db/schema';
import { badRequest } from '../http/errors';
import { decorationPrices } from '../pricing';
import { getSettingsRow } from '../settings';
import { priceItems, recordEvent, type LineRow, type OrderRow } from '../orders';
import { editDetails, named, type DescribedLine } from './edit-details';
import { priceAndHold, quotedPrices, writeLines } from './staff-edit';

/** A line the approver took off, with their reason: named in English for the timeline, in the customer's language in their e-mail. */
export type Removed = { line: DescribedLine; reason: string };

/**
 * An approver approves an order without some of its lines: the lines go, the rest is priced anew through the staff
 * edit's path (today's settings, the department's tax rules, the allowance the order holds), and the timeline says
 * what went and why. The order still awaits approval when this returns; the caller approves it in the same
 * transaction. Nothing is written when a line is unknown or none would be left.
 */
export async function removeLinesForApproval(
  tx: Tx,
  order: OrderRow,
  removed: RemovedLine[],
  approverEmail: string,
): Promise<{ order: OrderRow; removed: Removed[] }> {
  const before = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.id));
  const byId = new Map(before.map((l) => [l.id, l]));
  const unknown = removed.findIndex((r) => !byId.has(r.line_id));
  if (unknown >= 0) {
    const message = 'That line is not on this order';
    throw badRequest(message, [{ field: `removed_lines.${unknown}.line_id`, message }], 'UNKNOWN_LINE');
  }
  const gone = new Set(removed.map((r) => r.line_id));
  const kept: LineRow[] = before.filter((l) => !gone.has(l.id));
  if (kept.length === 0)
    throw badRequest(
      EVERY_LINE_REMOVED,
      [{ field: 'removed_lines', message: EVERY_LINE_REMOVED }],
      'EVERY_LINE_REMOVED',
    );

  const settings = await getSettingsRow(tx);
  const lines = quotedPrices(
    order,
    await priceItems(tx, kept, await decorationPrices(tx), before, {
      userId: order.userId,
      exceptOrderId: order.id,
      lock: true,
    }),
    before,
  );
  const { quote } = await priceAndHold(tx, order, lines, settings, 'Lines removed by the approver');
  const updated = await writeLines(tx, order.id, order.status, quote, order.requiresApproval);
  const cut = removed.map((r) => ({ line: byId.get(r.line_id)!, reason: r.reason }));
  const words = cut.map((r) => ({ words: named(r.line), reason: r.reason }));
  await recordEvent(tx, {
    orderId: order.id,
    kind: 'edit',
    from: order.status,
    to: order.status,
    actorType: 'approver',
    actorEmail: approverEmail,
    reason: words.map((w) => `${w.words}: ${w.reason}`).join('. '),
    details: editDetails(
      words.map((w) => `removed ${w.words}`),
      order.totalCents,
      quote.totalCents,
    ),
  });
  return { order: updated, removed: cut };
}
