import { z } from 'zod';

// What a quote and an order say about money besides their lines: named adjustments, each a signed amount in dollars.
export const ADJUSTMENT_KINDS = ['allowance', 'tax', 'tax_exemption', 'shipping'] as const;
export type AdjustmentKind = (typeof ADJUSTMENT_KINDS)[number];

export const adjustmentSchema = z.object({ kind: z.enum(ADJUSTMENT_KINDS), label: z.string(), amount: z.number() });
export type Adjustment = z.infer<typeof adjustmentSchema>;
