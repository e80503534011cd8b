import {
  artworkCreatedAnswer,
  artworkQueueQuery,
  proofFieldsSchema,
  staffArtworkDetailAnswer,
  staffArtworkListAnswer,
  staffArtworkUploadFields,
} from '../../shared/artwork';
import { API_BASE } from '../../shared/constants';
import type { App } from '../app-types';
import { auditInput } from '../audit';
import { idParams } from '../http/params';
import { eventDto, previewUrl, proofDto, summaryDto } from './dto';
import { checkArtwork, checkProofImage } from './files';
import { parseFields, readUploadForm } from './form';
import {
  createArtwork,
  customerForUpload,
  detailExtras,
  displayName,
  fileOf,
  findArtwork,
  listQueue,
  roundsOf,
  sendProof,
} from './service';

const tags = ['artwork (staff)'];

const ORIGINAL_TYPES = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  pdf: 'application/pdf',
  // An SVG can carry script; as a download it is bytes, never a document a browser would render.
  svg: 'application/octet-stream',
} as const;

/** A download name: the uploaded name in ASCII for old clients, and in full (RFC 5987) for the rest. */
const attachment = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/** The artwork queue and each artwork's page for staff: originals, proofs, and uploads for a customer. */
export async function adminArtworkRoutes(app: App) {
  const { db } = app.deps;

  app.get(
    '/artwork/admin',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'The artwork queue: one status or all, the longest waiting first, with the count of each status',
        querystring: artworkQueueQuery,
        response: { 200: staffArtworkListAnswer },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const { rows, rounds, counts } = await listQueue(db, req.query.status);
      return {
        success: true as const,
        counts,
        artworks: rows.map((r) => ({
          ...summaryDto(r, rounds.get(r.id) ?? 0),
          customer: {
            id: r.userId,
            email: r.customerEmail,
            name: displayName({ email: r.customerEmail, firstName: r.customerFirst, lastName: r.customerLast }),
          },
        })),
      };
    },
  );

  app.post(
    '/artwork/admin',
    {
      config: { access: 'staff', upload: true, audit: { kind: 'artwork.upload', entity: 'artwork' } },
      schema: {
        tags,
        summary: 'Upload artwork for a customer (multipart: file, name, customer_id)',
        consumes: ['multipart/form-data'],
        response: { 201: artworkCreatedAnswer },
      },
    },
    async (req, reply) => {
      const form = await readUploadForm(req);
      const fields = parseFields(staffArtworkUploadFields, form.fields);
      const customer = await customerForUpload(db, fields.customer_id);
      const checked = await checkArtwork(form.file);
      auditInput({ ...fields, file_name: form.fileName, file_size: form.file.length });
      const row = await createArtwork(
        db,
        {
          userId: customer.id,
          name: fields.name,
          file: form.file,
          fileName: form.fileName,
          checked,
          uploadedBy: req.user.id,
        },
        { type: 'staff', email: req.user.email },
      );
      return reply.code(201).send({
        success: true as const,
        artwork: { id: row.id, name: row.name, status: row.status, preview_url: previewUrl(row) },
      });
    },
  );

  app.get(
    '/artwork/admin/:id',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'An artwork with its customer, every proof round and its timeline',
        params: idParams,
        response: { 200: staffArtworkDetailAnswer },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const row = await findArtwork(db, req.params.id);
      const [{ proofs, events }, { customer, uploader }] = await Promise.all([
        roundsOf(db, row.id),
        detailExtras(db, row),
      ]);
      return {
        success: true as const,
        artwork: {
          ...summaryDto(row, proofs.length),
          proofs: proofs.map((p) => proofDto(p)),
          events: events.map((e) => eventDto(e, true)),
          customer: { id: customer.id, email: customer.email, name: displayName(customer) },
          original_url: `${API_BASE}/artwork/admin/${row.id}/original`,
          file_size: row.fileSize,
          uploaded_by: uploader ? uploader.email : null,
        },
      };
    },
  );

  app.get(
    '/artwork/admin/:id/original',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'The file as the customer uploaded it, as a download',
        params: idParams,
        produces: ['application/octet-stream'],
      },
    },
    async (req, reply) => {
      const file = await fileOf(db, req.params.id, 'original');
      return reply
        .type(ORIGINAL_TYPES[file.format])
        .header('content-disposition', attachment(file.name))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, no-store')
        .send(file.bytes);
    },
  );

  app.post(
    '/artwork/admin/:id/proofs',
    {
      config: { access: 'staff', upload: true, audit: { kind: 'artwork.proof_sent', entity: 'artwork' } },
      schema: {
        tags,
        summary:
          'Send a proof (multipart: file = the proof image, stitch_count, thread_colours, width_in, height_in, note); the customer is e-mailed a link',
        consumes: ['multipart/form-data'],
        params: idParams,
        response: { 201: staffArtworkDetailAnswer.pick({ success: true }) },
      },
    },
    async (req, reply) => {
      const form = await readUploadForm(req);
      const fields = parseFields(proofFieldsSchema, form.fields);
      await findArtwork(db, req.params.id);
      const image = await checkProofImage(form.file);
      auditInput({ ...fields, file_name: form.fileName });
      await sendProof(db, req.params.id, { ...fields, image }, req.user, {
        appUrl: app.deps.config.appUrl,
        notifyEmail: app.deps.config.shopNotifyEmail,
      });
      return reply.code(201).send({ success: true as const });
    },
  );
}
