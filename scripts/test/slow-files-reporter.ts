import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

const SHOWN = 12;

/** At the end of every run: the slowest test files with their time, so the next one to speed up is named. */
export default class SlowFilesReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
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
    const width = Math.max(...rows.map((r) => r.file.length));
    console.log(`\nSlowest test files (time in the worker: import, set-up and tests):`);
    for (const r of rows) {
      console.log(`  ${(r.ms / 1000).toFixed(1).padStart(6)} s  ${r.file.padEnd(width)}  ${r.project}`);
    }
  }
}
