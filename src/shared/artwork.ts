import { z } from 'zod';
import { linkLanguageSchema } from './language-schema';

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

/** 20 MB: a print-ready logo fits, and the server stops reading past it. */
export const ARTWORK_MAX_BYTES = 20 * 1024 * 1024;
/** What the file pickers offer; the server decides by the bytes. */
export const ARTWORK_ACCEPT = 'image/png,image/jpeg,image/webp,image/svg+xml,application/pdf,.svg,.pdf';
export const PROOF_ACCEPT = 'image/png,image/jpeg,image/webp';
/** How long an e-mailed proof link works: a customer away for a week can still use it. */
export const PROOF_LINK_DAYS = 14;

export const ARTWORK_STATUS_LABELS: Record<ArtworkStatus, string> = {
  submitted: 'Submitted',
  proof_sent: 'Waiting for the customer',
  changes_requested: 'Changes requested',
  approved: 'Approved',
};
// The customer's words for the same states are in the web's catalogues (artwork.status.*), in each language.

export const ARTWORK_MESSAGES = {
  nameRequired: 'Give the artwork a name',
  nameTooLong: 'The name must be at most 80 characters',
  fileRequired: 'Choose a file',
  tooLarge: 'The file must be at most 20 MB',
  notAccepted: 'The file is not a PNG, JPEG, WebP, SVG or PDF (checked by its contents, not its name)',
  proofNotImage: 'The proof must be a PNG, JPEG or WebP image',
  tooManyPixels: 'The image is too large in pixels (at most 50 megapixels)',
  damaged: 'The file is damaged or incomplete',
  svgUnsafe:
    'The SVG contains scripts, event handlers, embedded HTML or links to other files; export it again as a plain drawing, or send a PNG',
  pdfDamaged: 'The PDF is damaged or incomplete',
  badForm: 'The upload is not a valid multipart form',
  customerRequired: 'Choose the customer',
  stitchCount: 'Stitch count must be a whole number from 1 to 500,000',
  threadColours: 'List the thread colours (1 to 20, one per line or separated by commas)',
  threadColourTooLong: 'Each thread colour must be at most 60 characters',
  width: 'Width must be from 0.1 to 30 inches',
  height: 'Height must be from 0.1 to 30 inches',
  noteTooLong: 'The note must be at most 2000 characters',
  changesNote: 'Say what should change',
  notDecidable: 'There is no proof waiting for a decision on this artwork',
  proofNotNow: 'This artwork is approved; it takes no new proof',
} as const;

export const artworkNameSchema = z
  .string({ error: ARTWORK_MESSAGES.nameRequired })
  .trim()
  .min(1, ARTWORK_MESSAGES.nameRequired)
  .max(80, ARTWORK_MESSAGES.nameTooLong);

/** The text fields of an upload (the file travels beside them in the multipart form). */
export const artworkUploadFields = z.object({ name: artworkNameSchema });
export const staffArtworkUploadFields = z.object({
  name: artworkNameSchema,
  customer_id: z.coerce
    .number({ error: ARTWORK_MESSAGES.customerRequired })
    .int(ARTWORK_MESSAGES.customerRequired)
    .positive(ARTWORK_MESSAGES.customerRequired),
});

/** "Navy 1234, White" or one per line: the list, trimmed, blanks dropped. */
export const splitColours = (v: string) =>
  v
    .split(/[\n,]/)
    .map((s) => s.trim())
    .filter(Boolean);

const inches = (message: string) =>
  z.coerce
    .number({ error: message })
    .min(0.1, message)
    .max(30, message)
    .refine((n) => Number.isFinite(n), message);

/** A proof's facts, as the form and the multipart fields carry them (text); the server stores inches in hundredths. */
export const proofFieldsSchema = z.object({
  stitch_count: z.coerce
    .number({ error: ARTWORK_MESSAGES.stitchCount })
    .int(ARTWORK_MESSAGES.stitchCount)
    .min(1, ARTWORK_MESSAGES.stitchCount)
    .max(500_000, ARTWORK_MESSAGES.stitchCount),
  thread_colours: z
    .string({ error: ARTWORK_MESSAGES.threadColours })
    .transform(splitColours)
    .pipe(
      z
        .array(z.string().max(60, ARTWORK_MESSAGES.threadColourTooLong))
        .min(1, ARTWORK_MESSAGES.threadColours)
        .max(20, ARTWORK_MESSAGES.threadColours),
    ),
  width_in: inches(ARTWORK_MESSAGES.width),
  height_in: inches(ARTWORK_MESSAGES.height),
  note: z.string().trim().max(2000, ARTWORK_MESSAGES.noteTooLong).default(''),
});

/** Approve, or ask for changes saying what. */
export const artworkDecisionSchema = z
  .object({
    decision: z.enum(ARTWORK_DECISIONS),
    note: z.string().trim().max(2000, ARTWORK_MESSAGES.noteTooLong).default(''),
  })
  .superRefine((v, ctx) => {
    if (v.decision === 'changes' && !v.note)
      ctx.addIssue({ code: 'custom', path: ['note'], message: ARTWORK_MESSAGES.changesNote });
  });
export type ArtworkDecisionInput = z.input<typeof artworkDecisionSchema>;

export const artworkQueueQuery = z.object({ status: z.enum(ARTWORK_STATUSES).optional() });

const artworkSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(ARTWORK_STATUSES),
  format: z.enum(ARTWORK_FORMATS),
  preview_url: z.string(),
  /** A PDF shows a drawn placeholder, not its first page. */
  preview_is_placeholder: z.boolean(),
  file_name: z.string(),
  rounds: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ArtworkSummary = z.infer<typeof artworkSummary>;

const artworkCustomer = z.object({ id: z.number().int(), name: z.string(), email: z.string() });
const staffArtworkSummary = artworkSummary.extend({ customer: artworkCustomer });

export const proofDecisionView = z.object({
  decision: z.enum(['approved', 'changes_requested']),
  note: z.string().nullable(),
  at: z.string(),
  /** Who decided, as the page says it: the customer's address. */
  by: z.string(),
  via: z.enum(DECIDED_VIA),
});
export type ProofDecisionView = z.infer<typeof proofDecisionView>;

export const proofView = z.object({
  round: z.number().int(),
  image_url: z.string(),
  stitch_count: z.number().int(),
  thread_colours: z.array(z.string()),
  width_in: z.number(),
  height_in: z.number(),
  note: z.string(),
  sent_at: z.string(),
  decision: proofDecisionView.nullable(),
});
export type ProofView = z.infer<typeof proofView>;

export const artworkEventView = z.object({
  kind: z.enum(ARTWORK_EVENT_KINDS),
  round: z.number().int().nullable(),
  by: z.string(),
  note: z.string().nullable(),
  at: z.string(),
});
export type ArtworkEventView = z.infer<typeof artworkEventView>;

const artworkDetail = artworkSummary.extend({
  proofs: z.array(proofView),
  events: z.array(artworkEventView),
});
const staffArtworkDetail = artworkDetail.extend({
  customer: artworkCustomer,
  original_url: z.string(),
  file_size: z.number().int(),
  uploaded_by: z.string().nullable(),
});

export const artworkCreatedAnswer = z.object({
  success: z.literal(true),
  artwork: z.object({
    id: z.number().int(),
    name: z.string(),
    status: z.enum(ARTWORK_STATUSES),
    preview_url: z.string(),
  }),
});
export const artworkListAnswer = z.object({ success: z.literal(true), artworks: z.array(artworkSummary) });
export const artworkDetailAnswer = z.object({ success: z.literal(true), artwork: artworkDetail });
export const artworkCounts = z.object(
  Object.fromEntries(ARTWORK_STATUSES.map((s) => [s, z.number().int()])) as Record<ArtworkStatus, z.ZodNumber>,
);
export type ArtworkCounts = z.infer<typeof artworkCounts>;
export const staffArtworkListAnswer = z.object({
  success: z.literal(true),
  artworks: z.array(staffArtworkSummary),
  counts: artworkCounts,
});
export const staffArtworkDetailAnswer = z.object({ success: z.literal(true), artwork: staffArtworkDetail });

/** open: can be decided now; used: decided with this link; decided: decided elsewhere; expired: too old. */
export const PROOF_LINK_STATES = ['open', 'used', 'decided', 'expired'] as const;
export const proofLinkAnswer = z.object({
  success: z.literal(true),
  link: z.object({
    state: z.enum(PROOF_LINK_STATES),
    artwork_name: z.string(),
    expires_at: z.string(),
    proof: proofView,
    /** How the artwork was decided (this round or a later one), when it was. */
    decision: proofDecisionView.nullable(),
  }),
  /** The language the page opens in: the customer's (docs/product.md#languages). */
  language: linkLanguageSchema,
});
export type ProofLink = z.infer<typeof proofLinkAnswer>['link'];
export const proofTokenParams = z.object({ token: z.string().min(10).max(200) });
