import { z } from 'zod';

// Sizes that fit (docs/product.md#sizes-that-fit): a garment's size chart in inches, the sizes a customer last
// ordered, and the answer of "Buy again".
export const SIZE_CHART_MEASURES_MAX = 6;
export const INCHES_MIN = 1;
export const INCHES_MAX = 99;

export const SIZE_CHART_MESSAGES = {
  measure: 'Name each measurement',
  measureLong: 'Measurement names are at most 20 characters',
  measures: 'List at least one measurement',
  tooManyMeasures: `At most ${SIZE_CHART_MEASURES_MAX} measurements`,
  duplicateMeasure: 'Each measurement can be listed only once',
  inches: `Enter inches from ${INCHES_MIN} to ${INCHES_MAX}`,
  quarter: 'Enter inches to the nearest quarter inch',
  missing: 'Give every measurement for each size',
  rows: 'Give the measurements of at least one size',
  duplicateSize: 'Each size can be listed only once in the size chart',
  unknownSize: 'The size chart lists a size the garment does not have',
} as const;

const inchesField = z
  .number({ error: SIZE_CHART_MESSAGES.inches })
  .min(INCHES_MIN, SIZE_CHART_MESSAGES.inches)
  .max(INCHES_MAX, SIZE_CHART_MESSAGES.inches)
  // A tape measure reads quarters; 30.1 is a typing slip, not a size.
  .refine((v) => Number.isInteger(v * 4), SIZE_CHART_MESSAGES.quarter);

/** What staff send and the store answers: measurement names, and per size one figure in inches per measurement. */
export const sizeChartSchema = z
  .object({
    measures: z
      .array(
        z
          .string({ error: SIZE_CHART_MESSAGES.measure })
          .trim()
          .min(1, SIZE_CHART_MESSAGES.measure)
          .max(20, SIZE_CHART_MESSAGES.measureLong),
        { error: SIZE_CHART_MESSAGES.measures },
      )
      .min(1, SIZE_CHART_MESSAGES.measures)
      .max(SIZE_CHART_MEASURES_MAX, SIZE_CHART_MESSAGES.tooManyMeasures),
    rows: z
      .array(
        z.object({
          size: z.string({ error: 'Enter a size label' }).trim().min(1, 'Enter a size label').max(10),
          inches: z.array(inchesField),
        }),
        { error: SIZE_CHART_MESSAGES.rows },
      )
      .min(1, SIZE_CHART_MESSAGES.rows)
      .max(20, SIZE_CHART_MESSAGES.rows),
  })
  .superRefine((chart, ctx) => {
    const measures = new Set<string>();
    for (const [i, m] of chart.measures.entries()) {
      if (measures.has(m.toLowerCase()))
        ctx.addIssue({ code: 'custom', message: SIZE_CHART_MESSAGES.duplicateMeasure, path: ['measures', i] });
      measures.add(m.toLowerCase());
    }
    const sizes = new Set<string>();
    for (const [i, r] of chart.rows.entries()) {
      if (r.inches.length !== chart.measures.length)
        ctx.addIssue({ code: 'custom', message: SIZE_CHART_MESSAGES.missing, path: ['rows', i, 'inches'] });
      if (sizes.has(r.size))
        ctx.addIssue({ code: 'custom', message: SIZE_CHART_MESSAGES.duplicateSize, path: ['rows', i, 'size'] });
      sizes.add(r.size);
    }
  });
export type SizeChart = z.output<typeof sizeChartSchema>;

/** The first chart row whose size the garment does not offer, as an issue path, or null. */
export function unknownChartSize(chart: SizeChart | null | undefined, sizes: readonly { label: string }[]) {
  const offered = new Set(sizes.map((s) => s.label));
  const i = chart?.rows.findIndex((r) => !offered.has(r.size)) ?? -1;
  return i < 0 ? null : ['size_chart', 'rows', i, 'size'];
}

/** One garment's size as the customer last ordered it. */
export const mySizeSchema = z.object({
  garment: z.string(),
  category: z.string(),
  size: z.string(),
  ordered_at: z.string(),
});
export type MySize = z.infer<typeof mySizeSchema>;
export const mySizesAnswer = z.object({ success: z.literal(true), sizes: z.array(mySizeSchema) });

/** POST /orders/:id/buy-again: what went into the cart, and every difference from the old order, in words. */
export const buyAgainAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  added: z.array(z.object({ name: z.string(), size: z.string(), quantity: z.number() })),
  changes: z.array(z.string()),
});
export type BuyAgainResult = z.infer<typeof buyAgainAnswer>;
