import fs from 'node:fs';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import path from 'node:path';
import { buildApp } from './app';
import { startInboundSmtp } from './contact/inbound/smtp-listener';
import { importSeedImages } from './catalog/seed-images';
import { ConfigError, loadConfig, type AppConfig } from './config';
import { openDatabase, type Database } from './db/client';
import { DataDirInUseError } from './db/data-lock';
import { NewerSchemaError } from './db/schema-version';
import { seed } from './seed';
import { devTransport, smtpTransport } from './mail/transport';
import { createOutboxWorker } from './mail/worker';
import { startMonthlyStatements } from './department-reports/monthly-statements';
import { startBackupSchedule } from './backup/schedule';
import { startAdminSocket } from './backup/admin-socket';
import { startAuditPrune } from './audit';
import { startRetention } from './retention/retention';

const SHUTDOWN_LIMIT_MS = 5000;
/** How long a connection accepted just before shutdown has to deliver its request, which is then served. */
const ACCEPTED_GRACE_MS = 300;

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

async function openAndMigrate(config: AppConfig): Promise<Database> {
  const where = config.databaseUrl ? redact(config.databaseUrl) : `PGlite in ${config.dataDir}/db`;
  let database: Database | undefined;
  try {
    database = await openDatabase({
      url: config.databaseUrl,
      dataDir: config.dataDir,
      poolMax: config.databasePoolMax,
    });
    await database.migrate();
    await seed(database.db, { adminEmails: config.adminEmails });
    return database;
  } catch (err) {
    await database?.close().catch(() => {});
    if (err instanceof DataDirInUseError || err instanceof NewerSchemaError) fail(`Cannot start: ${err.message}`);
    fail(`Cannot start: the database (${where}) is unreachable or could not be migrated: ${(err as Error).message}`);
  }
}

const redact = (url: string) => url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');

async function main() {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }
  const startedAt = performance.now();
  const database = await openAndMigrate(config);
  const app = await buildApp(config, { database });
  const imported = await importSeedImages(database.db, [config.webDist, path.resolve('public')]);
  if (imported) app.log.info({ products: imported }, 'seed images imported into the media table');
  const transport = config.smtpUrl ? smtpTransport(config.smtpUrl) : devTransport(app.log);
  const worker = createOutboxWorker({
    db: database.db,
    transport,
    from: config.mailFrom,
    log: app.log,
    pollMs: config.outboxPollMs,
    pulse: app.deps.outboxPulse,
  });

  let closing = false;
  // While shutting down, answers close their keep-alive connection so close() is not held open by idle sockets.
  app.addHook('onSend', async (_req, reply) => {
    if (closing) reply.header('connection', 'close');
  });

  await app.listen({
    port: config.port,
    host: config.host,
    // One address to open: APP_URL (outside production the other loopback names redirect to it, app.ts).
    listenTextResolver: (address) =>
      config.env === 'production' ? `Server listening at ${address}` : `Server listening: open ${config.appUrl}`,
  });
  if (config.outboxSend) worker.start();
  const statements = startMonthlyStatements({ db: database.db, log: app.log });
  const auditPrune = startAuditPrune({ db: database.db, log: app.log });
  const retention = startRetention({ db: database.db, log: app.log });
  const backups = config.backup ? startBackupSchedule({ database, ...config.backup, log: app.log }) : null;
  // A backup of a running PGlite shop goes through the shop itself (the data directory is its alone): kill -USR2.
  process.on('SIGUSR2', () => {
    if (!backups) app.log.warn('SIGUSR2: no backup written, BACKUP_DIR is not set');
    else backups.now().catch((err: unknown) => app.log.error({ err }, 'backup on request failed'));
  });
  // `npm run backup` while this shop holds PGlite's data folder asks it for the dump (backup/admin-socket.ts).
  const adminSocket = config.databaseUrl ? null : startAdminSocket({ database, dataDir: config.dataDir, log: app.log });
  // E-mailed replies come back through the shop's own SMTP listener when INBOUND_SMTP_PORT is set.
  let inbound: { close(): Promise<void> } | null = null;
  if (config.inbound.smtpPort !== null) {
    try {
      inbound = await startInboundSmtp({ db: database.db, config, log: app.log });
    } catch (err) {
      fail(`Cannot start: the inbound SMTP listener (port ${config.inbound.smtpPort}): ${(err as Error).message}`);
    }
  }
  app.log.info(
    { ms: Math.round(performance.now() - startedAt), database: database.kind, mail: transport.name },
    `shop ready at ${config.appUrl}`,
  );

  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // The hard limit is armed first, before anything that could wait (a log line to a full pipe, a close).
    const force = setTimeout(() => {
      safeLog(() => app.log.error('shutdown took longer than 5 s; exiting'));
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS);
    force.unref();
    safeLog(() => app.log.info({ signal }, 'shutting down'));
    // In-flight requests get 3 s to finish; then any connection still open (a slow or stalled client)
    // is cut, so shutdown completes inside the 5 s limit instead of being forced.
    const cut = setTimeout(() => app.server.closeAllConnections(), 3000);
    cut.unref();
    try {
      // Refuse new connections first (a proxy then tries the other instance), but leave the ones already accepted
      // alone for a moment: http.Server.close() also destroys every connection whose request has not been read yet,
      // and the proxy that had already sent its request there would get a reset it must not retry (a POST).
      net.Server.prototype.close.call(app.server);
      await sleep(ACCEPTED_GRACE_MS);
      // The web server and the SMTP listener close together: an SMTP session held open is told 421 and closed after
      // 1 s (smtp-listener.ts), which must not wait for the web server's 3 s (security round 3: bounded shutdown).
      await Promise.all([app.close(), inbound?.close()]);
      statements.stop();
      auditPrune.stop();
      retention.stop();
      backups?.stop();
      adminSocket?.close();
      await worker.stop();
      // PGlite's close flushes to disk; it gets what is left of the limit, never more.
      await database.close();
      safeLog(() => app.log.info('stopped cleanly'));
      process.exit(0);
    } catch (err) {
      safeLog(() => app.log.error({ err }, 'error during shutdown'));
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGHUP', () => void shutdown('SIGHUP'));
  // The log pipe: whoever read stdout (a test harness, npm) is gone. Logging further cannot succeed; shut down
  // rather than keep serving with nobody to hear it, and never die of the EPIPE itself.
  process.stdout.on('error', () => void shutdown('stdout closed'));
  // The parent that started us and reads our log through a pipe (npm, a test harness) ended without passing a signal
  // on: we were orphaned, and nobody is left to stop us. Only while stdout is a pipe or socket: a shop started in the
  // background with its log in a file (nohup, `> shop.log &`) is meant to outlive its shell, and under systemd or as
  // a container's first process the parent never changes.
  if (stdoutIsPipe()) {
    const parent = process.ppid;
    const orphaned = setInterval(() => {
      if (process.ppid !== parent) void shutdown('parent exited');
    }, 1000);
    orphaned.unref();
  }
}

function stdoutIsPipe(): boolean {
  try {
    // A shell pipe is a FIFO; Node's child_process (a test runner, npm) gives a socket pair.
    const out = fs.fstatSync(1);
    return out.isFIFO() || out.isSocket();
  } catch {
    return false;
  }
}

/** A log line while shutting down must never stop the shutdown (a closed or broken stdout). */
function safeLog(write: () => void) {
  try {
    write();
  } catch {
    /* nowhere left to log */
  }
}

void main();
