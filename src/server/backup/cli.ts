import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig, type AppConfig } from '../config';
import { openDatabase } from '../db/client';
import { dataDirHolder, DataDirInUseError } from '../db/data-lock';
import { backupThroughShop, socketPath } from './admin-socket';
import type { BackupEnd } from './dump';
import { backupToFile, dumpToFile, readLines } from './files';
import { restoreBackup, RestoreError } from './restore';

// `npm run backup [FILE]` and `npm run restore -- FILE [--force]`: the same configuration as the server (DATABASE_URL
// or DATA_DIR). See docs/operations.md.

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

/**
 * PGlite's data folder is one process's alone (db/data-lock.ts). While a shop holds it, the backup is asked of that
 * shop through its socket (admin-socket.ts); a restore, or a backup while a backup or restore holds it, is refused
 * naming the holder.
 */
function holderOf(config: AppConfig): number | null {
  return config.databaseUrl ? null : dataDirHolder(config.dataDir);
}

async function backupFromRunningShop(config: AppConfig, holder: number, file: string, withSecrets: boolean) {
  try {
    return await dumpToFile(file, (write) => backupThroughShop(socketPath(config.dataDir), withSecrets, write));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ECONNREFUSED')
      fail(
        `Not backed up: the data folder ${config.dataDir} is in use by process ${holder}, which does not take backup ` +
          'requests (a backup or a restore, or a shop still starting): try again when it is done.',
      );
    fail(`Not backed up: ${(err as Error).message}`);
  }
}

async function main() {
  const [command, ...args] = process.argv.slice(2);
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }
  const flags = args.filter((a) => a.startsWith('--'));
  const files = args.filter((a) => !a.startsWith('--'));
  const allowed = command === 'restore' ? ['--force'] : command === 'backup' ? ['--with-secrets'] : [];
  const unknown = flags.filter((f) => !allowed.includes(f));
  if (unknown.length)
    fail(
      `Unknown option ${unknown.join(' ')}. Usage: npm run backup -- [FILE] [--with-secrets] | npm run restore -- FILE [--force]`,
    );
  if (files.length > 1) fail('One file at a time.');

  if (command === 'backup') {
    const file = path.resolve(
      files[0] ?? path.join(config.backup?.dir ?? '.', `shop-${new Date().toISOString().replace(/[:.]/g, '-')}.jsonl`),
    );
    if (fs.existsSync(file)) fail(`${file} exists; name a new file.`);
    if (!config.databaseUrl && !fs.existsSync(path.join(config.dataDir, 'db', 'PG_VERSION')))
      fail(`No shop database in ${config.dataDir}/db (set DATA_DIR or DATABASE_URL as the server has them).`);
    const withSecrets = flags.includes('--with-secrets');
    const written = (end: BackupEnd, by: string) => {
      const rows = Object.values(end.rows).reduce((a, b) => a + b, 0);
      process.stdout.write(
        `Backup written${by}: ${file} (${Object.keys(end.rows).length} tables, ${rows} rows; ` +
          `${withSecrets ? "with the shop's keys: keep it as you keep the database" : "without the shop's keys"})\n`,
      );
    };
    const holder = holderOf(config);
    if (holder !== null) {
      written(await backupFromRunningShop(config, holder, file, withSecrets), ` by the running shop (pid ${holder})`);
      return;
    }
    const database = await openOrFail(config, 'Not backed up');
    try {
      written(await backupToFile(database, file, { withSecrets }), '');
    } catch (err) {
      fail(`Not backed up: ${(err as Error).message}`);
    } finally {
      await database.close();
    }
    return;
  }
  if (command === 'restore') {
    if (!files[0]) fail('Usage: npm run restore -- FILE [--force]');
    const file = path.resolve(files[0]);
    if (!fs.existsSync(file)) fail(`${file}: no such file.`);
    const holder = holderOf(config);
    if (holder !== null)
      fail(
        `Not restored: the data folder ${config.dataDir} is in use by process ${holder} (a running shop, a backup or a restore): stop it first.`,
      );
    const database = await openOrFail(config, 'Not restored');
    try {
      const { rows } = await restoreBackup(database, () => readLines(file), { force: flags.includes('--force') });
      const total = Object.values(rows).reduce((a, b) => a + b, 0);
      const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}/db`;
      process.stdout.write(`Restored ${total} rows into ${where} from ${file}\n`);
    } catch (err) {
      if (err instanceof RestoreError) fail(`Not restored: ${err.message}`);
      throw err;
    } finally {
      await database.close();
    }
    return;
  }
  fail('Usage: npm run backup -- [FILE] [--with-secrets] | npm run restore -- FILE [--force]');
}

void main();

/** The shop's database, or one sentence when another process holds PGlite's data folder (db/data-lock.ts). */
async function openOrFail(config: AppConfig, outcome: string) {
  try {
    return await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolMax: 2 });
  } catch (err) {
    if (err instanceof DataDirInUseError) fail(`${outcome}: ${err.message}`);
    throw err;
  }
}
