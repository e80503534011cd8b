import { z } from 'zod';

// The one rule for every calendar date the API takes (date query parameters, date body fields): a shop day
// "2026-11-25" that exists and lies in 2000..2100. Outside those years a day is a typo or a probe, and year 1 or
// 9999 broke the queries and streams behind it (security round 4, findings 2 and 7).

export const SHOP_DAY_MESSAGE = 'Dates are written YYYY-MM-DD';
const FIRST_DAY = '2000-01-01';
const LAST_DAY = '2100-12-31';
export const SHOP_DAY_OUT_OF_RANGE = `Dates must be between ${FIRST_DAY} and ${LAST_DAY}`;
export const DATE_RANGE_MESSAGE = 'The start date must be on or before the end date';

const noonOf = (day: string) => new Date(`${day}T12:00:00Z`);

/** Why a day is refused, or null for a real day from 2000-01-01 to 2100-12-31 (no February 30th). */
export function shopDayProblem(day: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return SHOP_DAY_MESSAGE;
  const d = noonOf(day);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== day) return SHOP_DAY_MESSAGE;
  return day < FIRST_DAY || day > LAST_DAY ? SHOP_DAY_OUT_OF_RANGE : null;
}

/** A day a body must hold (due_date). */
export const shopDaySchema = z
  .string({ error: SHOP_DAY_MESSAGE })
  .trim()
  .superRefine((day, ctx) => {
    const problem = shopDayProblem(day);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** A day in a query string; empty (a cleared filter) means none. */
export const shopDayField = z.preprocess((v) => (v === '' ? undefined : v), shopDaySchema.optional());

/** The same day `years` on by the calendar (February 29th on to a year without one: March 1st). */
const yearsOn = (day: string, years: number) => {
  const d = noonOf(day);
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return d.toISOString().slice(0, 10);
};

type Span = { years: number; message: string };

/**
 * The range rule of from/to filters: the start on or before the end and, where a route caps it, the end before the
 * same day `span.years` on. Checked only between two good days (a bad one has its own message already).
 */
export const shopDayRange = (span?: Span) => (v: { from?: string; to?: string }, ctx: z.RefinementCtx) => {
  if (!v.from || !v.to || shopDayProblem(v.from) || shopDayProblem(v.to)) return;
  // Good days compare as the text they are written in.
  if (v.to < v.from) ctx.addIssue({ code: 'custom', path: ['to'], message: DATE_RANGE_MESSAGE });
  else if (span && v.to >= yearsOn(v.from, span.years))
    ctx.addIssue({ code: 'custom', path: ['to'], message: span.message });
};
