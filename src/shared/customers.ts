import { z } from 'zod';
import { mySizeSchema } from './fit';
import { myAllowanceSchema } from './allowances';
import { ORDER_STATUSES } from './orders';
import { PAYMENT_STATUSES } from './payments';

// Customer records (docs/product.md#customer-records): what staff see of one customer, and the notes they keep.

export const CUSTOMER_NOT_FOUND = 'Customer not found';
export const NOTE_MAX = 2000;
export const NOTE_REQUIRED = 'Write the note';
export const NOTE_TOO_LONG = `A note is at most ${NOTE_MAX} characters`;

export const customerNoteBodySchema = z.object({
  body: z.string({ error: NOTE_REQUIRED }).trim().min(1, NOTE_REQUIRED).max(NOTE_MAX, NOTE_TOO_LONG),
});

export const customerNoteSchema = z.object({
  id: z.number(),
  body: z.string(),
  /** The staff member's name (or e-mail); null once their account is gone. */
  author: z.string().nullable(),
  created_at: z.string(),
});
export type CustomerNote = z.infer<typeof customerNoteSchema>;

export const customerRecordSchema = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string().nullable(),
  phone: z.string().nullable(),
  address: z
    .object({
      address_line1: z.string(),
      address_line2: z.string().nullable(),
      city: z.string().nullable(),
      state: z.string(),
      zip_code: z.string().nullable(),
    })
    .nullable(),
  role: z.enum(['admin', 'employee', 'other']),
  is_active: z.boolean(),
  created_at: z.string(),
  last_login_at: z.string().nullable(),
  department: z.object({ id: z.number(), name: z.string() }).nullable(),
  allowance: myAllowanceSchema.nullable(),
  /** The sum of the sales of the customer's orders, as the reports count them (docs/product.md#reports). */
  total_spent: z.number(),
  orders: z.array(
    z.object({
      id: z.number(),
      order_number: z.string(),
      status: z.enum(ORDER_STATUSES),
      created_at: z.string(),
      total: z.number(),
      /** From payments' accountOf, like every other screen. */
      balance: z.number(),
      payment_status: z.enum(PAYMENT_STATUSES),
    }),
  ),
  conversations: z.array(
    z.object({
      id: z.number(),
      last_message_at: z.string(),
      messages: z.number(),
      unread: z.number(),
      archived: z.boolean(),
      /** Started by a guest who typed the customer's address, not signed in: not the customer's own words. */
      guest: z.boolean(),
    }),
  ),
  notes: z.array(customerNoteSchema),
  /** The size of each garment the customer last ordered (docs/product.md#sizes-that-fit). */
  sizes: z.array(mySizeSchema),
});
export type CustomerRecord = z.infer<typeof customerRecordSchema>;
export const customerRecordAnswer = z.object({ success: z.literal(true), customer: customerRecordSchema });
export const customerNoteAnswer = z.object({ success: z.literal(true), note: customerNoteSchema });
