import zlib from 'node:zlib';
import { and, count, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ARTWORK_MESSAGES } from '../../shared/artwork';
import { artworkEvents, artworkProofs, artworks, auditLog, outbox, settings } from '../db/schema';
import { createTestApp } from '../test/harness';
import { signedIn, type SignedIn } from '../test/users';

const { app, config } = await createTestApp({ SHOP_NOTIFY_EMAIL: 'shop-notices@example.test' });
const db = app.deps.db;
const origin = new URL(config.appUrl).origin;
const customer = await signedIn(app, 'other');
const other = await signedIn(app, 'other');
const employee = await signedIn(app, 'employee');
const admin = await signedIn(app, 'admin');

type File = { name: string; type: string; bytes: Buffer };

function multipart(fields: Record<string, string | string[]>, file?: File) {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    for (const one of Array.isArray(v) ? v : [v])
      parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${one}\r\n`));
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

const post = (url: string, who: SignedIn | null, fields: Record<string, string | string[]>, file?: File) => {
  const body = multipart(fields, file);
  return app.inject({
    method: 'POST',
    url,
    headers: { ...(who ? { cookie: who.cookie } : {}), 'content-type': body.type, origin },
    payload: body.payload,
  });
};
const upload = (who: SignedIn, file?: File, name = 'Team logo') => post('/api/v1/artwork', who, { name }, file);

const raster = (format: 'png' | 'jpeg' | 'webp', w = 120, h = 80) =>
  sharp({ create: { width: w, height: h, channels: 4, background: '#1d4ed8' } })
    .toFormat(format)
    .toBuffer();
const png = async () => ({ name: 'logo.png', type: 'image/png', bytes: await raster('png') });

const CLEAN_SVG =
  '<?xml version="1.0" encoding="UTF-8"?>\n<!-- a logo -->\n<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="64" height="32" viewBox="0 0 64 32"><defs><linearGradient id="g"><stop offset="0" stop-color="#f00"/><stop offset="1" stop-color="#00f"/></linearGradient></defs><rect width="64" height="32" fill="url(#g)"/><use xlink:href="#g"/></svg>';

/** The smallest PDF a reader opens: one empty page. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** A real 1 x 1 PNG whose header claims 100,000 x 100,000 pixels, with a valid checksum. */
async function bomb() {
  const b = Buffer.from(
    await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
      .png()
      .toBuffer(),
  );
  b.writeUInt32BE(100_000, 16);
  b.writeUInt32BE(100_000, 20);
  b.writeUInt32BE(zlib.crc32(b.subarray(12, 29)), 29);
  return b;
}

const rows = async () => Number((await db.select({ n: count() }).from(artworks))[0]!.n);

const sendProof = (id: number, who: SignedIn = employee, over: Record<string, string | string[]> = {}, file?: File) =>
  raster('png', 300, 200).then((bytes) =>
    post(
      `/api/v1/artwork/admin/${id}/proofs`,
      who,
      {
        stitch_count: '6200',
        thread_colours: 'Navy 2767, White 1801',
        width_in: '3.5',
        height_in: '1.75',
        note: 'Left chest size',
        ...over,
      },
      file ?? { name: 'proof.png', type: 'image/png', bytes },
    ),
  );

/** The token in the latest proof mail to `to`. */
async function mailedToken(to: string) {
  const [m] = await db
    .select()
    .from(outbox)
    .where(and(eq(outbox.toAddress, to), eq(outbox.kind, 'artwork_proof')))
    .orderBy(desc(outbox.id))
    .limit(1);
  const token = /\/proof\/([A-Za-z0-9_-]+)/.exec(m!.textBody)?.[1];
  expect(token).toBeTruthy();
  return { token: token!, mail: m! };
}

async function newArtwork(who = customer) {
  const res = await upload(who, await png());
  expect(res.statusCode, res.body).toBe(201);
  return res.json().artwork as { id: number; name: string; status: string; preview_url: string };
}

describe('uploading artwork', () => {
  it.each([
    ['a PNG', async () => ({ name: 'a.png', type: 'image/png', bytes: await raster('png') }), 'png'],
    ['a JPEG', async () => ({ name: 'a.jpg', type: 'image/jpeg', bytes: await raster('jpeg') }), 'jpeg'],
    ['a WebP', async () => ({ name: 'a.webp', type: 'image/webp', bytes: await raster('webp') }), 'webp'],
    ['a clean SVG', () => ({ name: 'a.svg', type: 'image/svg+xml', bytes: Buffer.from(CLEAN_SVG) }), 'svg'],
    ['a PDF', () => ({ name: 'a.pdf', type: 'application/pdf', bytes: PDF }), 'pdf'],
  ])('takes %s, answers the contract and serves a WebP preview only', async (_what, make, format) => {
    const file = await make();
    const res = await upload(customer, file, `Logo ${format}`);
    expect(res.statusCode, res.body).toBe(201);
    const { artwork } = res.json();
    expect(artwork).toEqual({
      id: expect.any(Number),
      name: `Logo ${format}`,
      status: 'submitted',
      preview_url: `/api/v1/artwork/${artwork.id}/preview`,
    });
    const [row] = await db.select().from(artworks).where(eq(artworks.id, artwork.id));
    expect(row!.format).toBe(format);
    expect(row!.original.equals(file.bytes)).toBe(true);
    expect(row!.previewIsPlaceholder).toBe(format === 'pdf');
    const preview = await app.inject({ url: artwork.preview_url, headers: { cookie: customer.cookie } });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/webp');
    expect(preview.headers['x-content-type-options']).toBe('nosniff');
    expect(preview.headers['content-disposition']).toMatch(/^inline; filename="artwork-\d+\.webp"$/);
    expect((await sharp(preview.rawPayload).metadata()).format).toBe('webp');
    // The audit log has the upload, by the customer, without the file's bytes.
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.kind, 'artwork.upload'), eq(auditLog.entityId, String(artwork.id))));
    expect(audit!.actorEmail).toBe(customer.email);
    expect(JSON.stringify(audit!.changes)).not.toContain('original');
  });

  const tooBig = () => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(30 * 1024 * 1024, 32)]);
  it.each([
    [
      'a renamed executable',
      () => Buffer.concat([Buffer.from('MZ\x90\x00'), Buffer.alloc(4000, 7)]),
      ARTWORK_MESSAGES.notAccepted,
    ],
    ['a zip file', () => Buffer.from('PK\x03\x04\x14\x00\x00\x00\x08\x00rest of a zip'), ARTWORK_MESSAGES.notAccepted],
    ['a decompression bomb (100,000 x 100,000 px PNG)', bomb, ARTWORK_MESSAGES.tooManyPixels],
    ['a 30 MB file', tooBig, ARTWORK_MESSAGES.tooLarge],
    [
      'an SVG with a script',
      () =>
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'),
      ARTWORK_MESSAGES.svgUnsafe,
    ],
    [
      'an SVG with an event handler',
      () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)"/>'),
      ARTWORK_MESSAGES.svgUnsafe,
    ],
    [
      'an SVG with an external image',
      () =>
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10"><image xlink:href="https://evil.example/x.png" width="10" height="10"/></svg>',
        ),
      ARTWORK_MESSAGES.svgUnsafe,
    ],
    [
      'an SVG with an external url() in a style',
      () =>
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" style="fill:url(file:///etc/passwd)"/></svg>',
        ),
      ARTWORK_MESSAGES.svgUnsafe,
    ],
    [
      'an SVG with embedded HTML',
      () =>
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject></svg>',
        ),
      ARTWORK_MESSAGES.svgUnsafe,
    ],
    [
      'an SVG with entities',
      () =>
        Buffer.from(
          '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaa">]><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>&a;</text></svg>',
        ),
      ARTWORK_MESSAGES.svgUnsafe,
    ],
    ['a PDF cut short', () => PDF.subarray(0, 60), ARTWORK_MESSAGES.pdfDamaged],
  ])('refuses %s with a 400 and a clear message, storing nothing', async (_what, make, message) => {
    const before = await rows();
    const res = await upload(customer, { name: 'logo.png', type: 'image/png', bytes: await make() });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ success: false, detail: message, message });
    expect(await rows()).toBe(before);
  });

  it('refuses a missing file or name, a cross-site form, and guests', async () => {
    const before = await rows();
    expect((await upload(customer)).json().errors[0]).toEqual({
      field: 'file',
      message: ARTWORK_MESSAGES.fileRequired,
    });
    expect((await upload(customer, await png(), '  ')).json().errors[0]).toEqual({
      field: 'name',
      message: ARTWORK_MESSAGES.nameRequired,
    });
    const body = multipart({ name: 'x' }, await png());
    const cross = await app.inject({
      method: 'POST',
      url: '/api/v1/artwork',
      headers: { cookie: customer.cookie, 'content-type': body.type, origin: 'https://evil.example' },
      payload: body.payload,
    });
    expect(cross.statusCode).toBe(403);
    expect((await post('/api/v1/artwork', null, { name: 'x' }, await png())).statusCode).toBe(401);
    expect(await rows()).toBe(before);
  });
});

describe('whose artwork', () => {
  it('lists one’s own; another customer’s artwork is 404 everywhere', async () => {
    const mine = await newArtwork(customer);
    const list = await app.inject({ url: '/api/v1/artwork', headers: { cookie: customer.cookie } });
    expect(list.json().artworks.map((a: { id: number }) => a.id)).toContain(mine.id);
    const theirs = await app.inject({ url: '/api/v1/artwork', headers: { cookie: other.cookie } });
    expect(theirs.json().artworks.map((a: { id: number }) => a.id)).not.toContain(mine.id);
    for (const url of [`/api/v1/artwork/${mine.id}`, `/api/v1/artwork/${mine.id}/preview`])
      expect((await app.inject({ url, headers: { cookie: other.cookie } })).statusCode).toBe(404);
    const decide = await app.inject({
      method: 'POST',
      url: `/api/v1/artwork/${mine.id}/decision`,
      headers: other.headers,
      payload: { decision: 'approve' },
    });
    expect(decide.statusCode).toBe(404);
    // Staff see every customer's preview.
    expect((await app.inject({ url: mine.preview_url, headers: { cookie: employee.cookie } })).statusCode).toBe(200);
  });

  it('keeps the staff routes to staff: 401 for guests, 403 for customers', async () => {
    const a = await newArtwork(customer);
    const urls = ['/api/v1/artwork/admin', `/api/v1/artwork/admin/${a.id}`, `/api/v1/artwork/admin/${a.id}/original`];
    for (const url of urls) {
      expect((await app.inject({ url })).statusCode).toBe(401);
      expect((await app.inject({ url, headers: { cookie: customer.cookie } })).statusCode).toBe(403);
      expect((await app.inject({ url, headers: { cookie: employee.cookie } })).statusCode).toBe(200);
    }
    expect((await sendProof(a.id, customer)).statusCode).toBe(403);
    expect(
      (await post('/api/v1/artwork/admin', customer, { name: 'x', customer_id: String(other.id) }, await png()))
        .statusCode,
    ).toBe(403);
  });

  it('lets staff download the original as an attachment, an SVG as bytes only', async () => {
    const res = await upload(customer, {
      name: 'brand mark.svg',
      type: 'image/svg+xml',
      bytes: Buffer.from(CLEAN_SVG),
    });
    const id = res.json().artwork.id;
    const original = await app.inject({
      url: `/api/v1/artwork/admin/${id}/original`,
      headers: { cookie: admin.cookie },
    });
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('application/octet-stream');
    expect(original.headers['content-disposition']).toMatch(/^attachment; filename="brand mark\.svg"/);
    expect(original.headers['x-content-type-options']).toBe('nosniff');
    expect(original.body).toBe(CLEAN_SVG);
  });

  it('lets staff upload for a customer, named in the audit log', async () => {
    const res = await post(
      '/api/v1/artwork/admin',
      admin,
      { name: 'Fire dept crest', customer_id: String(other.id) },
      await png(),
    );
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().artwork.id;
    const list = await app.inject({ url: '/api/v1/artwork', headers: { cookie: other.cookie } });
    expect(list.json().artworks.map((a: { id: number }) => a.id)).toContain(id);
    const detail = await app.inject({ url: `/api/v1/artwork/admin/${id}`, headers: { cookie: employee.cookie } });
    expect(detail.json().artwork).toMatchObject({ uploaded_by: admin.email, customer: { id: other.id } });
    const unknown = await post('/api/v1/artwork/admin', admin, { name: 'x', customer_id: '99999999' }, await png());
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].field).toBe('customer_id');
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.kind, 'artwork.upload'), eq(auditLog.entityId, String(id))));
    expect(audit).toMatchObject({
      actorEmail: admin.email,
      input: expect.objectContaining({ name: 'Fire dept crest' }),
    });
  });
});

describe('proofs', () => {
  it('refuses bad proof facts and a proof that is not an image, storing nothing', async () => {
    const a = await newArtwork();
    const bad = await sendProof(a.id, employee, { stitch_count: '0', thread_colours: ' , ', width_in: '40' });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['stitch_count', 'thread_colours', 'width_in']);
    const pdf = await sendProof(a.id, employee, {}, { name: 'p.pdf', type: 'application/pdf', bytes: PDF });
    expect(pdf.json().detail).toBe(ARTWORK_MESSAGES.proofNotImage);
    const none = await db.select({ id: artworkProofs.id }).from(artworkProofs).where(eq(artworkProofs.artworkId, a.id));
    expect(none).toHaveLength(0);
    expect((await sendProof(99_999_999)).statusCode).toBe(404);
  });

  it('goes round: proof, changes asked in the shop, a second proof approved from the link; both sides see every round', async () => {
    const a = await newArtwork();
    const first = await sendProof(a.id, employee, { thread_colours: ['Navy 2767', 'White 1801'] });
    expect(first.statusCode, first.body).toBe(201);
    const { token: token1, mail } = await mailedToken(customer.email);
    expect(mail.subject).toBe('Your proof is ready: "Team logo"');
    expect(mail.textBody).toContain('Stitches: 6,200');
    // The token is stored only hashed.
    const [stored] = await db.select().from(artworkProofs).where(eq(artworkProofs.artworkId, a.id));
    expect(stored!.linkTokenHash).not.toContain(token1);
    expect(stored!.threadColours).toEqual(['Navy 2767', 'White 1801']);
    // A second proof while one waits is refused.
    expect((await sendProof(a.id)).statusCode).toBe(409);

    const changes = await app.inject({
      method: 'POST',
      url: `/api/v1/artwork/${a.id}/decision`,
      headers: customer.headers,
      payload: { decision: 'changes', note: '' },
    });
    expect(changes.json().errors[0]).toEqual({ field: 'note', message: ARTWORK_MESSAGES.changesNote });
    const asked = await app.inject({
      method: 'POST',
      url: `/api/v1/artwork/${a.id}/decision`,
      headers: customer.headers,
      payload: { decision: 'changes', note: 'Make the navy lighter' },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().artwork.status).toBe('changes_requested');
    // The first link now says what was decided, by whom and when, and decides nothing.
    const dead = await app.inject({ url: `/api/v1/artwork/proof-links/${token1}` });
    expect(dead.json().link).toMatchObject({
      state: 'decided',
      decision: { decision: 'changes_requested', by: customer.email, via: 'shop', note: 'Make the navy lighter' },
    });
    const late = await app.inject({
      method: 'POST',
      url: `/api/v1/artwork/proof-links/${token1}/decision`,
      headers: { 'content-type': 'application/json' },
      payload: { decision: 'approve' },
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toContain(`sent back for changes by ${customer.email}`);

    const second = await sendProof(a.id, admin, { stitch_count: '5900', note: 'Lighter navy' });
    expect(second.statusCode, second.body).toBe(201);
    const { token: token2 } = await mailedToken(customer.email);
    expect(token2).not.toBe(token1);
    // Opening the link (a mail scanner does) decides nothing.
    const open = await app.inject({ url: `/api/v1/artwork/proof-links/${token2}` });
    expect(open.json().link).toMatchObject({ state: 'open', decision: null, proof: { round: 2, stitch_count: 5900 } });
    expect(open.json().language).toBe('en');
    const image = await app.inject({ url: `/api/v1/artwork/proof-links/${token2}/image` });
    expect(image.headers['content-type']).toBe('image/webp');
    expect((await db.select().from(artworks).where(eq(artworks.id, a.id)))[0]!.status).toBe('proof_sent');

    const approve = await app.inject({
      method: 'POST',
      url: `/api/v1/artwork/proof-links/${token2}/decision`,
      headers: { 'content-type': 'application/json' },
      payload: { decision: 'approve' },
    });
    expect(approve.statusCode, approve.body).toBe(200);
    expect(approve.json().link).toMatchObject({
      state: 'used',
      decision: { decision: 'approved', by: customer.email, via: 'link' },
    });
    // Used twice: a 409 naming the decision; the page shows it.
    const again = await app.inject({
      method: 'POST',
      url: `/api/v1/artwork/proof-links/${token2}/decision`,
      headers: { 'content-type': 'application/json' },
      payload: { decision: 'changes', note: 'x' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toMatch(new RegExp(`already approved by ${customer.email.replace('.', '\\.')} on `));
    // Approved takes no new proof.
    expect((await sendProof(a.id)).statusCode).toBe(409);

    for (const [url, who] of [
      [`/api/v1/artwork/${a.id}`, customer],
      [`/api/v1/artwork/admin/${a.id}`, employee],
    ] as const) {
      const detail = (await app.inject({ url, headers: { cookie: who.cookie } })).json().artwork;
      expect(detail.status).toBe('approved');
      expect(
        detail.proofs.map((p: { round: number; decision: { decision: string } }) => [p.round, p.decision.decision]),
      ).toEqual([
        [1, 'changes_requested'],
        [2, 'approved'],
      ]);
      expect(detail.events.map((e: { kind: string }) => e.kind)).toEqual([
        'uploaded',
        'proof_sent',
        'changes_requested',
        'proof_sent',
        'approved',
      ]);
      const img = await app.inject({ url: detail.proofs[0].image_url, headers: { cookie: who.cookie } });
      expect(img.headers['content-type']).toBe('image/webp');
    }
    // The shop heard of both decisions; the audit log has the proofs and both decisions.
    const notices = await db.select().from(outbox).where(eq(outbox.kind, 'shop_artwork_decision'));
    expect(notices.filter((n) => n.toAddress === 'shop-notices@example.test').length).toBeGreaterThanOrEqual(2);
    const audits = await db
      .select({ kind: auditLog.kind, role: auditLog.actorRole })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'artwork'), eq(auditLog.entityId, String(a.id))))
      .orderBy(auditLog.id);
    expect(audits.map((r) => r.kind)).toEqual([
      'artwork.upload',
      'artwork.proof_sent',
      'artwork.decision',
      'artwork.proof_sent',
      'artwork.decision',
    ]);
    expect(audits.at(-1)!.role).toBe('customer (e-mailed link)');
    const events = await db.select().from(artworkEvents).where(eq(artworkEvents.artworkId, a.id));
    expect(events.at(-1)).toMatchObject({ kind: 'approved', actorType: 'link', round: 2 });
  });

  it('answers an unknown or malformed link as 404, and an expired one as expired', async () => {
    expect((await app.inject({ url: '/api/v1/artwork/proof-links/not-a-real-token-at-all' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/v1/artwork/proof-links/bad%20token%20here' })).statusCode).toBe(404);
    const a = await newArtwork();
    await sendProof(a.id);
    const { token } = await mailedToken(customer.email);
    await db
      .update(artworkProofs)
      .set({ linkExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(artworkProofs.artworkId, a.id));
    expect((await app.inject({ url: `/api/v1/artwork/proof-links/${token}` })).json().link.state).toBe('expired');
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/artwork/proof-links/${token}/decision`,
      headers: { 'content-type': 'application/json' },
      payload: { decision: 'approve' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('PROOF_LINK_EXPIRED');
    // The shop still decides.
    const shop = await app.inject({
      method: 'POST',
      url: `/api/v1/artwork/${a.id}/decision`,
      headers: customer.headers,
      payload: { decision: 'approve' },
    });
    expect(shop.statusCode).toBe(200);
  });
});

describe('the queue and Today', () => {
  it('counts each status and filters by one; Today shows the same counts', async () => {
    const fresh = await signedIn(app, 'other');
    await newArtwork(fresh);
    const queue = await app.inject({
      url: '/api/v1/artwork/admin?status=submitted',
      headers: { cookie: employee.cookie },
    });
    expect(queue.statusCode).toBe(200);
    const { artworks: list, counts } = queue.json();
    expect(list.every((a: { status: string }) => a.status === 'submitted')).toBe(true);
    expect(list.some((a: { customer: { id: number } }) => a.customer.id === fresh.id)).toBe(true);
    const byStatus = await db.select({ status: artworks.status, n: count() }).from(artworks).groupBy(artworks.status);
    for (const r of byStatus) expect(counts[r.status]).toBe(Number(r.n));
    const today = await app.inject({ url: '/api/v1/today', headers: { cookie: employee.cookie } });
    expect(today.json().today.artwork).toEqual(counts);
    expect(
      (await app.inject({ url: '/api/v1/artwork/admin?status=nope', headers: { cookie: employee.cookie } })).statusCode,
    ).toBe(400);
  });
});

void settings;
