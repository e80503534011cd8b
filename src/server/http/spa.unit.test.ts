import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { registerSpa } from './spa';

// A built client as scripts/vite/precompress.ts leaves it: each text asset beside its .br and .gz.
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-spa-'));
fs.mkdirSync(path.join(dist, 'assets'));
fs.writeFileSync(
  path.join(dist, 'index.html'),
  '<!doctype html><html><head><title>t</title></head><body><div id="root"></div></body></html>',
);
fs.writeFileSync(
  path.join(dist, 'route-preloads.json'),
  JSON.stringify({
    '/store': { modulepreload: ['/assets/store-abc.js', '"><script>x</script>'], fetch: ['/api/v1/products/'] },
  }),
);
const source = `export const rows = [${Array.from({ length: 400 }, (_, i) => `"row ${i}"`).join(',')}];\n`;
const asset = path.join(dist, 'assets', 'index-abc123.js');
fs.writeFileSync(asset, source);
fs.writeFileSync(`${asset}.gz`, zlib.gzipSync(source));
fs.writeFileSync(`${asset}.br`, zlib.brotliCompressSync(source));

const app = Fastify();
const spa = await registerSpa(app, dist);
afterAll(async () => {
  await app.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (encoding?: string) =>
  app.inject({
    method: 'GET',
    url: '/assets/index-abc123.js',
    headers: encoding ? { 'accept-encoding': encoding } : {},
  });

describe('static assets of the web build', () => {
  it('sends the brotli copy to a client that accepts it', async () => {
    const res = await get('gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(source);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
  });

  it('sends the gzip copy when brotli is not accepted (Chromium over plain http)', async () => {
    const res = await get('gzip, deflate');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(res.rawPayload).toString()).toBe(source);
  });

  it('sends the file itself to a client that accepts no encoding', async () => {
    const res = await get();
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(source);
  });
});

describe('route preload hints', () => {
  it("puts the route's chunks and first data into its page, matching how the client fetches them", () => {
    const html = spa.htmlFor('/store')!;
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/store-abc.js">');
    expect(html).toContain('<link rel="preload" href="/api/v1/products/" as="fetch" crossorigin="use-credentials">');
    expect(html.indexOf('/assets/store-abc.js')).toBeLessThan(html.indexOf('</head>'));
    expect(spa.htmlFor('/store/')).toBe(html);
  });

  it("preloads the images a route's page is given, first and with high priority, and only plain paths", () => {
    const html = spa.htmlFor('/store', ['/images/products/tee-navy-250x250.webp', '"><img src=x onerror=alert(1)>'])!;
    expect(html).toContain(
      '<link rel="preload" href="/images/products/tee-navy-250x250.webp" as="image" fetchpriority="high">',
    );
    expect(html.indexOf('tee-navy-250x250.webp')).toBeLessThan(html.indexOf('/assets/store-abc.js'));
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/store-abc.js">');
    expect(html).not.toContain('onerror');
    expect(spa.htmlFor('/store/', ['/images/products/tee-navy-250x250.webp'])).toBe(html);
  });

  it('leaves other routes as index.html and never writes a value that is not a plain path', () => {
    expect(spa.htmlFor('/')).toBe(spa.indexHtml);
    expect(spa.htmlFor('/orders')).toBe(spa.indexHtml);
    expect(spa.htmlFor('/store')).not.toContain('<script>');
  });
});
