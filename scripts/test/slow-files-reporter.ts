import path from 'node:path';
import type { Reporter, TestCase, TestModule } from 'vitest/node';

const SHOWN = 12;

/**
 * At the end of every run: each project's wall time (from its first file queued to its last file done) and when it
 * began (the gaps between are set-ups: the e2e shops, the throwaway PostgreSQL), then the
 * slowest test files with their time, so the next one to speed up is named. A test that passed only on a retry is
 * listed with what failed the first time: the run is green, but the flake is there to be found.
 */
export default class SlowFilesReporter implements Reporter {
  private spans = new Map<string, { first: number; last: number }>();
  private started = Date.now();
  private retried: string[] = [];

  onTestRunStart() {
    this.started = Date.now();
  }

  onTestModuleQueued(m: TestModule) {
    const now = Date.now();
    const span = this.spans.get(m.project.name);
    if (span) span.first = Math.min(span.first, now);
    else this.spans.set(m.project.name, { first: now, last: now });
  }

  onTestCaseResult(test: TestCase) {
    const d = test.diagnostic();
    if (!d?.flaky) return;
    const errors = (test.result().errors ?? []).map((e) => e.message.split('\n').slice(0, 12).join('\n      '));
    this.retried.push(
      `${path.relative(process.cwd(), test.module.moduleId)} > ${test.fullName}\n      ${errors.join('\n      ') || '(no error kept)'}`,
    );
  }

  onTestModuleEnd(m: TestModule) {
    const span = this.spans.get(m.project.name);
    if (span) span.last = Math.max(span.last, Date.now());
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    if (this.retried.length) {
      console.log(`\nPassed only on a retry (${this.retried.length}), with the first try's error:`);
      for (const r of this.retried) console.log(`  ${r}`);
    }
    const rows = modules
      .map((m) => {
        const d = m.diagnostic();
        return {
          file: path.relative(process.cwd(), m.moduleId),
          project: m.project.name,
          ms: d.collectDuration + d.setupDuration + d.duration,
        };
      })
      .sort((a, b) => b.ms - a.ms)
      .slice(0, SHOWN);
    if (rows.length === 0) return;
    const secs = (ms: number) => (ms / 1000).toFixed(0);
    const spans = [...this.spans].map(
      ([name, s]) => `${name} ${secs(s.last - s.first)} s (from ${secs(s.first - this.started)} s)`,
    );
    console.log(`\nWall time by project: ${spans.join(', ')}, run ${secs(Date.now() - this.started)} s`);
    const width = Math.max(...rows.map((r) => r.file.length));
    console.log(`Slowest test files (time in the worker: import, set-up and tests):`);
    for (const r of rows) {
      console.log(`  ${(r.ms / 1000).toFixed(1).padStart(6)} s  ${r.file.padEnd(width)}  ${r.project}`);
    }
  }
}
