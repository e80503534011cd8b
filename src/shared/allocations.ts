import { z } from 'zod';
import { rowIdNumber } from './fields';
import { formatUsd, toCents, toDollars } from './money';
import {
  allocationSummarySchema,
  amountField,
  LEDGER_METHODS,
  referenceField,
  STAFF_STRIPE_PAYMENT_REFUSED,
} from './payments';
import { shopDaySchema } from './shop-days';

// One payment for several orders (docs/product.md#one-payment-for-several-orders): a department's cheque or a
// customer's, spread over the party's open orders. The shares must add up to the amount; what each order owes is
// the payments module's (the server checks every share against it).

const ALLOCATION_ROWS_MAX = 200;

/** Row numbers in messages count from 1, as the staff screen shows them. */
export const rowLabel = (index: number) => `Row ${index + 1}`;

const shareField = z
  .number({ error: 'Enter an amount' })
  .refine((v) => Number.isFinite(v), 'Enter an amount')
  .refine((v) => v >= 0, 'A share cannot be negative')
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'The amount must be in whole cents');

export const allocationSchema = z
  .object({
    department_id: rowIdNumber('Choose a department').optional(),
    customer_id: rowIdNumber('Choose a customer').optional(),
    amount: amountField,
    method: z.enum(LEDGER_METHODS, { error: 'Choose how it was paid' }).refine((m) => m !== 'stripe', {
      message: STAFF_STRIPE_PAYMENT_REFUSED,
    }),
    /** The cheque number (or the transfer's reference): every order's ledger line carries it. */
    reference: referenceField,
    /** The day the payment was received; today when left out. */
    received_on: shopDaySchema.optional(),
    orders: z
      .array(z.object({ id: rowIdNumber('Choose an order'), amount: shareField }))
      .min(1, 'Give at least one order a share')
      .max(ALLOCATION_ROWS_MAX, `At most ${ALLOCATION_ROWS_MAX} orders at once`),
  })
  .superRefine((v, ctx) => {
    if ((v.department_id === undefined) === (v.customer_id === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['department_id'], message: 'Choose a department or a customer, not both' });
    }
    const seen = new Set<number>();
    v.orders.forEach((o, i) => {
      if (seen.has(o.id)) {
        ctx.addIssue({
          code: 'custom',
          path: ['orders', i, 'id'],
          message: `${rowLabel(i)}: this order is listed twice`,
        });
      }
      seen.add(o.id);
    });
    if (v.orders.some((o) => !(o.amount >= 0)) || !Number.isFinite(v.amount)) return;
    const sharesCents = v.orders.reduce((s, o) => s + toCents(o.amount), 0);
    if (sharesCents !== toCents(v.amount)) {
      ctx.addIssue({
        code: 'custom',
        path: ['amount'],
        message: `The shares add up to ${formatUsd(toDollars(sharesCents))}, not the ${formatUsd(v.amount)} received`,
      });
    }
  });
export type AllocationInput = z.infer<typeof allocationSchema>;

/** The party whose open orders are listed: one of the two. */
export const openOrdersQuery = z
  .object({
    department_id: z.coerce.number().pipe(rowIdNumber('Choose a department')).optional(),
    customer_id: z.coerce.number().pipe(rowIdNumber('Choose a customer')).optional(),
  })
  .refine((v) => (v.department_id === undefined) !== (v.customer_id === undefined), {
    path: ['department_id'],
    message: 'Choose a department or a customer, not both',
  });

const partySchema = z.object({ kind: z.enum(['department', 'customer']), id: z.number(), name: z.string() });

/** An order the party still owes on, with its account (payments computes it), oldest first. */
export const openOrderSchema = z.object({
  id: z.number(),
  order_number: z.string(),
  created_at: z.string(),
  po_number: z.string().nullable(),
  status: z.string(),
  total: z.number(),
  /** What the order owes (its total less credits). */
  owed: z.number(),
  paid: z.number(),
  balance: z.number(),
});
export type OpenOrder = z.infer<typeof openOrderSchema>;

export const openOrdersAnswer = z.object({
  success: z.literal(true),
  party: partySchema,
  orders: z.array(openOrderSchema),
  outstanding: z.number(),
});

export const allocationAnswer = z.object({ success: z.literal(true), allocation: allocationSummarySchema });

/**
 * The default spread: the amount goes to the oldest order first, each taking at most its balance; what is left
 * after every balance stays unallocated (the screen shows it and the server refuses it). Cents in, cents out.
 */
export function spreadOldestFirst(amountCents: number, balancesCents: readonly number[]): number[] {
  let left = Math.max(0, amountCents);
  return balancesCents.map((b) => {
    const take = Math.min(left, Math.max(0, b));
    left -= take;
    return take;
  });
}
