// Placeholder replaced by the performance work: prints gzip sizes of the built client.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
const dir = 'dist/web/assets';
if (fs.existsSync(dir)) {
  for (const f of fs.readdirSync(dir).filter((f) => /\.(js|css)$/.test(f))) {
    const gz = zlib.gzipSync(fs.readFileSync(path.join(dir, f))).length;
    console.log(`${(gz / 1024).toFixed(1).padStart(7)} kB gz  ${f}`);
  }
}
