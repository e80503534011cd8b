// Money travels as dollars with two decimals and is stored and computed as integer cents.
export const toCents = (dollars: number): number => Math.round(dollars * 100);
export const toDollars = (cents: number): number => Math.round(cents) / 100;

/** Tax on a cent amount, rounded half-up to the cent. The rate is a fraction (0.078). */
export const taxCents = (subtotalCents: number, rate: number): number =>
  Math.round(subtotalCents * Math.round(rate * 1_000_000) / 1_000_000);

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
export const formatUsd = (dollars: number): string => usd.format(dollars);

/** Tax rate shown as a percent with one decimal (SPEC §9): 0.078 -> "7.8%". */
export const formatTaxPercent = (rate: number): string => `${(rate * 100).toFixed(1)}%`;
