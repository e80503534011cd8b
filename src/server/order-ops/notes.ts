import type { Db } from '../db/client';
import { lockOrder, recordEvent } from '../orders';

/** POST /orders/admin/:id/notes: a staff-only note on the timeline, at any status; the status does not move. */
export async function addInternalNote(db: Db, id: number, note: string, staff: { id: number; email: string }) {
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    await recordEvent(tx, {
      orderId: order.id,
      kind: 'note',
      from: order.status,
      to: order.status,
      actorType: 'staff',
      actorUserId: staff.id,
      actorEmail: staff.email,
      internalNote: note,
    });
  });
}
