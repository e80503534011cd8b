import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { productImageUrl } from '../../shared/cart-basics';
import type { AdminProduct } from '../../shared/catalog-admin';
import { media, products } from '../db/schema';
import { buildApp } from '../app';
import { openDatabase } from '../db/client';
import { createTestApp } from '../test/harness';
import { signedIn } from '../test/users';
import { importSeedImages } from './seed-images';

const { app, config, database } = await createTestApp();
const db = app.deps.db;
const admin = await signedIn(app, 'admin');
const employee = await signedIn(app, 'employee');
const origin = new URL(config.appUrl).origin;

function multipart(fields: Record<string, string>, file?: { name: string; type: string; bytes: Buffer }) {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

const upload = (id: number, side: string, file?: { name: string; type: string; bytes: Buffer }, who = admin) => {
  const body = multipart({ side }, file);
  return app.inject({
    method: 'POST',
    url: `/api/v1/admin/products/${id}/images`,
    headers: { cookie: who.cookie, 'content-type': body.type, origin },
    payload: body.payload,
  });
};

const create = async (over: Record<string, unknown> = {}) => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/admin/products/',
    headers: admin.headers,
    payload: {
      base_name: `Image Garment ${Math.random().toString(36).slice(2)}`,
      category: 'shirts',
      base_price: 20,
      sizes: [{ label: 'M', upcharge: 0 }],
      color: 'Navy',
      color_hex: '#1f2a44',
      ...over,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().product as AdminProduct;
};

/** A photo-like test image: a red rectangle on white, with EXIF metadata that must not survive. */
const photo = (format: 'jpeg' | 'png' | 'webp', w = 800, h = 600) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#ffffff' } })
    .composite([
      {
        input: { create: { width: Math.round(w / 2), height: Math.round(h / 2), channels: 3, background: '#c01020' } },
        gravity: 'centre',
      },
    ])
    .withExif({ IFD0: { Artist: 'Secret Photographer' } })
    .toFormat(format)
    .toBuffer();

const mediaCount = () => db.$count(media);

describe('POST /admin/products/:id/images', () => {
  it('renders a JPEG to square WebPs at 250, 500 and 1000 px, without metadata, served immutable from the database', async () => {
    const p = await create();
    const res = await upload(p.id, 'front', { name: 'shirt.jpg', type: 'image/jpeg', bytes: await photo('jpeg') });
    expect(res.statusCode, res.body).toBe(200);
    const product = res.json().product as AdminProduct;
    expect(product.image_base).toMatch(/^\/images\/media\/[a-f0-9]{24}$/);
    expect(product.images).toEqual({ front: true, back: false });

    for (const size of [250, 500, 1000] as const) {
      const served = await app.inject({ method: 'GET', url: productImageUrl(product.image_base, size) });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(served.rawPayload).metadata();
      expect({ format: meta.format, width: meta.width, height: meta.height, exif: meta.exif }).toEqual({
        format: 'webp',
        width: size,
        height: size,
        exif: undefined,
      });
    }
    // The 4:3 photo is centred on the shop's backdrop: the top-left corner is backdrop, the centre the garment.
    const big = await sharp((await app.inject({ url: productImageUrl(product.image_base, 250) })).rawPayload)
      .raw()
      .toBuffer({ resolveWithObject: true });
    const px = (x: number, y: number) => [...big.data.subarray((y * 250 + x) * 3, (y * 250 + x) * 3 + 3)];
    expect(px(2, 2)[0]).toBeGreaterThan(230);
    expect(px(125, 125)[1]).toBeLessThan(60);
    // The public answer moves to the new base at once.
    const pub = await app.inject({ url: `/api/v1/products/${p.slug}` });
    expect(pub.json().product.image_base).toBe(product.image_base);
  });

  it('takes PNG and WebP, and front and back of a multi-image garment under one new base, keeping the old one', async () => {
    const p = await create({ is_multi_image: true });
    const front = await upload(p.id, 'front', { name: 'f.png', type: 'image/png', bytes: await photo('png') });
    expect(front.statusCode, front.body).toBe(200);
    const firstBase = front.json().product.image_base as string;
    const back = await upload(p.id, 'back', {
      name: 'b.webp',
      type: 'image/webp',
      bytes: await photo('webp', 500, 900),
    });
    expect(back.statusCode, back.body).toBe(200);
    const product = back.json().product as AdminProduct;
    expect(product.images).toEqual({ front: true, back: true });
    expect(product.image_base).not.toBe(firstBase);
    for (const base of [firstBase, product.image_base])
      expect((await app.inject({ url: productImageUrl(base, 500, 'front') })).statusCode).toBe(200);
    expect((await app.inject({ url: productImageUrl(product.image_base, 500, 'back') })).statusCode).toBe(200);

    const del = await app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/products/${p.id}/images/back`,
      headers: { cookie: admin.cookie },
    });
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json().product.images).toEqual({ front: true, back: false });
  });

  const truncatedJpeg = async () => {
    const full = await photo('jpeg', 1200, 900);
    return full.subarray(0, Math.floor(full.length / 2));
  };
  /** A real PNG whose header claims 20,000 x 20,000 pixels (400 megapixels) with a valid checksum. */
  const bomb = async () => {
    const png = Buffer.from(
      await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
        .png()
        .toBuffer(),
    );
    png.writeUInt32BE(20_000, 16);
    png.writeUInt32BE(20_000, 20);
    const crc = crc32(png.subarray(12, 29));
    png.writeUInt32BE(crc, 29);
    return png;
  };

  it.each([
    [
      'a renamed executable',
      () => Buffer.concat([Buffer.from('MZ\x90\x00'), Buffer.alloc(4000, 7)]),
      422,
      'not a JPEG',
    ],
    [
      'an SVG with a script',
      () =>
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'),
      422,
      'not a JPEG',
    ],
    ['a truncated JPEG', truncatedJpeg, 422, 'damaged'],
    ['a 20,000 x 20,000 px decompression bomb', bomb, 422, 'too many pixels'],
    ['an 11 MB file', () => Buffer.alloc(11 * 1024 * 1024, 1), 413, '10 MB'],
  ])('refuses %s with a clear 4xx and stores nothing', async (_what, make, status, words) => {
    const p = await create();
    const before = await mediaCount();
    const res = await upload(p.id, 'front', { name: 'shirt.jpg', type: 'image/jpeg', bytes: await make() });
    expect(res.statusCode).toBe(status);
    expect(res.json().detail).toContain(words);
    expect(await mediaCount()).toBe(before);
    const [row] = await db.select().from(products).where(eq(products.id, p.id));
    expect(row!.imageBase).toBe(p.image_base);
  });

  it('refuses a missing file or side, a back for a one-image garment, employees, and a cross-site upload', async () => {
    const p = await create();
    const jpeg = { name: 'a.jpg', type: 'image/jpeg', bytes: await photo('jpeg', 100, 100) };
    expect((await upload(p.id, 'front')).json().errors[0].field).toBe('file');
    expect((await upload(p.id, 'top', jpeg)).json().errors[0].field).toBe('side');
    expect((await upload(p.id, 'back', jpeg)).statusCode).toBe(400);
    expect((await upload(p.id, 'front', jpeg, employee)).statusCode).toBe(403);
    expect((await upload(999_999, 'front', jpeg)).statusCode).toBe(404);
    const body = multipart({ side: 'front' }, jpeg);
    const cross = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/products/${p.id}/images`,
      headers: { cookie: admin.cookie, 'content-type': body.type, origin: 'https://evil.example' },
      payload: body.payload,
    });
    expect(cross.statusCode).toBe(403);
    const noOrigin = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/products/${p.id}/images`,
      headers: { cookie: admin.cookie, 'content-type': body.type },
      payload: body.payload,
    });
    expect(noOrigin.statusCode).toBe(415);
  });

  it('answers 400 in the error shape to a multipart upload without a boundary or cut short (security round 3, finding 6)', async () => {
    const p = await create();
    const jpeg = { name: 'a.jpg', type: 'image/jpeg', bytes: await photo('jpeg', 100, 100) };
    const body = multipart({ side: 'front' }, jpeg);
    const mediaBefore = await db.$count(media);
    const send = (type: string, payload: Buffer) =>
      app.inject({
        method: 'POST',
        url: `/api/v1/admin/products/${p.id}/images`,
        headers: { cookie: admin.cookie, 'content-type': type, origin },
        payload,
      });
    const cases: [string, Buffer][] = [
      ['multipart/form-data', body.payload],
      ['multipart/form-data; boundary=', body.payload],
      [body.type, body.payload.subarray(0, body.payload.length - 40)],
      [body.type, body.payload.subarray(0, 30)],
      [body.type, Buffer.alloc(0)],
    ];
    for (const [type, payload] of cases) {
      const res = await send(type, payload);
      expect(res.statusCode, `${type} ${payload.length}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ success: false, detail: expect.any(String), message: expect.any(String) });
      expect(['BAD_UPLOAD', 'VALIDATION_ERROR']).toContain(res.json().code);
      expect(res.body).not.toContain('busboy');
    }
    expect(await db.$count(media)).toBe(mediaBefore);
  });

  it('answers 404 for an unknown image, and a plain backdrop for a product without photos', async () => {
    expect((await app.inject({ url: '/images/media/abcdef0123456789abcdef01-250x250.webp' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/images/media/..%2F..%2Fetc-250x250.webp' })).statusCode).toBe(404);
    const none = await app.inject({ url: '/images/media/none-500x500.webp' });
    expect(none.statusCode).toBe(200);
    expect((await sharp(none.rawPayload).metadata()).width).toBe(500);
  });
});

const root = await fs.mkdtemp(path.join(os.tmpdir(), 'seed-images-'));
afterAll(() => fs.rm(root, { recursive: true, force: true }));

describe('two instances on one database', () => {
  it('serve an image uploaded through the other', async () => {
    // On PostgreSQL the second instance has its own connection pool; PGlite has one connection, shared.
    const second = database.kind === 'postgres' ? await openDatabase({ url: await ownUrl(), poolMax: 2 }) : database;
    const other = await buildApp(config, { database: second, logger: false });
    await other.ready();
    try {
      const p = await create();
      const res = await upload(p.id, 'front', { name: 'a.png', type: 'image/png', bytes: await photo('png') });
      const base = res.json().product.image_base as string;
      const served = await other.inject({ url: productImageUrl(base, 500) });
      expect(served.statusCode).toBe(200);
      expect((await sharp(served.rawPayload).metadata()).width).toBe(500);
      expect((await other.inject({ url: `/api/v1/products/${p.slug}` })).json().product.image_base).toBe(base);
    } finally {
      await other.close();
      if (second !== database) await second.close();
    }
  });
});

describe('seed image import', () => {
  it('moves the drawn seed images into the media table once, and a second run changes nothing', async () => {
    const [tee] = await db.select().from(products).where(eq(products.slug, 'station-tee-navy'));
    expect(tee!.imageBase).toBe('/images/products/station-tee-navy');
    for (const size of [250, 500, 1000] as const) {
      const file = path.join(root, productImageUrl(tee!.imageBase, size));
      await fs.mkdir(path.dirname(file), { recursive: true });
      await sharp({ create: { width: size, height: size, channels: 3, background: '#1f2a44' } })
        .webp()
        .toFile(file);
    }
    expect(await importSeedImages(db, [root])).toBe(1);
    const [moved] = await db.select().from(products).where(eq(products.id, tee!.id));
    expect(moved!.imageBase).toMatch(/^\/images\/media\/[a-f0-9]{24}$/);
    expect((await app.inject({ url: productImageUrl(moved!.imageBase, 1000) })).statusCode).toBe(200);
    const count = await mediaCount();
    expect(await importSeedImages(db, [root])).toBe(0);
    expect(await mediaCount()).toBe(count);
  });
});

/** This file's PostgreSQL database (the harness makes one per file) as a URL a second pool can open. */
async function ownUrl(): Promise<string> {
  const { rows } = (await db.execute(sql`select current_database() as name`)) as unknown as {
    rows: { name: string }[];
  };
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${rows[0]!.name}`;
  return url.toString();
}

function crc32(buf: Buffer): number {
  const z = zlib as unknown as { crc32?: (b: Buffer) => number };
  if (z.crc32) return z.crc32(buf);
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}
