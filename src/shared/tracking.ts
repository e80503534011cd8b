import { z } from 'zod';

// Tracking numbers as staff type or paste them: the carriers print them in groups ("1Z 999 AA1 0123 4567 84"), and a
// space or dash kept in the number broke the carrier's tracking link. Every form and route that takes one uses these.

/** The number without spaces or dashes, in capitals, as the carriers' own pages take it. */
export const normaliseTracking = (raw: string) => raw.replace(/[\s-]+/g, '').toUpperCase();

const FORMATS: Record<string, { re: RegExp; message: string }> = {
  ups: { re: /^1Z[0-9A-Z]{16}$/, message: 'A UPS tracking number is 1Z followed by 16 letters and digits' },
  usps: {
    re: /^(\d{20,22}|\d{26}|\d{30}|[A-Z]{2}\d{9}US)$/,
    message: 'A USPS tracking number is 20 to 22 digits (or 26 or 30), or 2 letters, 9 digits and US',
  },
  fedex: { re: /^(\d{12}|\d{15}|\d{20}|\d{22})$/, message: 'A FedEx tracking number is 12, 15, 20 or 22 digits' },
};

/** The message for a number that cannot be the named carrier's, or null (another carrier's numbers are not checked). */
export function trackingFormatProblem(carrier: string | null | undefined, normalised: string | null): string | null {
  if (!carrier || !normalised) return null;
  const format = FORMATS[carrier.trim().toLowerCase()];
  return format && !format.re.test(normalised) ? format.message : null;
}

// What staff type reaches the customer's shipped mail and order page: a carrier is one the shop knows or another
// carrier's plain name, and a tracking number is letters and digits (security round 4, finding 9: a CSV's carrier
// cell =HYPERLINK(...) reached the mail as typed).

/** The carriers staff choose from; UPS, USPS and FedEx also get a tracking link (order-ops.ts trackingUrl). */
export const CARRIERS = ['UPS', 'USPS', 'FedEx', 'DHL'] as const;
export const CARRIER_MESSAGE =
  "Choose UPS, USPS, FedEx or DHL, or type the carrier's name in letters, digits, spaces, & . and -";
export const TRACKING_CHARS_MESSAGE = 'A tracking number has letters and digits only';
/** Another carrier's name: starts with a letter or digit (never a formula sign), then letters, digits, spaces, & . - */
const OTHER_CARRIER = /^[A-Za-z0-9][A-Za-z0-9 &.-]*$/;

/**
 * An optional carrier: a known one in its own spelling whatever the case typed ("fedex" is FedEx), another carrier's
 * plain name of at most `max` characters, empty means none (null).
 */
export const carrierField = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `The carrier must be at most ${max} characters`)
    .refine((v) => v === '' || OTHER_CARRIER.test(v), CARRIER_MESSAGE)
    .transform((v) => CARRIERS.find((c) => c.toLowerCase() === v.toLowerCase()) ?? (v || null))
    .optional()
    .nullable()
    .transform((v) => v ?? null);

/** An optional tracking number: normalised, letters and digits, at most `max` characters, empty means none (null). */
export const trackingNumberField = (max: number) =>
  z
    .string({ error: 'Enter the tracking number' })
    .transform(normaliseTracking)
    .pipe(
      z
        .string()
        .max(max, `The tracking number must be at most ${max} characters`)
        .regex(/^[0-9A-Z]*$/, TRACKING_CHARS_MESSAGE),
    )
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));
