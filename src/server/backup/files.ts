import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import type { Database } from '../db/client';
import { writeBackup, type BackupEnd } from './dump';

/**
 * Writes a dump to `file` through a temporary name and renames it when complete, so a file with the final name is
 * always a whole backup (a crash leaves only the .partial behind).
 */
export async function backupToFile(database: Database, file: string): Promise<BackupEnd> {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const partial = `${file}.partial`;
  const out = fs.createWriteStream(partial, { mode: 0o600 });
  const opened = new Promise<void>((resolve, reject) => out.once('open', () => resolve()).once('error', reject));
  await opened;
  try {
    const end = await writeBackup(database.db, database.kind, (line) => {
      if (!out.write(`${line}\n`)) return new Promise<void>((resolve) => out.once('drain', resolve));
    });
    await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
    fs.renameSync(partial, file);
    return end;
  } catch (err) {
    out.destroy();
    fs.rmSync(partial, { force: true });
    throw err;
  }
}

/** The lines of a dump file, one at a time (images make dumps larger than is wise to hold in memory). */
export function readLines(file: string): AsyncIterable<string> {
  return readline.createInterface({ input: fs.createReadStream(file), crlfDelay: Infinity });
}
