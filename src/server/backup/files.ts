import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import type { Database } from '../db/client';
import { writeBackup, type BackupEnd } from './dump';

export class BackupFolderError extends Error {}

/**
 * A backup holds customers' details: its folder is made private (0700) when this creates it, and one that anybody
 * may write into is refused, since another user could swap the file out from under the shop.
 */
function privateFolder(dir: string) {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const st = fs.statSync(dir);
  if (process.platform !== 'win32' && (st.mode & 0o002) !== 0)
    throw new BackupFolderError(
      `${dir} may be written by any user; write backups into a private folder (chmod 700, owned by the shop's user)`,
    );
}

/**
 * Writes a dump to `file` through a temporary name and renames it when complete, so a file with the final name is
 * always a whole backup (a crash leaves only the .partial behind). The .partial is created new (O_EXCL) and never
 * through a symbolic link (O_NOFOLLOW): a link planted there by someone else is refused, not written through.
 */
export async function backupToFile(
  database: Database,
  file: string,
  opts: { withSecrets?: boolean } = {},
): Promise<BackupEnd> {
  return dumpToFile(file, (write) => writeBackup(database.db, database.kind, write, opts));
}

/**
 * Writes the lines `produce` gives (a dump, read here or received from the running shop) to `file` as described
 * above; `produce` resolves with the dump's end record once the last line is written.
 */
export async function dumpToFile(
  file: string,
  produce: (write: (line: string) => void | Promise<void>) => Promise<BackupEnd>,
): Promise<BackupEnd> {
  privateFolder(path.dirname(path.resolve(file)));
  const partial = `${file}.partial`;
  const { O_WRONLY, O_CREAT, O_EXCL, O_NOFOLLOW } = fs.constants;
  let fd: number;
  try {
    fd = fs.openSync(partial, O_WRONLY | O_CREAT | O_EXCL | (O_NOFOLLOW ?? 0), 0o600);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST' || (err as NodeJS.ErrnoException).code === 'ELOOP')
      throw new BackupFolderError(
        `${partial} already exists (a backup that died, or something planted there); it was not touched: look at it, remove it, and try again`,
      );
    throw err;
  }
  const out = fs.createWriteStream(partial, { fd });
  try {
    const end = await produce((line) => {
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
