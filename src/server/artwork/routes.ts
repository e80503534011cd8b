import fastifyMultipart from '@fastify/multipart';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  artworkCreatedAnswer,
  artworkDecisionSchema,
  artworkDetailAnswer,
  artworkListAnswer,
  artworkUploadFields,
  proofLinkAnswer,
  proofTokenParams,
} from '../../shared/artwork';
import { API_BASE } from '../../shared/constants';
import type { App } from '../app-types';
import { auditInput } from '../audit';
import { linkLanguage } from '../users';
import { idParams, rowId } from '../http/params';
import { adminArtworkRoutes } from './admin-routes';
import { decisionDto, eventDto, previewUrl, proofDto, summaryDto } from './dto';
import { checkArtwork } from './files';
import { ARTWORK_MULTIPART_LIMITS, parseFields, readUploadForm } from './form';
import {
  createArtwork,
  decideByLink,
  decideInShop,
  fileOf,
  findArtwork,
  linkImage,
  listOwn,
  proofImage,
  roundsOf,
  showLink,
} from './service';

const tags = ['artwork'];
const isStaff = (role: string) => role === 'admin' || role === 'employee';

/**
 * Our drawn WebP only, never the uploaded file: typed, not sniffed, shown inline but sandboxed, private to the
 * browser that asked.
 */
export function sendWebp(reply: FastifyReply, bytes: Buffer, name: string) {
  return reply
    .type('image/webp')
    .header('content-disposition', `inline; filename="${name}.webp"`)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'private, no-cache')
    .send(bytes);
}

const roundParams = z.object({ id: rowId, round: z.coerce.number().int().min(1).max(1000) });

/** The customer's artwork, the proof link (public), and the images both show; the staff routes under /artwork/admin. */
export async function artworkRoutes(app: App) {
  const { db } = app.deps;
  const shop = () => ({ appUrl: app.deps.config.appUrl, notifyEmail: app.deps.config.shopNotifyEmail });
  /** What the e-mailed link's page shows, in the customer's language (docs/product.md#languages). */
  const linkAnswer = async (token: string) => {
    const { state, proof, artwork, decided } = await showLink(db, token);
    return {
      success: true as const,
      link: {
        state,
        artwork_name: artwork.name,
        expires_at: proof.linkExpiresAt.toISOString(),
        proof: proofDto(proof, `${API_BASE}/artwork/proof-links/${token}/image`),
        decision: decided ? decisionDto(decided) : null,
      },
      language: await linkLanguage(db, { userId: artwork.userId }),
    };
  };
  await app.register(fastifyMultipart, { limits: ARTWORK_MULTIPART_LIMITS });

  app.post(
    '/artwork',
    {
      config: { access: 'customer', upload: true, audit: { kind: 'artwork.upload', entity: 'artwork' } },
      schema: {
        tags,
        summary: 'Upload a logo (multipart: file = PNG, JPEG, WebP, SVG or PDF by its bytes, up to 20 MB; name)',
        consumes: ['multipart/form-data'],
        response: { 201: artworkCreatedAnswer },
      },
    },
    async (req, reply) => {
      const form = await readUploadForm(req);
      const { name } = parseFields(artworkUploadFields, form.fields);
      const checked = await checkArtwork(form.file);
      auditInput({ name, file_name: form.fileName, file_size: form.file.length });
      const row = await createArtwork(
        db,
        { userId: req.user.id, name, file: form.file, fileName: form.fileName, checked, uploadedBy: null },
        { type: 'customer', email: req.user.email },
      );
      return reply.code(201).send({
        success: true as const,
        artwork: { id: row.id, name: row.name, status: row.status, preview_url: previewUrl(row) },
      });
    },
  );

  app.get(
    '/artwork',
    {
      config: { access: 'customer' },
      schema: { tags, summary: "One's own artwork, the latest first", response: { 200: artworkListAnswer } },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const { rows, rounds } = await listOwn(db, req.user.id);
      return { success: true as const, artworks: rows.map((r) => summaryDto(r, rounds.get(r.id) ?? 0)) };
    },
  );

  app.get(
    '/artwork/:id',
    {
      config: { access: 'customer' },
      schema: {
        tags,
        summary: 'One of one’s own artworks with every proof round and its timeline',
        params: idParams,
        response: { 200: artworkDetailAnswer },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const row = await findArtwork(db, req.params.id, req.user.id);
      const { proofs, events } = await roundsOf(db, row.id);
      return {
        success: true as const,
        artwork: {
          ...summaryDto(row, proofs.length),
          proofs: proofs.map((p) => proofDto(p)),
          events: events.map((e) => eventDto(e, false)),
        },
      };
    },
  );

  app.post(
    '/artwork/:id/decision',
    {
      config: { access: 'customer', audit: { kind: 'artwork.decision', entity: 'artwork' } },
      schema: {
        tags,
        summary: 'Approve the waiting proof, or ask for changes with a note',
        params: idParams,
        body: artworkDecisionSchema,
        response: { 200: artworkDetailAnswer },
      },
    },
    async (req) => {
      await decideInShop(db, req.params.id, req.user, req.body, shop());
      const row = await findArtwork(db, req.params.id, req.user.id);
      const { proofs, events } = await roundsOf(db, row.id);
      return {
        success: true as const,
        artwork: {
          ...summaryDto(row, proofs.length),
          proofs: proofs.map((p) => proofDto(p)),
          events: events.map((e) => eventDto(e, false)),
        },
      };
    },
  );

  app.get(
    '/artwork/:id/preview',
    {
      config: { access: 'customer' },
      schema: {
        tags,
        summary: 'The artwork’s preview as WebP (the owner and staff)',
        params: idParams,
        produces: ['image/webp'],
      },
    },
    async (req, reply) => {
      const file = await fileOf(db, req.params.id, 'preview', isStaff(req.user.role) ? undefined : req.user.id);
      return sendWebp(reply, file.bytes, `artwork-${req.params.id}`);
    },
  );

  app.get(
    '/artwork/:id/proofs/:round/image',
    {
      config: { access: 'customer' },
      schema: {
        tags,
        summary: 'A proof round’s image as WebP (the owner and staff)',
        params: roundParams,
        produces: ['image/webp'],
      },
    },
    async (req, reply) => {
      const { id, round } = req.params;
      const bytes = await proofImage(db, id, round, isStaff(req.user.role) ? undefined : req.user.id);
      return sendWebp(reply, bytes, `proof-${id}-${round}`);
    },
  );

  // The e-mailed link: the token is the credential. GET shows and never decides; only the page's button posts.
  app.get(
    '/artwork/proof-links/:token',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The proof behind an e-mailed link and the state of the link',
        params: proofTokenParams,
        response: { 200: proofLinkAnswer },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return linkAnswer(req.params.token);
    },
  );

  app.get(
    '/artwork/proof-links/:token/image',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The image of the proof behind a link',
        params: proofTokenParams,
        produces: ['image/webp'],
      },
    },
    async (req, reply) => sendWebp(reply, await linkImage(db, req.params.token), 'proof'),
  );

  app.post(
    '/artwork/proof-links/:token/decision',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Approve the proof or ask for changes (once, while it waits)',
        params: proofTokenParams,
        body: artworkDecisionSchema,
        response: { 200: proofLinkAnswer },
      },
    },
    async (req) => {
      await decideByLink(db, req.params.token, req.body, shop(), {
        ip: req.ip,
        requestId: String(req.id),
        route: `${API_BASE}/artwork/proof-links/:token/decision`,
      });
      return linkAnswer(req.params.token);
    },
  );

  await app.register(adminArtworkRoutes);
}
