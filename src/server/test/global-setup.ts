import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { blankClusterFile } from '../db/blank-cluster';
import { openDatabase } from '../db/client';
import { seed } from '../seed';
import { BLANK_PATH, TEMPLATE_PATH, TEST_ADMIN_EMAILS } from './paths';

/**
 * Migrates and seeds one PGlite once per run and dumps it; every API test file starts from a copy. The cluster is
 * dumped before the migrations too, for the tests that need a database made from nothing (harness.ts, pgliteFrom).
 */
export default async function setup() {
  fs.mkdirSync(path.dirname(TEMPLATE_PATH), { recursive: true });
  // The build's empty cluster when there is one (npm test builds first): PGlite's initdb took 5 s of the set-up.
  const cluster = blankClusterFile();
  const pglite = await PGlite.create(cluster ? { loadDataDir: new Blob([fs.readFileSync(cluster)]) } : {});
  fs.writeFileSync(BLANK_PATH, Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()));
  const database = await openDatabase({ pglite });
  await database.migrate();
  await seed(database.db, { adminEmails: TEST_ADMIN_EMAILS });
  const dump = await pglite.dumpDataDir('none');
  fs.writeFileSync(TEMPLATE_PATH, Buffer.from(await dump.arrayBuffer()));
  await pglite.close();
}
