import { z } from 'zod';
import { searchTextField } from './fields';
import { ORDER_STATUSES } from './orders';

// The staff's global search (docs/product.md#search): one text, results grouped by what they are.

export const globalSearchQuerySchema = z.object({ q: searchTextField(200) });

/** How many of each group the answer carries; the order group links on to the whole list. */
export const SEARCH_GROUP_SIZE = 8;

export const searchAnswer = z.object({
  success: z.literal(true),
  /** The text was shorter than SEARCH_MIN_CHARS: nothing was looked up. */
  too_short: z.boolean(),
  orders: z.array(
    z.object({
      id: z.number().int(),
      order_number: z.string(),
      status: z.enum(ORDER_STATUSES),
      customer_name: z.string(),
      created_at: z.string(),
    }),
  ),
  orders_total: z.number().int(),
  customers: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      email: z.string(),
      phone: z.string().nullable(),
    }),
  ),
  conversations: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      email: z.string(),
      last_message_at: z.string(),
    }),
  ),
});
export type SearchResults = z.infer<typeof searchAnswer>;
