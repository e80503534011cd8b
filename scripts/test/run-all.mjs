// What `npm test` runs after the build: the unit and API projects, then the end-to-end and fault projects side by
// side, as three vitest runs. The fault tests mostly wait (a restart, an SMTP outage, a stopped PostgreSQL): after
// the CPU-bound e2e project they added 55 s of mostly idle wall time to a run, beside it they add little. Vitest runs
// the projects of one `sequence.groupOrder` in one shared pool of workers, which cannot give the e2e files their
// two workers and the fault files four of their own, hence two processes. The fault run's output is kept and shown
// when it ends, so the two never interleave. With VITEST_JSON, each run writes its own report and the three are
// summed into that file, as one run's would be.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const json = process.env.VITEST_JSON;
const vitest = path.resolve('node_modules/vitest/vitest.mjs');

function run(label, projects, { quiet = false } = {}) {
  const env = { ...process.env };
  if (json) env.VITEST_JSON = `${json}.${label}`;
  else delete env.VITEST_JSON;
  const args = [vitest, 'run', ...projects.flatMap((p) => ['--project', p])];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, {
      env,
      stdio: ['ignore', quiet ? 'pipe' : 'inherit', quiet ? 'pipe' : 'inherit'],
    });
    let kept = '';
    if (quiet) {
      child.stdout.on('data', (d) => (kept += d));
      child.stderr.on('data', (d) => (kept += d));
    }
    child.on('exit', (code, signal) => resolve({ label, code: code ?? (signal ? 1 : 0), kept }));
  });
}

const started = Date.now();
const first = await run('api', ['unit', 'api']);
const faults = run('faults', ['faults'], { quiet: true });
const e2e = await run('e2e', ['e2e']);
const faultRun = await faults;
process.stdout.write(`\n--- the fault tests, run beside the e2e tests ---\n${faultRun.kept}`);
const runs = [first, e2e, faultRun];

if (json) {
  const reports = runs.flatMap((r) => {
    const file = `${json}.${r.label}`;
    if (!fs.existsSync(file)) return [];
    const report = JSON.parse(fs.readFileSync(file, 'utf8'));
    fs.rmSync(file);
    return [report];
  });
  const sum = (key) => reports.reduce((n, r) => n + (r[key] ?? 0), 0);
  const merged = { ...reports[0], testResults: reports.flatMap((r) => r.testResults ?? []) };
  for (const key of Object.keys(reports[0] ?? {})) if (key.startsWith('num')) merged[key] = sum(key);
  merged.success = runs.every((r) => r.code === 0);
  fs.writeFileSync(json, JSON.stringify(merged));
}

const failed = runs.filter((r) => r.code !== 0).map((r) => r.label);
console.log(
  `\nnpm test: unit and API, then e2e beside faults, in ${Math.round((Date.now() - started) / 1000)} s` +
    (failed.length ? `; FAILED: ${failed.join(', ')}` : ''),
);
process.exit(failed.length ? 1 : 0);
