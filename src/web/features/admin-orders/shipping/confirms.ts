import { SHIPMENT_CONFIRMS, type ShipmentConfirm, type ShipmentResult } from '@shared/shipments';

// The warnings a bulk ship check found (an order that still owes money, a tracking number already on another order):
// all of them at once, each with its own confirmation; a warned row ships once every warning it has is confirmed.

export type Confirmed = Record<ShipmentConfirm, boolean>;

type Row = Pick<ShipmentResult, 'problem' | 'warnings'>;

/** The confirmations the checked rows ask for, each once, in the order the page offers them. */
export const confirmsAsked = (rows: readonly Row[]): ShipmentConfirm[] =>
  SHIPMENT_CONFIRMS.filter((c) => rows.some((r) => r.warnings.some((w) => w.code === c)));

/** The warnings shown and not yet confirmed: the rows that have them wait. */
export const unconfirmed = (rows: readonly Row[], confirmed: Confirmed): ShipmentConfirm[] =>
  confirmsAsked(rows).filter((c) => !confirmed[c]);

/**
 * The rows that ship now: those without a problem, and those whose only problems are warnings all confirmed since
 * the check (the server checks each again when it ships).
 */
export const shippableCount = (rows: readonly Row[], confirmed: Confirmed): number =>
  rows.filter((r) => !r.problem || (r.warnings.length > 0 && r.warnings.every((w) => confirmed[w.code]))).length;
