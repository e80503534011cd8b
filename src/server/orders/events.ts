import type { OrderStatus } from '../../shared/orders';
import type { Tx } from '../db/client';
import { placeholders, prepared } from '../db/prepared';
import { orderEvents } from '../db/schema';
import type { EventRow } from './dto';

// Every change to an order is an event (who, when, from, to, why): the order's timeline.
export type EventInput = {
  orderId: number;
  from?: OrderStatus | null;
  to: OrderStatus;
  actorType: 'customer' | 'staff' | 'approver' | 'system';
  actorUserId?: number | null;
  actorEmail?: string | null;
  reason?: string | null;
  comments?: string | null;
  kind?: 'status' | 'note' | 'edit' | 'payment';
  internalNote?: string | null;
  details?: string | null;
};

export async function recordEvent(tx: Tx, e: EventInput): Promise<EventRow> {
  const values = {
    orderId: e.orderId,
    fromStatus: e.from ?? null,
    toStatus: e.to,
    actorType: e.actorType,
    actorUserId: e.actorUserId ?? null,
    actorEmail: e.actorEmail ?? null,
    reason: e.reason ?? null,
    comments: e.comments ?? null,
    kind: e.kind ?? 'status',
    internalNote: e.internalNote ?? null,
    details: e.details ?? null,
  };
  const [row] = await prepared(tx, 'order_event_insert', (t) =>
    t.insert(orderEvents).values(placeholders(values)).returning().prepare('order_event_insert'),
  ).execute(values);
  return row!;
}
