import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import readline from 'node:readline';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import type { BackupEnd } from './dump';
import { writeBackup } from './dump';
import { backupStats } from './schedule';

/**
 * `npm run backup` while a shop runs on PGlite: the data folder is the shop's alone (db/data-lock.ts), so the command
 * asks the shop for the dump through a Unix socket in that folder, `DATA_DIR/admin.sock`, mode 600. Only the shop's
 * own user (or root), who can read the database files anyway, can connect; nothing listens on the network and there
 * is no token to keep. The shop sends the dump's lines as it reads them and closes; the command writes the file.
 *
 * The request is one JSON line, `{"backup":true,"withSecrets":false}`. The answer is the dump's lines, or one
 * `{"@error":"..."}` line.
 */
export const socketPath = (dataDir: string) => path.join(fs.realpathSync(dataDir), 'admin.sock');

/** A reader that stops reading holds PGlite's one connection (the dump is one turn): it is cut off after this. */
const STALL_MS = 15_000;
/** Unix socket paths are short (108 bytes on Linux). */
const PATH_MAX = 100;

export function startAdminSocket(opts: {
  database: Database;
  dataDir: string;
  log: FastifyBaseLogger;
}): { close(): void } | null {
  const file = socketPath(opts.dataDir);
  if (Buffer.byteLength(file) > PATH_MAX) {
    opts.log.warn({ file }, 'DATA_DIR is too long a path for the backup socket: npm run backup needs the shop stopped');
    return null;
  }
  // Whoever left it ended (this process holds the data folder's lock): the file is stale.
  fs.rmSync(file, { force: true });
  const server = net.createServer((socket) => void serve(socket, opts));
  // The socket is made with mode 600 from the start: no moment when another user could connect.
  const umask = process.umask(0o177);
  try {
    server.listen(file);
  } finally {
    process.umask(umask);
  }
  server.on('error', (err) => opts.log.error({ err, file }, 'backup socket failed'));
  return {
    /** Takes no new requests. A dump being sent is not waited for: closing the database cuts it (the command says so). */
    close() {
      server.close();
      fs.rmSync(file, { force: true });
    },
  };
}

async function serve(socket: net.Socket, opts: { database: Database; log: FastifyBaseLogger }) {
  socket.on('error', () => {});
  const request = await requestOf(socket);
  if (!request || request.backup !== true) {
    socket.end(`${JSON.stringify({ '@error': 'unknown request' })}\n`);
    return;
  }
  const withSecrets = request.withSecrets === true;
  const started = performance.now();
  try {
    const end = await writeBackup(opts.database.db, opts.database.kind, (line) => send(socket, line), {
      withSecrets,
    });
    await new Promise<void>((resolve) => socket.end(resolve));
    backupStats.lastSuccessMs = Date.now();
    const rows = Object.values(end.rows).reduce((a, b) => a + b, 0);
    opts.log.info({ rows, withSecrets, ms: Math.round(performance.now() - started) }, 'backup sent to npm run backup');
  } catch (err) {
    backupStats.failures += 1;
    opts.log.error({ err }, 'backup for npm run backup failed');
    if (!socket.destroyed) socket.end(`${JSON.stringify({ '@error': (err as Error).message })}\n`);
  }
}

async function requestOf(socket: net.Socket): Promise<{ backup?: unknown; withSecrets?: unknown } | null> {
  for await (const line of readline.createInterface({ input: socket, crlfDelay: Infinity })) {
    try {
      const value: unknown = JSON.parse(line);
      return typeof value === 'object' && value !== null ? value : null;
    } catch {
      return null;
    }
  }
  return null;
}

function send(socket: net.Socket, line: string): void | Promise<void> {
  if (socket.destroyed) throw new Error('npm run backup went away');
  if (socket.write(`${line}\n`)) return;
  return new Promise<void>((resolve, reject) => {
    const done = (err?: Error) => {
      clearTimeout(timer);
      socket.off('drain', ok);
      socket.off('close', gone);
      if (err) reject(err);
      else resolve();
    };
    const ok = () => done();
    const gone = () => done(new Error('npm run backup went away'));
    const timer = setTimeout(() => {
      socket.destroy();
      done(new Error(`npm run backup read nothing for ${STALL_MS / 1000} s`));
    }, STALL_MS);
    socket.once('drain', ok);
    socket.once('close', gone);
  });
}

/**
 * The command's side: asks the shop listening on `file` for a dump and passes each line to `write`; resolves with the
 * end record, which proves the dump whole. Rejects with the connection's error (ENOENT, ECONNREFUSED) when no shop
 * listens there.
 */
export async function backupThroughShop(
  file: string,
  withSecrets: boolean,
  write: (line: string) => void | Promise<void>,
): Promise<BackupEnd> {
  const socket = net.createConnection(file);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  socket.write(`${JSON.stringify({ backup: true, withSecrets })}\n`);
  socket.on('error', () => {});
  let end: BackupEnd | null = null;
  for await (const line of readline.createInterface({ input: socket, crlfDelay: Infinity })) {
    if (line.startsWith('{"@error":')) throw new Error((JSON.parse(line) as { '@error': string })['@error']);
    if (line.startsWith('{"@end":')) end = JSON.parse(line) as BackupEnd;
    await write(line);
  }
  if (!end) throw new Error('the shop stopped sending before the end of the dump (look at its log)');
  return end;
}
