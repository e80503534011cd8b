import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig, type AppConfig } from '../config';
import { openDatabase } from '../db/client';
import { DataDirInUseError } from '../db/data-lock';
import { backupToFile, readLines } from './files';
import { restoreBackup, RestoreError } from './restore';

// `npm run backup [FILE]` and `npm run restore -- FILE [--force]`: the same configuration as the server (DATABASE_URL
// or DATA_DIR). See docs/operations.md.

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

/** A PGlite data directory belongs to one process: while the shop answers on its port, we must not open it. */
async function refuseWhileShopRuns(config: AppConfig, what: string) {
  if (config.databaseUrl) return;
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${config.port}/api/v1/health`;
  const answered = await fetch(url, { signal: AbortSignal.timeout(1000) }).then(
    () => true,
    () => false,
  );
  if (answered)
    fail(
      `A shop answers at ${url}, and PGlite's data directory (${config.dataDir}/db) can be open in one process only.\n` +
        `To ${what}: stop the shop first` +
        (what === 'back up' ? ', or send it SIGUSR2 to write a backup into BACKUP_DIR (docs/operations.md).' : '.'),
    );
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
    await refuseWhileShopRuns(config, 'back up');
    const database = await openOrFail(config, 'Not backed up');
    try {
      const withSecrets = flags.includes('--with-secrets');
      const end = await backupToFile(database, file, { withSecrets });
      const rows = Object.values(end.rows).reduce((a, b) => a + b, 0);
      process.stdout.write(
        `Backup written: ${file} (${Object.keys(end.rows).length} tables, ${rows} rows; ` +
          `${withSecrets ? "with the shop's keys: keep it as you keep the database" : "without the shop's keys"})\n`,
      );
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
    await refuseWhileShopRuns(config, 'restore');
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
