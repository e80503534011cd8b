import { z } from 'zod';

// The error shape of docs/architecture.md#the-api, shared so the client can read it with the same type.
export const apiErrorSchema = z.object({
  success: z.literal(false),
  detail: z.string(),
  message: z.string(),
  code: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  retry_after_seconds: z.number().optional(),
  resends_remaining: z.number().optional(),
  /**
   * Every warning staff may confirm on the move, all found at once (an order that still owes money whose tracking
   * number is also on another order): code is the first, message joins them.
   */
  warnings: z.array(z.object({ code: z.string(), message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
