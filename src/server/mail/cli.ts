import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { DataDirInUseError } from '../db/data-lock';
import { failedMailIds, requeueMail } from './admin';

// `npm run mail:requeue`: every mail the outbox gave up on (status failed) is due again now, its three days of
// retries starting over; a running shop's worker sends them. The same configuration as the server (DATABASE_URL or
// DATA_DIR). On PGlite the data folder's lock refuses while the shop runs: use the admin mail screen then.

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

async function main() {
  if (process.argv.length > 2) fail('Usage: npm run mail:requeue (no options)');
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }
  if (!config.databaseUrl && !fs.existsSync(path.join(config.dataDir, 'db', 'PG_VERSION')))
    fail(`No shop database in ${config.dataDir}/db (set DATA_DIR or DATABASE_URL as the server has them).`);
  let database;
  try {
    database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolMax: 2 });
  } catch (err) {
    if (err instanceof DataDirInUseError)
      fail(`Nothing requeued: ${err.message} While the shop runs, use Resend all failed at /admin/mail.`);
    throw err;
  }
  try {
    const resent = await database.db.transaction(async (tx) => requeueMail(tx, await failedMailIds(tx)));
    process.stdout.write(
      resent === 0
        ? 'No failed mail: nothing requeued.\n'
        : `Requeued ${resent} failed mail${resent === 1 ? '' : 's'}: the shop's outbox sends ${resent === 1 ? 'it' : 'them'} on its next poll.\n`,
    );
  } finally {
    await database.close();
  }
}

void main();
