// Writes a .br and a .gz beside each text asset of the web build, so the server sends them compressed without
// spending CPU per request (@fastify/static preCompressed). Lighthouse's slow-4G model counted the uncompressed
// entry chunk alone as ~2 s of download on the landing page.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const TEXT = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
// Below this a compressed copy saves less than a packet; @fastify/static then sends the file as it is.
const MIN_BYTES = 1024;

const isFresh = (copy: string, of: string) =>
  fs.existsSync(copy) && fs.statSync(copy).mtimeMs >= fs.statSync(of).mtimeMs;

function compressDir(dir: string) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      // .vite holds the manifest, which only the build scripts read.
      if (!entry.name.startsWith('.')) compressDir(file);
      continue;
    }
    if (!TEXT.test(entry.name)) continue;
    // A hashed file the previous build left (keep-previous-assets.ts) is compressed already.
    if (isFresh(`${file}.br`, file) && isFresh(`${file}.gz`, file)) continue;
    const raw = fs.readFileSync(file);
    if (raw.length < MIN_BYTES) continue;
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(raw, { level: 9 }));
    fs.writeFileSync(
      `${file}.br`,
      zlib.brotliCompressSync(raw, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
      }),
    );
  }
}

export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      // The whole output, public files (the favicon) included; images are already compressed formats.
      if (fs.existsSync(outDir)) compressDir(outDir);
    },
  };
}
