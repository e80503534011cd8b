import { z } from 'zod';
import { POSITIONS } from './cart-basics';

// Logos on garments (docs/product.md#logos-on-garments): a cart line's `customizations.logos` names the customer's
// own artwork and a position the garment takes. One piece is priced by the logo's stitch count from the shop's
// stitch table; each artwork carries a one-time digitising fee, charged on the first order that holds it.

/** The kind key a logo has on a line's customisations and on an order line's decorations. */
export const LOGO_KIND = 'logo';
export const LOGOS_MAX = 4;

/** The shop's logo prices, in cents: bands by stitch count, the step past the last band, the estimate and the fee. */
export type LogoPrices = {
  /** Ascending by `upTo`: a logo of up to `upTo` stitches costs `cents` a piece. */
  bands: { upTo: number; cents: number }[];
  /** Each further 1,000 stitches (or part of them) past the last band. */
  extraPerThousandCents: number;
  /** A logo without a proof yet is priced as this many stitches ("price confirmed with the proof"). */
  estimateStitches: number;
  /** Charged once per artwork, on the first order that holds it. */
  digitisingFeeCents: number;
};

/** The seed's table (up to 5,000 / 8,000 / 12,000 stitches, then per 1,000), as the settings row starts with. */
export const DEFAULT_LOGO_PRICES: LogoPrices = {
  bands: [
    { upTo: 5000, cents: 450 },
    { upTo: 8000, cents: 600 },
    { upTo: 12000, cents: 800 },
  ],
  extraPerThousandCents: 60,
  estimateStitches: 8000,
  digitisingFeeCents: 3500,
};

export const LOGO_MESSAGES = {
  artworkNotFound: 'Artwork not found',
  onePerPosition: 'Each position takes one logo',
  tooMany: `At most ${LOGOS_MAX} logos per item`,
  proofPending: (names: string) =>
    `Waiting for the customer's proof approval: ${names}. The order can go to production once every logo on it is approved.`,
  priceWithProof: 'Price confirmed with the proof',
} as const;

/** One logo as a cart line asks for it. */
export const logoInputSchema = z.object({
  artwork_id: z
    .number({ error: 'Choose one of your artworks' })
    .int('Choose one of your artworks')
    .positive('Choose one of your artworks'),
  position: z.enum(POSITIONS, { error: 'Choose where the logo goes' }),
});

const dollars = (label: string, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, `${label} must be between 0 and ${max}`)
    .max(max, `${label} must be between 0 and ${max}`)
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, `${label} can have at most two decimals`);

const stitchesField = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(1, `${label} must be between 1 and 200000`)
    .max(200_000, `${label} must be between 1 and 200000`);

/** The logo prices as the admin answer and update carry them, in dollars. */
export const logoPricesSchema = z.object({
  bands: z
    .array(z.object({ up_to: stitchesField('Stitches'), price: dollars('Price per piece', 100) }), {
      error: 'Enter the stitch bands',
    })
    .min(1, 'Enter at least one stitch band')
    .max(10, 'At most 10 stitch bands'),
  extra_per_thousand: dollars('The price per further 1,000 stitches', 100),
  estimate_stitches: stitchesField('The estimate'),
  digitising_fee: dollars('The digitising fee', 1000),
});
/** PUT /settings/logo-prices: bands must rise in stitches. */
export const logoPricesUpdateSchema = logoPricesSchema.superRefine((v, ctx) => {
  for (let i = 1; i < v.bands.length; i++)
    if (v.bands[i]!.up_to <= v.bands[i - 1]!.up_to)
      ctx.addIssue({
        code: 'custom',
        message: 'Each band must be for more stitches than the one before',
        path: ['bands', i, 'up_to'],
      });
});
export type LogoPricesInput = z.infer<typeof logoPricesSchema>;
export const logoPricesAnswer = z.object({ success: z.literal(true), logo_prices: logoPricesSchema });

/** A customer's artwork as the customiser offers it: what one piece costs with it and the fee it still carries. */
export const logoChoiceSchema = z.object({
  artwork_id: z.number().int(),
  name: z.string(),
  status: z.string(),
  preview_url: z.string(),
  /** The stitch count priced: the approved proof's, the latest proof's, or the shop's estimate. */
  stitches: z.number().int(),
  /** True until a proof is sent: the price is confirmed with the proof. */
  estimated: z.boolean(),
  price_per_piece: z.number(),
  /** 0 once an order has carried it. */
  digitising_fee: z.number(),
});
export type LogoChoice = z.infer<typeof logoChoiceSchema>;
export const logoChoicesAnswer = z.object({ success: z.literal(true), logos: z.array(logoChoiceSchema) });

/** A logo as the floor sews it: from the approved proof (the latest one, said so, until one is approved). */
export const logoOnSheetSchema = z.object({
  artwork_id: z.number(),
  name: z.string(),
  approved: z.boolean(),
  /** Null before any proof was sent. */
  stitches: z.number().nullable(),
  thread_colours: z.array(z.string()),
  preview_url: z.string(),
});
export type LogoOnSheet = z.infer<typeof logoOnSheetSchema>;
