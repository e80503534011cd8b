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

/** An optional tracking number: normalised, at most `max` characters after that, empty means none (null). */
export const trackingNumberField = (max: number) =>
  z
    .string({ error: 'Enter the tracking number' })
    .transform(normaliseTracking)
    .pipe(z.string().max(max, `The tracking number must be at most ${max} characters`))
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));
