import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files known to take longest in their project start first, so no worker picks one up at the end while the other
 * sits idle. Vitest orders by the last run's times when it has them, but a fresh clone (CI) has none, and then it
 * runs larger files first: the every-screen files are four lines long and so ran last, after ~10 minutes of the
 * others, adding their whole length to the run. Measured in a full run (docs/performance.md#the-test-suite-26-november-2026).
 */
const LONGEST = [
  'e2e/screens-wide.e2e.test.ts',
  'e2e/screens-narrow.e2e.test.ts',
  'src/server/payments/account.property.test.ts',
  'src/server/backup/backup.test.ts',
  'src/server/security/hostile-input.test.ts',
  // The faults: two shops starting on a fresh PGlite at once took over a minute each on a loaded machine, so the
  // PGlite half of SIGKILL waits for the light start-up checks to end.
  'faults/main-shutdown.faults.test.ts',
  'faults/rolling-restart.faults.test.ts',
  'faults/sigkill-postgres.faults.test.ts',
  'faults/main-startup.faults.test.ts',
  'faults/sigkill-pglite.faults.test.ts',
];

const rank = (spec: TestSpecification) => {
  const i = LONGEST.findIndex((file) => spec.moduleId.endsWith(file));
  return i === -1 ? LONGEST.length : i;
};

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const base = await super.sort(files);
    const at = new Map(base.map((spec, i) => [spec, i]));
    // Projects keep their base order; within one, the listed files go first and the rest keep theirs.
    return [...base].sort((a, b) =>
      a.project.name === b.project.name ? rank(a) - rank(b) || at.get(a)! - at.get(b)! : at.get(a)! - at.get(b)!,
    );
  }
}
