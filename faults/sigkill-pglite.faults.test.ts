import { describe, it } from 'vitest';
import { killDuringCheckouts } from './support/sigkill';

// Three starts of the shop (on a loaded machine a fresh PGlite start alone took over a minute), a kill, a check.
describe('the server killed with SIGKILL during a stream of checkouts', { timeout: 300_000 }, () => {
  it('on PGlite: every acknowledged order is whole after restart, with exactly one confirmation mail', () =>
    killDuringCheckouts('pglite'));
});
