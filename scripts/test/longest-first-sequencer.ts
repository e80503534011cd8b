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
  // The faults: the rolling restart under load starts beside the lighter files, not beside fresh PGlite starts (five
  // in the shutdown file, three in SIGKILL's PGlite half), which slowed its instances enough that connections waited
  // in the accept queue when one closed; those start as the first files end.
  'faults/rolling-restart.faults.test.ts',
  'faults/sigkill-postgres.faults.test.ts',
  'faults/main-startup.faults.test.ts',
  'faults/smtp-down.faults.test.ts',
  'faults/main-shutdown.faults.test.ts',
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
