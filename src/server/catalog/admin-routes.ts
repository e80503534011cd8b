import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import {
  adminProductAnswer,
  adminProductsAnswer,
  IMAGE_MAX_BYTES,
  IMAGE_SIDES,
  imageSideParams,
  productCreateSchema,
  productPatchSchema,
  type ImageSide,
} from '../../shared/catalog-admin';
import type { App } from '../app-types';
import { AppError, badRequest } from '../http/errors';
import { idParams } from '../http/params';
import {
  createProduct,
  listAdminProducts,
  patchProduct,
  setGarmentBreaks,
  setProductImage,
  setShopBreaks,
} from './admin-service';
import { shopBreaks } from './service';
import {
  breakToInput,
  garmentBreaksUpdateSchema,
  shopBreaksAnswer,
  shopBreaksUpdateSchema,
} from '../../shared/quantity-breaks';
import { IMAGE_MESSAGES, renderUpload } from './media';

const tags = ['admin catalog'];
const sideMessage = 'Side must be front or back';

/** Reads the one file and the side field; the 10 MB limit stops the stream, so nothing larger is ever buffered. */
async function readUpload(req: FastifyRequest): Promise<{ file: Buffer; side: ImageSide }> {
  let file: Buffer | undefined;
  let side: string | undefined;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file) {
          await part.toBuffer();
          continue;
        }
        file = await part.toBuffer();
      } else if (part.fieldname === 'side') side = String(part.value);
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'FILE_TOO_LARGE', IMAGE_MESSAGES.tooLarge);
    // Whatever else the loop throws comes from reading the form itself (busboy: no boundary, a truncated body, a
    // malformed part): the client's upload is broken, so a 400 in the error shape, never a 500 with a stack.
    if (err instanceof AppError) throw err;
    throw badRequest('The upload is not a valid multipart form', undefined, 'BAD_UPLOAD');
  }
  if (!IMAGE_SIDES.includes(side as ImageSide))
    throw badRequest(sideMessage, [{ field: 'side', message: sideMessage }]);
  if (!file?.length) throw badRequest('Choose an image file', [{ field: 'file', message: 'Choose an image file' }]);
  return { file, side: side as ImageSide };
}

export async function adminCatalogRoutes(app: App) {
  const db = app.deps.db;
  await app.register(fastifyMultipart, {
    limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 4, fieldSize: 100, parts: 6 },
  });

  for (const [i, url] of ['/admin/products/', '/admin/products'].entries()) {
    app.get(
      url,
      {
        config: { access: 'staff' },
        schema: {
          tags,
          summary: 'Every product (one garment in one colour), active or not; employees may read',
          hide: i > 0,
          response: { 200: adminProductsAnswer },
        },
      },
      // The editor must see its own change at once: never from a browser or proxy cache.
      async (_req, reply) => {
        reply.header('cache-control', 'no-store');
        return { success: true as const, products: await listAdminProducts(db) };
      },
    );
    app.post(
      url,
      {
        config: { access: 'admin', audit: { kind: 'product.create', entity: 'product' } },
        schema: {
          tags,
          summary: 'Add a garment in one colour (or a new colour of a garment: same base_name)',
          hide: i > 0,
          body: productCreateSchema,
          response: { 201: adminProductAnswer },
        },
      },
      async (req, reply) =>
        reply.code(201).send({ success: true as const, product: await createProduct(db, req.body) }),
    );
  }

  app.patch(
    '/admin/products/:id',
    {
      config: { access: 'admin', audit: { kind: 'product.update', entity: 'product' } },
      schema: {
        tags,
        summary: 'Change a product; a price applies to open carts at once and never to placed orders',
        params: idParams,
        body: productPatchSchema,
        response: { 200: adminProductAnswer },
      },
    },
    async (req) => ({ success: true as const, product: await patchProduct(db, req.params.id, req.body) }),
  );

  app.put(
    '/admin/products/:id/quantity-breaks',
    {
      config: { access: 'admin', audit: { kind: 'product.quantity_breaks', entity: 'product' } },
      schema: {
        tags,
        summary: 'Set the garment’s own quantity price breaks on all its colours (null: the shop’s default)',
        params: idParams,
        body: garmentBreaksUpdateSchema,
        response: { 200: adminProductAnswer },
      },
    },
    async (req) => ({ success: true as const, product: await setGarmentBreaks(db, req.params.id, req.body.breaks) }),
  );

  app.get(
    '/admin/quantity-breaks',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'The shop-wide quantity price breaks (garments without their own follow them)',
        response: { 200: shopBreaksAnswer },
      },
    },
    async () => ({ success: true as const, breaks: (await shopBreaks(db)).map(breakToInput) }),
  );
  app.put(
    '/admin/quantity-breaks',
    {
      config: { access: 'admin', audit: { kind: 'settings.quantity_breaks', entity: 'settings' } },
      schema: {
        tags,
        summary: 'Set the shop-wide quantity price breaks (a percent off each)',
        body: shopBreaksUpdateSchema,
        response: { 200: shopBreaksAnswer },
      },
    },
    async (req) => ({ success: true as const, breaks: (await setShopBreaks(db, req.body.breaks)).map(breakToInput) }),
  );

  app.post(
    '/admin/products/:id/images',
    {
      config: { access: 'admin', upload: true, audit: { kind: 'product.image_upload', entity: 'product' } },
      schema: {
        tags,
        summary: 'Upload a photo (multipart: file = JPEG, PNG or WebP up to 10 MB; side = front or back)',
        consumes: ['multipart/form-data'],
        params: idParams,
        response: { 200: adminProductAnswer },
      },
    },
    async (req) => {
      const { file, side } = await readUpload(req);
      const rendered = await renderUpload(file);
      return { success: true as const, product: await setProductImage(db, req.params.id, side, rendered) };
    },
  );

  app.delete(
    '/admin/products/:id/images/:side',
    {
      config: { access: 'admin', audit: { kind: 'product.image_remove', entity: 'product' } },
      schema: {
        tags,
        summary: 'Remove the photo of one side',
        params: imageSideParams,
        response: { 200: adminProductAnswer },
      },
    },
    async (req) => ({
      success: true as const,
      product: await setProductImage(db, req.params.id, req.params.side, null),
    }),
  );
}
