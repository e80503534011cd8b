import { spawn } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { freePort, startShop } from '../e2e/support/server';
import { seededDataDir } from '../e2e/support/data-template';
import { tmpDataDir } from './support/main-process';

// Shutdown of the built server: SIGTERM with work in flight, connections held open, npm start's shell, an orphan.
// The first test starts on an empty data dir (the README's first start); the others on a copy of a seeded one.
describe('main process: shutdown and signals', { timeout: 180_000 }, () => {
  it('shuts down cleanly on SIGTERM within 5 seconds, and starts again on the same data', async () => {
    const dataDir = tmpDataDir();
    const first = await startShop({ DATA_DIR: dataDir, LOG_LEVEL: 'info' }, { built: true });
    // A request whose body is still arriving when the signal lands is in flight: it must get its answer.
    // (A public route that needs the whole body before it can answer: here, a refused address.)
    const body = JSON.stringify({ email: 'not-an-address' });
    let answered!: (status: number) => void;
    const inflight = new Promise<number>((r) => (answered = r));
    const req = http.request(`${first.url}/api/v1/auth/request-pin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    req.on('response', (res) => answered(res.statusCode ?? 0));
    req.write(body.slice(0, 5));
    await new Promise((r) => setTimeout(r, 300));
    const t0 = Date.now();
    const stopping = first.stop('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    req.end(body.slice(5));
    const code = await stopping;
    expect(code, first.output()).toBe(0);
    expect(Date.now() - t0).toBeLessThan(5000);
    expect(await inflight).toBe(400); // answered normally (the address is refused), not cut off
    expect(first.output()).toContain('stopped cleanly');

    // The embedded database survives the restart: settings and catalogue are still there.
    const second = await startShop({ DATA_DIR: dataDir }, { built: true });
    const settings = await fetch(`${second.url}/api/v1/settings/`).then((r) => r.json());
    expect(settings.settings.tax_rate).toBe(0.078);
    expect(await second.stop('SIGINT')).toBe(0);
  });

  it('ends within 10 s of SIGTERM with a browser keep-alive connection and an SMTP session held open', async () => {
    const smtpPort = await freePort();
    const shop = await startShop(
      { DATA_DIR: seededDataDir(), LOG_LEVEL: 'info', INBOUND_SMTP_PORT: String(smtpPort) },
      { built: true },
    );
    // A browser: one answered request, then its connection kept alive and idle.
    const agent = new http.Agent({ keepAlive: true, keepAliveMsecs: 60_000 });
    await new Promise<void>((resolve, reject) =>
      http
        .get(`${shop.url}/api/v1/health`, { agent }, (res) => {
          res.resume();
          res.on('end', () => resolve());
        })
        .on('error', reject),
    );
    // A mail client: greeted, EHLO sent, a transaction started and left hanging mid-DATA.
    const smtp = net.connect(smtpPort, '127.0.0.1');
    smtp.on('error', () => {});
    let said = '';
    smtp.on('data', (d) => (said += d));
    const until = async (text: string) => {
      for (let i = 0; i < 100 && !said.includes(text); i += 1) await new Promise((r) => setTimeout(r, 50));
    };
    await until('220');
    smtp.write('EHLO client.example\r\n');
    await until('250 ');
    smtp.write('MAIL FROM:<someone@example.test>\r\n');
    await until('250 Accepted');
    const t0 = Date.now();
    const code = await Promise.race([
      shop.stop('SIGTERM'),
      new Promise<'hung'>((r) => setTimeout(() => r('hung'), 10_000)),
    ]);
    const ms = Date.now() - t0;
    if (code === 'hung') shop.proc.kill('SIGKILL');
    agent.destroy();
    smtp.destroy();
    expect(code, shop.output()).toBe(0);
    expect(ms).toBeLessThan(10_000);
  });

  it("npm start hands signals straight to node: a SIGTERM to the script's shell ends the shop too", async () => {
    const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
    // npm runs a script as `sh -c <script>`; Debian's sh (dash) does not pass a SIGTERM on to its child.
    expect(pkg.scripts.start).toMatch(/^exec node /);
    const port = await freePort();
    const sh = spawn('sh', ['-c', pkg.scripts.start!], {
      env: {
        ...process.env,
        NODE_ENV: 'development',
        LOG_LEVEL: 'warn',
        PORT: String(port),
        DATA_DIR: seededDataDir(),
      },
      stdio: ['ignore', 'ignore', 'ignore'],
    });
    for (let i = 0; i < 600; i += 1) {
      const ok = await fetch(`http://127.0.0.1:${port}/api/v1/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    sh.kill('SIGTERM');
    let up = true;
    for (let i = 0; i < 100 && up; i += 1) {
      await new Promise((r) => setTimeout(r, 100));
      up = await fetch(`http://127.0.0.1:${port}/api/v1/health`).then(
        () => true,
        () => false,
      );
    }
    expect(up).toBe(false);
  });

  it('ends by itself when the process that started it is killed without passing a signal on (orphaned)', async () => {
    const port = await freePort();
    // A parent that starts the shop and then dies by SIGKILL, as a harness or npm killed outright would.
    // Its log goes to a pipe the harness reads, as with npm start under a test runner.
    const parent = spawn('sh', ['-c', `${process.execPath} dist/server/main.js & wait`], {
      env: {
        ...process.env,
        NODE_ENV: 'development',
        LOG_LEVEL: 'warn',
        PORT: String(port),
        DATA_DIR: seededDataDir(),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    parent.stdout!.resume();
    parent.stderr!.resume();
    const healthy = () =>
      fetch(`http://127.0.0.1:${port}/api/v1/health`).then(
        (r) => r.ok,
        () => false,
      );
    for (let i = 0; i < 600 && !(await healthy()); i += 1) await new Promise((r) => setTimeout(r, 100));
    expect(await healthy()).toBe(true);
    parent.kill('SIGKILL');
    let up = true;
    for (let i = 0; i < 100 && up; i += 1) {
      await new Promise((r) => setTimeout(r, 100));
      up = await healthy();
    }
    expect(up).toBe(false);
  });
});
