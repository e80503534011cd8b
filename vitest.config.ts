import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';
import { e2eWorkers } from './e2e/support/workers.js';
import LongestFirstSequencer from './scripts/test/longest-first-sequencer.js';

const alias = {
  '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)),
  '@web': fileURLToPath(new URL('./src/web', import.meta.url)),
};

// Projects: fast pure unit tests, API tests that each get a fresh database per file, end-to-end, and fault tests.
// CI asks for a JSON report too (VITEST_JSON) so .ci/run can print one closing count for all runs.
// Every run ends with its slowest files and their times (scripts/test/slow-files-reporter.ts).
const slowFiles = './scripts/test/slow-files-reporter.ts';
const reporters = process.env.VITEST_JSON
  ? ['default', slowFiles, ['json', { outputFile: process.env.VITEST_JSON }]]
  : ['default', slowFiles];

export default defineConfig({
  resolve: { alias },
  test: {
    reporters: reporters as never,
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          include: ['src/**/*.unit.test.ts', 'src/**/*.unit.test.tsx'],
          environment: 'node',
          // Pure functions, no mocks or globals: the files share their worker's modules instead of each importing React,
          // Zod and the shared rules anew (the project took 39 s alone, now 9 s).
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'api',
          sequence: { groupOrder: 1 },
          include: ['src/server/**/*.test.ts'],
          exclude: ['src/**/*.unit.test.ts'],
          globalSetup: ['src/server/test/global-setup.ts'],
          pool: 'forks',
          maxWorkers: 2,
          // Files share their worker's loaded modules (the app, Drizzle, PGlite) instead of importing them anew each
          // time: every file still builds its own app on its own database (test/harness.ts), so nothing else is shared.
          isolate: false,
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          sequence: { groupOrder: 2 },
          include: ['e2e/**/*.e2e.test.ts'],
          globalSetup: ['e2e/support/global-setup.ts'],
          pool: 'forks',
          // Each worker has its own shop (global-setup.ts), so files in different workers share nothing.
          maxWorkers: e2eWorkers(),
          // A worker's files share its process and loaded modules (Playwright, the helpers) instead of each starting a
          // process and importing them anew: 28 of the project's 88 CPU-seconds in the test workers. Each file still
          // launches its own browser and signs its own people in; screens.ts forgets an earlier file's state.
          isolate: false,
          // Under CI one more try for a test that failed: a browser on two cores shared with the shop, its database
          // and the mail catcher loses a timing race now and then (each one seen is fixed in the test or the app).
          // A test that fails twice fails the run; one that passed on its second try is marked "retry x1" in the log.
          retry: process.env.CI ? 1 : 0,
          testTimeout: 60_000,
          hookTimeout: 90_000,
          // expect.poll gives up after 1 s by default: the fifth of five back-to-back runs at a load of 29 on two cores
          // failed two polls (the landing page's JSON-LD, the admin menu's badges) that pass at any ordinary load.
          expect: { poll: { timeout: 15_000, interval: 50 } },
        },
      },
      {
        resolve: { alias },
        test: {
          // Fault injection against the built server: kills, a private PostgreSQL stopped and started, SMTP down.
          name: 'faults',
          sequence: { groupOrder: 3 },
          include: ['faults/**/*.faults.test.ts'],
          globalSetup: ['e2e/support/postgres-setup.ts', 'e2e/support/data-template-setup.ts'],
          pool: 'forks',
          // Each file has its own data dirs, databases and ports, and mostly waits (for a restart, an SMTP outage):
          // four at once take 37 s where two took 52 s, the longest file (SIGKILL mid-checkout, 26 s) then the floor.
          maxWorkers: 4,
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
