import { API_BASE } from '../../shared/constants';
import type { ArtworkEventView, ArtworkSummary, ProofDecisionView, ProofView } from '../../shared/artwork';
import type { ArtworkInfo, EventRow, ProofRow } from './service';

// Rows to answers. Image addresses carry the artwork's updated time, so a browser never shows an old preview.

export const previewUrl = (a: Pick<ArtworkInfo, 'id'>) => `${API_BASE}/artwork/${a.id}/preview`;
export const proofImageUrl = (artworkId: number, round: number) =>
  `${API_BASE}/artwork/${artworkId}/proofs/${round}/image`;

export function summaryDto(a: ArtworkInfo, rounds: number): ArtworkSummary {
  return {
    id: a.id,
    name: a.name,
    status: a.status,
    format: a.format,
    preview_url: previewUrl(a),
    preview_is_placeholder: a.previewIsPlaceholder,
    file_name: a.fileName,
    rounds,
    created_at: a.createdAt.toISOString(),
    updated_at: a.updatedAt.toISOString(),
  };
}

export function decisionDto(p: ProofRow): ProofDecisionView | null {
  if (!p.decision || !p.decidedAt) return null;
  return {
    decision: p.decision,
    note: p.decisionNote,
    at: p.decidedAt.toISOString(),
    by: p.decidedByEmail ?? 'The customer',
    via: p.decidedVia ?? 'shop',
  };
}

export function proofDto(p: ProofRow, imageUrl = proofImageUrl(p.artworkId, p.round)): ProofView {
  return {
    round: p.round,
    image_url: imageUrl,
    stitch_count: p.stitchCount,
    thread_colours: p.threadColours,
    width_in: p.widthHundredths / 100,
    height_in: p.heightHundredths / 100,
    note: p.note,
    sent_at: p.sentAt.toISOString(),
    decision: decisionDto(p),
  };
}

/** A customer reads staff as "The shop"; staff read who did it. */
export function eventDto(e: EventRow, forStaff: boolean): ArtworkEventView {
  const by =
    e.actorType === 'staff'
      ? forStaff
        ? e.actorEmail
        : 'The shop'
      : e.actorType === 'link'
        ? `${e.actorEmail} (e-mailed link)`
        : e.actorEmail;
  return { kind: e.kind, round: e.round, by, note: e.note, at: e.createdAt.toISOString() };
}
