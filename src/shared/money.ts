// Money travels as dollars with two decimals and is stored and computed as integer cents.
export const toCents = (dollars: number): number => Math.round(dollars * 100);
export const toDollars = (cents: number): number => Math.round(cents) / 100;

/**
 * "$1,234.50", "-$3.00": what Intl.NumberFormat('en-US', USD) prints for dollars with two decimals, written out
 * because creating that formatter loads ICU data, ~25 ms of a phone's main thread before the store's first paint.
 */
export const formatUsd = (dollars: number): string => {
  const cents = Math.round(Math.abs(dollars) * 100);
  const whole = Math.floor(cents / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${dollars < 0 && cents > 0 ? '-' : ''}$${whole}.${String(cents % 100).padStart(2, '0')}`;
};

/** How an adjustment's amount reads: a zero shipping charge is "FREE" (pickup), everything else in dollars. */
export const adjustmentAmount = (a: { kind: string; amount: number }): string =>
  a.kind === 'shipping' && a.amount === 0 ? 'FREE' : formatUsd(a.amount);
