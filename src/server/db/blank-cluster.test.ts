import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { gzipSync, createGzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLANK_PATH } from '../test/paths';
import {
  blankClusterFile,
  CLUSTER_FILE,
  CLUSTER_STAMP,
  makeBlankCluster,
  pgliteVersion,
  unpackCluster,
} from './blank-cluster';
import { openDatabase } from './client';
import { rowsOf } from './rows';

const dirs: string[] = [];
const tmp = (name: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `shop-cluster-${name}-`));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

let packed: Buffer | undefined;
/** A build's output folder holding the run's empty cluster (the API set-up's) as the build writes it. */
function builtFolder(version = pgliteVersion()): string {
  const folder = tmp('built');
  packed ??= gzipSync(fs.readFileSync(BLANK_PATH), { level: 1 });
  fs.writeFileSync(path.join(folder, CLUSTER_FILE), packed);
  fs.writeFileSync(path.join(folder, CLUSTER_STAMP), JSON.stringify({ pglite: version }));
  return folder;
}

// initdb draws a new system identifier for every cluster: a folder with the blank cluster's is a copy of it.
const SYSTEM_ID = 'select system_identifier::text as id from pg_control_system()';
const systemId = async (query: (text: string) => Promise<unknown>) =>
  rowsOf<{ id: string }>(await query(SYSTEM_ID))[0]!.id;

let blankId = '';
beforeAll(async () => {
  const pglite = await PGlite.create({ loadDataDir: new Blob([fs.readFileSync(BLANK_PATH)]) });
  blankId = await systemId((t) => pglite.query(t));
  await pglite.close();
});

describe('the empty cluster a new PGlite folder starts from', () => {
  it('is found only beside a stamp of the installed PGlite', () => {
    const built = builtFolder();
    expect(blankClusterFile([tmp('empty'), built])).toBe(path.join(built, CLUSTER_FILE));
    expect(blankClusterFile([builtFolder('0.0.1')])).toBeNull();
    const unstamped = builtFolder();
    fs.rmSync(path.join(unstamped, CLUSTER_STAMP));
    expect(blankClusterFile([unstamped])).toBeNull();
    const stampOnly = builtFolder();
    fs.rmSync(path.join(stampOnly, CLUSTER_FILE));
    expect(blankClusterFile([stampOnly])).toBeNull();
  });

  it('is kept by a later build while the installed PGlite made it', async () => {
    const built = builtFolder();
    const before = fs.statSync(path.join(built, CLUSTER_FILE));
    expect(await makeBlankCluster(built)).toEqual({ made: false, bytes: before.size });
    expect(fs.statSync(path.join(built, CLUSTER_FILE)).mtimeMs).toBe(before.mtimeMs);
  });

  it('is what two new data folders start from, and a folder holding a database is never started again', async () => {
    const cluster = blankClusterFile([builtFolder()])!;
    const [a, b] = [tmp('a'), tmp('b')];
    const first = await openDatabase({ dataDir: a, blankCluster: cluster });
    const second = await openDatabase({ dataDir: b, blankCluster: cluster });
    const ids: string[] = [];
    for (const { db } of [first, second]) ids.push(await systemId((t) => db.execute(t)));
    expect(ids).toEqual([blankId, blankId]);
    await first.db.execute('create table kept (n int)');
    await first.db.execute('insert into kept values (7)');
    await Promise.all([first.close(), second.close()]);
    expect(fs.readdirSync(a)).toEqual(['db']);
    expect(fs.existsSync(path.join(a, 'db', 'PG_VERSION'))).toBe(true);

    const again = await openDatabase({ dataDir: a, blankCluster: cluster });
    expect(rowsOf(await again.db.execute('select n from kept'))).toEqual([{ n: 7 }]);
    await again.close();
  }, 60_000);

  it('refuses an archive that would write outside the folder, leaving no folder behind', async () => {
    const file = path.join(tmp('evil'), CLUSTER_FILE);
    const pack = tar.pack();
    pack.entry({ name: '/PG_VERSION' }, '17\n');
    pack.entry({ name: '/../escaped' }, 'x');
    pack.finalize();
    await pipeline(pack, createGzip(), fs.createWriteStream(file));
    const target = path.join(tmp('target'), 'db');
    await expect(unpackCluster(file, target)).rejects.toThrow('unsafe path');
    expect(fs.readdirSync(path.dirname(target))).toEqual([]);
    expect(fs.existsSync(path.join(path.dirname(target), 'escaped'))).toBe(false);
  });
});
