// Checks the deployment files of ops/ and the Containerfile the way they would be used, on this machine (CI runs it):
//  - each systemd unit passes `systemd-analyze verify` (where systemd is installed) with nothing to say;
//  - the Containerfile is parsed and its steps are run in a test folder, one folder per stage standing in for the
//    stage's file system, with this machine's Node standing in for the node:20 base image; then the final stage's
//    CMD is started as the image would start it, and its HEALTHCHECK and the landing page must answer.
// No container engine is needed (and none could pull a base image on a closed network).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const repo = process.cwd();
const started = Date.now();
const say = (line: string) => console.log(`[ops ${((Date.now() - started) / 1000).toFixed(0)} s] ${line}`);
function fail(message: string): never {
  console.error(`check-ops-files: ${message}`);
  process.exit(1);
}

function verifyUnits() {
  const analyze = spawnSync('systemd-analyze', ['--version']);
  if (analyze.status !== 0) {
    say('systemd-analyze is not installed here: units not verified');
    return;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-units-'));
  for (const name of fs.readdirSync(path.join(repo, 'ops/systemd'))) {
    let text = fs.readFileSync(path.join(repo, 'ops/systemd', name), 'utf8');
    // verify checks that ExecStart's program exists: Node may live elsewhere on this machine than on a server.
    if (!fs.existsSync('/usr/bin/node')) text = text.replaceAll('/usr/bin/node', process.execPath);
    // A template unit is verified as one of its instances.
    const file = path.join(dir, name.replace('@.service', '@3001.service'));
    fs.writeFileSync(file, text);
    const out = spawnSync('systemd-analyze', ['verify', file], { encoding: 'utf8' });
    const said = `${out.stdout}${out.stderr}`.trim();
    if (out.status !== 0 || said) fail(`ops/systemd/${name} does not verify:\n${said}`);
    say(`ops/systemd/${name}: systemd-analyze verify passed`);
  }
}

type Step = { op: string; args: string };

/** The Containerfile's instructions, continuation lines joined, comments and blank lines dropped. */
function parse(file: string): Step[] {
  const joined = fs.readFileSync(file, 'utf8').replace(/\\\r?\n/g, ' ');
  return joined
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => {
      const m = /^([A-Za-z]+)\s+(.*)$/.exec(l);
      if (!m) fail(`Containerfile: cannot read "${l}"`);
      return { op: m[1]!.toUpperCase(), args: m[2]! };
    });
}

/** The build context: the repository's files less what .dockerignore leaves out (names, folders, *.ext). */
function contextFiles(): string[] {
  const ignore = fs
    .readFileSync(path.join(repo, '.dockerignore'), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  const ignored = (f: string) =>
    ignore.some((p) =>
      p.startsWith('*.') ? f.endsWith(p.slice(1)) : f === p || f.startsWith(`${p}/`) || f.split('/')[0] === p,
    );
  const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: repo, encoding: 'utf8' }).split('\0').filter(Boolean);
  return tracked.filter((f) => !ignored(f) && fs.existsSync(path.join(repo, f)));
}

const unquote = (s: string) => (s.startsWith('[') ? (JSON.parse(s) as string[]) : ['sh', '-c', s]);

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

type Stage = { name: string; root: string; workdir: string; env: Record<string, string>; cmd?: string[] };

async function runContainerfile() {
  const steps = parse(path.join(repo, 'Containerfile'));
  const top = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-image-'));
  const stages: Stage[] = [];
  const context = contextFiles();
  let stage: Stage | undefined;
  let healthcheck: string[] | undefined;
  const inStage = (s: Stage, p: string) => path.join(s.root, path.isAbsolute(p) ? p : path.join(s.workdir, p));

  for (const { op, args } of steps) {
    if (op === 'FROM') {
      const [image, as, name] = args.split(/\s+/);
      if (!/node:20/.test(image ?? '')) fail(`FROM ${image}: only a node:20 base stands in for this machine's Node`);
      const root = path.join(top, `stage-${stages.length}`);
      fs.mkdirSync(root, { recursive: true });
      stage = { name: as?.toUpperCase() === 'AS' ? name! : String(stages.length), root, workdir: '/', env: {} };
      stages.push(stage);
      say(`FROM ${image} (${stage.name}) in ${root}`);
      continue;
    }
    if (!stage) fail(`${op} before FROM`);
    const s: Stage = stage;
    switch (op) {
      case 'WORKDIR':
        s.workdir = path.posix.resolve(s.workdir, args);
        fs.mkdirSync(inStage(s, '.'), { recursive: true });
        break;
      case 'ENV': {
        const m = /^([A-Za-z_][A-Za-z0-9_]*)[= ](.*)$/.exec(args);
        if (!m) fail(`ENV ${args}: expected NAME=value`);
        s.env[m[1]!] = m[2]!;
        break;
      }
      case 'COPY': {
        const words = args.split(/\s+/);
        const from = words.find((w) => w.startsWith('--from='))?.slice('--from='.length);
        const [dest, ...sources] = words.filter((w) => !w.startsWith('--')).reverse();
        const source = from ? stages.find((x) => x.name === from) : undefined;
        if (from && !source) fail(`COPY --from=${from}: no such stage`);
        const target = inStage(s, dest!);
        for (const src of sources.reverse()) {
          if (source) {
            const origin = path.join(source.root, src);
            if (!fs.existsSync(origin)) fail(`COPY --from=${from} ${src}: not in that stage`);
            const into = sources.length > 1 || dest!.endsWith('/') ? path.join(target, path.basename(src)) : target;
            fs.cpSync(origin, into, { recursive: true });
          } else {
            const wanted = src === '.' ? context : context.filter((f) => f === src || f.startsWith(`${src}/`));
            if (!wanted.length) fail(`COPY ${src}: not in the build context`);
            for (const f of wanted) {
              const rel = src === '.' || f === src ? (src === '.' ? f : path.basename(f)) : path.relative(src, f);
              const to = path.join(target, rel);
              fs.mkdirSync(path.dirname(to), { recursive: true });
              fs.copyFileSync(path.join(repo, f), to);
            }
          }
        }
        say(`COPY ${args}`);
        break;
      }
      case 'RUN': {
        say(`RUN ${args}`);
        const [command, ...rest] = unquote(args);
        const run = spawnSync(command!, rest, {
          cwd: inStage(s, '.'),
          env: { ...process.env, ...s.env },
          stdio: ['ignore', 'inherit', 'inherit'],
        });
        if (run.status !== 0) fail(`RUN ${args}: exit ${run.status}`);
        break;
      }
      case 'CMD':
        s.cmd = unquote(args);
        break;
      case 'HEALTHCHECK':
        healthcheck = unquote(args.replace(/^(--\S+\s+)*CMD\s+/, ''));
        break;
      case 'USER':
      case 'VOLUME':
      case 'EXPOSE':
      case 'LABEL':
        break;
      default:
        fail(`Containerfile: ${op} is not understood by this check`);
    }
  }

  const final = stages.at(-1);
  if (!final?.cmd) fail('the final stage has no CMD');
  if (!healthcheck) fail('the final stage has no HEALTHCHECK');
  const port = await freePort();
  const imagePort = final.env.PORT ?? '3000';
  const dataDir = path.join(final.root, final.env.DATA_DIR ?? '/data');
  fs.mkdirSync(dataDir, { recursive: true });
  // The image's environment, with the host's port and folders where the container would have its own.
  const env = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    ...final.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    APP_URL: `http://127.0.0.1:${port}`,
    ALLOW_INSECURE_PRODUCTION: 'true',
    // Production wants a mail server; nothing listens there, so mail waits in the outbox, as in an SMTP outage.
    SMTP_URL: `smtp://127.0.0.1:${await freePort()}`,
    LOG_LEVEL: 'warn',
  };
  const [cmd, ...cmdArgs] = final.cmd;
  const shop = spawn(cmd!, cmdArgs, { cwd: inStage(final, '.'), env, stdio: ['ignore', 'inherit', 'inherit'] });
  let exited: number | null | undefined;
  shop.on('exit', (code) => (exited = code));
  const [hcCmd, ...hcArgs] = healthcheck.map((a) => a.replaceAll(`:${imagePort}/`, `:${port}/`));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (exited !== undefined) fail(`the image's CMD exited with ${exited} before it was healthy`);
    if (spawnSync(hcCmd!, hcArgs, { env }).status === 0) break;
    if (Date.now() > deadline) fail('the HEALTHCHECK did not pass within 90 s');
    await new Promise((r) => setTimeout(r, 500));
  }
  say(`CMD ${final.cmd.join(' ')}: HEALTHCHECK passed on port ${port}`);
  const landing = await fetch(`http://127.0.0.1:${port}/`, { headers: { accept: 'text/html' }, redirect: 'manual' });
  const html = await landing.text();
  if (landing.status !== 200 || !html.includes('<div id="root">'))
    fail(`GET / answered ${landing.status}, not the web client`);
  shop.kill('SIGTERM');
  await new Promise<void>((resolve) => (exited !== undefined ? resolve() : shop.on('exit', () => resolve())));
  if (exited !== 0) fail(`the shop exited with ${exited} on SIGTERM`);
  say('the image served the shop and stopped cleanly on SIGTERM');
  fs.rmSync(top, { recursive: true, force: true });
}

verifyUnits();
await runContainerfile();
