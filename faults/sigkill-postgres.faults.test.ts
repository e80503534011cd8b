import { describe, it } from 'vitest';
import { killDuringCheckouts } from './support/sigkill';

describe('the server killed with SIGKILL during a stream of checkouts', () => {
  it('on PostgreSQL: every acknowledged order is whole after restart, with exactly one confirmation mail', () =>
    killDuringCheckouts('postgresql'));
});
