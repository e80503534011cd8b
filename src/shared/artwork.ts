import { z } from 'zod';

// Customers' artwork (logos) and the proofs staff send for them (docs/product.md#artwork-and-proofs).

export const ARTWORK_STATUSES = ['submitted', 'proof_sent', 'changes_requested', 'approved'] as const;
export type ArtworkStatus = (typeof ARTWORK_STATUSES)[number];

/** What the uploaded original is, found from its bytes (never from its name or the browser's type). */
export const ARTWORK_FORMATS = ['png', 'jpeg', 'webp', 'pdf', 'svg'] as const;
export type ArtworkFormat = (typeof ARTWORK_FORMATS)[number];

export const ARTWORK_DECISIONS = ['approve', 'changes'] as const;
/** Where a decision was made: signed in, in the shop, or from the e-mailed link. */
export const DECIDED_VIA = ['shop', 'link'] as const;
export const ARTWORK_EVENT_KINDS = ['uploaded', 'proof_sent', 'approved', 'changes_requested'] as const;
