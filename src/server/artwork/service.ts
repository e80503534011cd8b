import { and, asc, count, desc, eq, getTableColumns, inArray, isNull, sql } from 'drizzle-orm';
import {
  ARTWORK_MESSAGES,
  ARTWORK_STATUSES,
  PROOF_LINK_DAYS,
  type ArtworkCounts,
  type ArtworkStatus,
} from '../../shared/artwork';
import { personName } from '../../shared/person-name';
import type { Db, Executor, Tx } from '../db/client';
import { artworkEvents, artworkProofs, artworks, auditLog, users } from '../db/schema';
import { badRequest, conflict, notFound } from '../http/errors';
import { enqueueMail } from '../mail/outbox';
import { hashToken, newToken } from '../sessions';
import { shopNotifyAddress } from '../settings';
import type { CheckedArtwork } from './files';
import { decisionNoticeMail, proofReadyMail } from './mails';

export type ArtworkRow = typeof artworks.$inferSelect;
export type ProofRow = Omit<typeof artworkProofs.$inferSelect, 'image'>;
export type EventRow = typeof artworkEvents.$inferSelect;
type Person = { id: number; email: string; firstName: string | null; lastName: string | null };
export type Actor = { type: 'customer' | 'staff' | 'link'; email: string };
export type ShopLinks = { appUrl: string; notifyEmail: string | null };

/** Every column but the file bytes: lists and pages never carry them. */
const artworkColumns = {
  id: artworks.id,
  userId: artworks.userId,
  name: artworks.name,
  status: artworks.status,
  format: artworks.format,
  fileName: artworks.fileName,
  fileSize: artworks.fileSize,
  previewIsPlaceholder: artworks.previewIsPlaceholder,
  uploadedBy: artworks.uploadedBy,
  createdAt: artworks.createdAt,
  updatedAt: artworks.updatedAt,
};
export type ArtworkInfo = Omit<ArtworkRow, 'original' | 'preview'>;

const { image: _image, ...proofColumns } = getTableColumns(artworkProofs);

export const displayName = (p: Pick<Person, 'email' | 'firstName' | 'lastName'>) =>
  personName(p.firstName, p.lastName, p.email);

async function person(db: Executor, id: number): Promise<Person | undefined> {
  const [row] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, id));
  return row;
}

/** Stores a checked file as a new artwork with its first event; the caller checked the file (no transaction held). */
export async function createArtwork(
  db: Db,
  input: {
    userId: number;
    name: string;
    file: Buffer;
    fileName: string;
    checked: CheckedArtwork;
    uploadedBy: number | null;
  },
  actor: Actor,
): Promise<ArtworkInfo> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(artworks)
      .values({
        userId: input.userId,
        name: input.name,
        format: input.checked.format,
        fileName: input.fileName,
        fileSize: input.file.length,
        original: input.file,
        preview: input.checked.preview,
        previewIsPlaceholder: input.checked.previewIsPlaceholder,
        uploadedBy: input.uploadedBy,
      })
      .returning(artworkColumns);
    await tx
      .insert(artworkEvents)
      .values({ artworkId: row!.id, kind: 'uploaded', actorType: actor.type, actorEmail: actor.email });
    return row!;
  });
}

/** The customer a staff upload is for: an existing account, else a 400 on the field. */
export async function customerForUpload(db: Executor, id: number): Promise<Person> {
  const found = await person(db, id);
  if (!found)
    throw badRequest(ARTWORK_MESSAGES.customerRequired, [
      { field: 'customer_id', message: ARTWORK_MESSAGES.customerRequired },
    ]);
  return found;
}

async function roundCounts(db: Executor, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: artworkProofs.artworkId, n: count() })
    .from(artworkProofs)
    .where(inArray(artworkProofs.artworkId, ids))
    .groupBy(artworkProofs.artworkId);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

export async function listOwn(db: Executor, userId: number) {
  const rows = await db
    .select(artworkColumns)
    .from(artworks)
    .where(eq(artworks.userId, userId))
    .orderBy(desc(artworks.updatedAt), desc(artworks.id));
  return {
    rows,
    rounds: await roundCounts(
      db,
      rows.map((r) => r.id),
    ),
  };
}

/** The staff queue: one status (or all), the longest waiting first, with the count of each status. */
export async function listQueue(db: Executor, status: ArtworkStatus | undefined) {
  const rows = await db
    .select({
      ...artworkColumns,
      customerEmail: users.email,
      customerFirst: users.firstName,
      customerLast: users.lastName,
    })
    .from(artworks)
    .innerJoin(users, eq(users.id, artworks.userId))
    .where(status ? eq(artworks.status, status) : undefined)
    .orderBy(status === 'approved' ? desc(artworks.updatedAt) : asc(artworks.updatedAt), asc(artworks.id))
    .limit(200);
  return {
    rows,
    rounds: await roundCounts(
      db,
      rows.map((r) => r.id),
    ),
    counts: await artworkQueueCounts(db),
  };
}

/** How many artworks are in each status: the queue's tabs and the Today page. */
export async function artworkQueueCounts(db: Executor): Promise<ArtworkCounts> {
  const rows = await db.select({ status: artworks.status, n: count() }).from(artworks).groupBy(artworks.status);
  const counts = Object.fromEntries(ARTWORK_STATUSES.map((s) => [s, 0])) as ArtworkCounts;
  for (const r of rows) counts[r.status] = Number(r.n);
  return counts;
}

/** One artwork; a customer's own only (another's is 404, never data). */
export async function findArtwork(db: Executor, id: number, ownerId?: number): Promise<ArtworkInfo> {
  const [row] = await db
    .select(artworkColumns)
    .from(artworks)
    .where(ownerId === undefined ? eq(artworks.id, id) : and(eq(artworks.id, id), eq(artworks.userId, ownerId)));
  if (!row) throw notFound('Artwork not found');
  return row;
}

export async function roundsOf(db: Executor, artworkId: number) {
  const [proofs, events] = await Promise.all([
    db
      .select(proofColumns)
      .from(artworkProofs)
      .where(eq(artworkProofs.artworkId, artworkId))
      .orderBy(asc(artworkProofs.round)),
    db
      .select()
      .from(artworkEvents)
      .where(eq(artworkEvents.artworkId, artworkId))
      .orderBy(asc(artworkEvents.createdAt), asc(artworkEvents.id)),
  ]);
  return { proofs: proofs as ProofRow[], events };
}

export async function detailExtras(db: Executor, row: ArtworkInfo) {
  const [customer, uploader] = await Promise.all([
    person(db, row.userId),
    row.uploadedBy ? person(db, row.uploadedBy) : undefined,
  ]);
  return { customer: customer!, uploader };
}

export async function fileOf(db: Executor, id: number, which: 'original' | 'preview', ownerId?: number) {
  const [row] = await db
    .select({
      bytes: which === 'original' ? artworks.original : artworks.preview,
      name: artworks.fileName,
      format: artworks.format,
    })
    .from(artworks)
    .where(ownerId === undefined ? eq(artworks.id, id) : and(eq(artworks.id, id), eq(artworks.userId, ownerId)));
  if (!row) throw notFound('Artwork not found');
  return row;
}

export async function proofImage(db: Executor, artworkId: number, round: number, ownerId?: number) {
  const [row] = await db
    .select({ bytes: artworkProofs.image })
    .from(artworkProofs)
    .innerJoin(artworks, eq(artworks.id, artworkProofs.artworkId))
    .where(
      and(
        eq(artworkProofs.artworkId, artworkId),
        eq(artworkProofs.round, round),
        ownerId === undefined ? undefined : eq(artworks.userId, ownerId),
      ),
    );
  if (!row) throw notFound('Proof not found');
  return row.bytes;
}

async function lockArtwork(tx: Tx, id: number, ownerId?: number): Promise<ArtworkInfo> {
  const [row] = await tx
    .select(artworkColumns)
    .from(artworks)
    .where(ownerId === undefined ? eq(artworks.id, id) : and(eq(artworks.id, id), eq(artworks.userId, ownerId)))
    .for('update');
  if (!row) throw notFound('Artwork not found');
  return row;
}

export type ProofInput = {
  stitch_count: number;
  thread_colours: string[];
  width_in: number;
  height_in: number;
  note: string;
};

/**
 * Sends a proof round: stored with its facts, the artwork waits for the customer, and the customer is mailed a link
 * whose token is stored only hashed. Only an artwork that waits for a proof takes one.
 */
export async function sendProof(
  db: Db,
  artworkId: number,
  input: ProofInput & { image: Buffer },
  staff: { id: number; email: string },
  shop: ShopLinks,
  now = new Date(),
) {
  return db.transaction(async (tx) => {
    const artwork = await lockArtwork(tx, artworkId);
    if (artwork.status === 'approved') throw conflict(ARTWORK_MESSAGES.proofNotNow, 'ARTWORK_APPROVED');
    if (artwork.status === 'proof_sent')
      throw conflict('A proof is already waiting for the customer; wait for their decision', 'PROOF_WAITING');
    const [last] = await tx
      .select({ round: sql<number>`coalesce(max(${artworkProofs.round}), 0)::int` })
      .from(artworkProofs)
      .where(eq(artworkProofs.artworkId, artworkId));
    const round = (last?.round ?? 0) + 1;
    const token = newToken();
    await tx.insert(artworkProofs).values({
      artworkId,
      round,
      image: input.image,
      stitchCount: input.stitch_count,
      threadColours: input.thread_colours,
      widthHundredths: Math.round(input.width_in * 100),
      heightHundredths: Math.round(input.height_in * 100),
      note: input.note,
      sentBy: staff.id,
      sentAt: now,
      linkTokenHash: hashToken(token),
      linkExpiresAt: new Date(now.getTime() + PROOF_LINK_DAYS * 86_400_000),
    });
    await tx.update(artworks).set({ status: 'proof_sent', updatedAt: now }).where(eq(artworks.id, artworkId));
    await tx.insert(artworkEvents).values({
      artworkId,
      kind: 'proof_sent',
      round,
      actorType: 'staff',
      actorEmail: staff.email,
      note: input.note || null,
      createdAt: now,
    });
    const customer = (await person(tx, artwork.userId))!;
    const [reader] = await tx.select({ language: users.language }).from(users).where(eq(users.id, artwork.userId));
    await enqueueMail(
      tx,
      proofReadyMail({
        to: customer.email,
        artworkName: artwork.name,
        artworkId,
        round,
        proof: input,
        link: `${shop.appUrl}/proof/${token}`,
        appUrl: shop.appUrl,
        expiresAt: new Date(now.getTime() + PROOF_LINK_DAYS * 86_400_000),
        language: reader?.language,
      }),
    );
    return { artworkId, round, token };
  });
}

export type DecisionInput = { decision: 'approve' | 'changes'; note: string };

async function latestRound(tx: Executor, artworkId: number): Promise<ProofRow | undefined> {
  const [row] = await tx
    .select(proofColumns)
    .from(artworkProofs)
    .where(eq(artworkProofs.artworkId, artworkId))
    .orderBy(desc(artworkProofs.round))
    .limit(1);
  return row as ProofRow | undefined;
}

/** Records a decision on the waiting round: the round, the artwork, its timeline and the shop's notice, at once. */
async function applyDecision(
  tx: Tx,
  artwork: ArtworkInfo,
  proof: ProofRow,
  input: DecisionInput,
  by: { email: string; via: 'shop' | 'link' },
  shop: ShopLinks,
) {
  const now = new Date();
  const status = input.decision === 'approve' ? 'approved' : 'changes_requested';
  const note = input.note || null;
  await tx
    .update(artworkProofs)
    .set({ decision: status, decisionNote: note, decidedAt: now, decidedByEmail: by.email, decidedVia: by.via })
    .where(and(eq(artworkProofs.id, proof.id), isNull(artworkProofs.decision)));
  await tx.update(artworks).set({ status, updatedAt: now }).where(eq(artworks.id, artwork.id));
  await tx.insert(artworkEvents).values({
    artworkId: artwork.id,
    kind: status,
    round: proof.round,
    actorType: by.via === 'link' ? 'link' : 'customer',
    actorEmail: by.email,
    note,
    createdAt: now,
  });
  const to = await shopNotifyAddress(tx, shop.notifyEmail);
  const customer = (await person(tx, artwork.userId))!;
  if (to)
    await enqueueMail(
      tx,
      decisionNoticeMail({
        to,
        artworkName: artwork.name,
        artworkId: artwork.id,
        round: proof.round,
        approved: status === 'approved',
        note,
        customer: displayName(customer),
        via: by.via,
        appUrl: shop.appUrl,
      }),
    );
}

/** The customer decides in the shop, signed in: their own artwork, while a proof waits. */
export async function decideInShop(
  db: Db,
  artworkId: number,
  user: { id: number; email: string },
  input: DecisionInput,
  shop: ShopLinks,
) {
  await db.transaction(async (tx) => {
    const artwork = await lockArtwork(tx, artworkId, user.id);
    const proof = await latestRound(tx, artworkId);
    if (artwork.status !== 'proof_sent' || !proof || proof.decision)
      throw conflict(ARTWORK_MESSAGES.notDecidable, 'NO_PROOF_WAITING');
    await applyDecision(tx, artwork, proof, input, { email: user.email, via: 'shop' }, shop);
  });
}

// Our tokens are base64url: anything else is no token of ours and never reaches a query.
const TOKEN_SHAPE = /^[A-Za-z0-9_-]+$/;
export const UNKNOWN_PROOF_LINK = 'This proof link is not valid. Check that you opened the whole link from the e-mail.';

async function findLink(db: Executor, token: string, lock = false): Promise<ProofRow> {
  if (!TOKEN_SHAPE.test(token)) throw notFound(UNKNOWN_PROOF_LINK);
  const q = db
    .select(proofColumns)
    .from(artworkProofs)
    .where(eq(artworkProofs.linkTokenHash, hashToken(token)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound(UNKNOWN_PROOF_LINK);
  return row as ProofRow;
}

export type LinkState = 'open' | 'used' | 'decided' | 'expired';

/** What a link can still do: used (decided with it), decided (in the shop, or the artwork moved on), expired, open. */
export function linkState(proof: ProofRow, artwork: ArtworkInfo, latest: number, now = new Date()): LinkState {
  if (proof.decision) return proof.decidedVia === 'link' ? 'used' : 'decided';
  if (artwork.status !== 'proof_sent' || proof.round !== latest) return 'decided';
  if (proof.linkExpiresAt.getTime() <= now.getTime()) return 'expired';
  return 'open';
}

/** The latest decided round of the artwork: what a dead link says was decided, by whom and when. */
async function lastDecision(db: Executor, artworkId: number): Promise<ProofRow | undefined> {
  const [row] = await db
    .select(proofColumns)
    .from(artworkProofs)
    .where(and(eq(artworkProofs.artworkId, artworkId), sql`${artworkProofs.decision} is not null`))
    .orderBy(desc(artworkProofs.round))
    .limit(1);
  return row as ProofRow | undefined;
}

/** GET of a proof link: shows, never decides (mail scanners and link previews open links). */
export async function showLink(db: Executor, token: string) {
  const proof = await findLink(db, token);
  const artwork = await findArtwork(db, proof.artworkId);
  const latest = (await latestRound(db, artwork.id))!.round;
  const state = linkState(proof, artwork, latest);
  const decided = proof.decision ? proof : state === 'open' ? undefined : await lastDecision(db, artwork.id);
  return { state, proof, artwork, decided };
}

const when = (d: Date) =>
  d.toLocaleString('en-US', { timeZone: 'America/Phoenix', dateStyle: 'medium', timeStyle: 'short' });
const decidedText = (p: ProofRow) =>
  `${p.decision === 'approved' ? 'approved' : 'sent back for changes'} by ${p.decidedByEmail} on ${when(p.decidedAt!)}`;

/**
 * POST of a proof link: decides the round once, while it waits. A link used before, or whose artwork was decided
 * elsewhere, answers 409 saying what was decided, by whom and when; the page then shows it.
 */
export async function decideByLink(
  db: Db,
  token: string,
  input: DecisionInput,
  shop: ShopLinks,
  request: { ip: string; requestId: string; route: string },
) {
  return db.transaction(async (tx) => {
    const found = await findLink(tx, token, true);
    const artwork = await lockArtwork(tx, found.artworkId);
    const proof = (await findLink(tx, token)) as ProofRow;
    const latest = (await latestRound(tx, artwork.id))!.round;
    const state = linkState(proof, artwork, latest);
    if (state === 'used') throw conflict(`This proof was already ${decidedText(proof)}.`, 'PROOF_LINK_USED');
    if (state === 'decided') {
      const last = proof.decision ? proof : await lastDecision(tx, artwork.id);
      throw conflict(
        last ? `This artwork was already ${decidedText(last)}.` : 'This proof was replaced by a newer one.',
        'PROOF_LINK_DECIDED',
      );
    }
    if (state === 'expired')
      throw conflict(
        'This proof link has expired. Sign in to the shop to review the proof, or contact us.',
        'PROOF_LINK_EXPIRED',
      );
    const customer = (await person(tx, artwork.userId))!;
    await applyDecision(tx, artwork, proof, input, { email: customer.email, via: 'link' }, shop);
    // No one is signed in on a link: the audit row names the customer the link was mailed to.
    await tx.insert(auditLog).values({
      actorId: customer.id,
      actorEmail: customer.email,
      actorRole: 'customer (e-mailed link)',
      ip: request.ip,
      requestId: request.requestId,
      kind: 'artwork.decision',
      entityType: 'artwork',
      entityId: String(artwork.id),
      method: 'POST',
      route: request.route,
      changes: {
        status: { before: artwork.status, after: input.decision === 'approve' ? 'approved' : 'changes_requested' },
      },
      input: { decision: input.decision, note: input.note, round: proof.round },
    });
  });
}

export async function linkImage(db: Executor, token: string): Promise<Buffer> {
  const proof = await findLink(db, token);
  return proofImage(db, proof.artworkId, proof.round);
}
