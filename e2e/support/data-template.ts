import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A shop's data dir as its first start leaves it (migrated, seeded, seed images in), to be copied. */
    dataTemplate: string;
  }
}

// Kept on the process, not in this module: vitest loads a project's global set-ups with that project's own module
// runner, so the e2e and the faults set-ups each get their own copy of this module, and a module-level promise made
// the template twice in every run.
const MADE = Symbol.for('shop.e2e.dataTemplate');
const shared = globalThis as { [MADE]?: Promise<string> };

/**
 * In the run's main process (a global set-up): a PGlite data dir migrated and seeded once for the whole run, made with
 * the steps the shop's first start takes (open, migrate, seed, import the seed images). A shop started on a copy still
 * takes every step (each finds its work done, and the admin e-mails are seeded then): on this machine that start costs
 * 3.4 CPU-seconds where a first one costs 8.5, most of it PostgreSQL creating its cluster in WebAssembly.
 */
export function makeDataTemplate(): Promise<string> {
  shared[MADE] ??= (async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-data-template-'));
    process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
    const { openDatabase } = await import('../../src/server/db/client');
    const { seed } = await import('../../src/server/seed');
    const { importSeedImages } = await import('../../src/server/catalog/seed-images');
    const database = await openDatabase({ dataDir: dir });
    try {
      await database.migrate();
      await seed(database.db, { adminEmails: [] });
      await importSeedImages(database.db, [path.resolve('dist/web'), path.resolve('public')]);
    } finally {
      await database.close();
    }
    return dir;
  })();
  return shared[MADE];
}

/** `dir` (made if missing) holding a copy of the template: a shop starts there as on data it left itself. */
export function copyTemplateTo(template: string, dir: string): string {
  fs.mkdirSync(dir, { recursive: true });
  fs.cpSync(template, dir, { recursive: true });
  return dir;
}

/** In a test: a new data dir, seeded as a first start leaves it (the project's set-up provides the template). */
export function seededDataDir(): string {
  return copyTemplateTo(inject('dataTemplate'), fs.mkdtempSync(path.join(os.tmpdir(), 'shop-data-')));
}
