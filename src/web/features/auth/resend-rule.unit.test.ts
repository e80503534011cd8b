import { describe, expect, it } from 'vitest';
import { MAX_RESENDS, RESEND_COOLDOWNS_S } from '@shared/constants';
import { resendRule } from './resend-rule';

describe('resendRule', () => {
  it('outside landscape shows the server schedule as it is', () => {
    expect(resendRule({ resendsRemaining: 4, retryAfterSeconds: 60 }, false, 0)).toEqual({
      resendsRemaining: 4,
      retryAfterSeconds: 60,
    });
    expect(resendRule({ resendsRemaining: 4, retryAfterSeconds: 5 }, false, 3)).toEqual({
      resendsRemaining: 4,
      retryAfterSeconds: 5,
    });
  });

  it('in landscape waits at least 30 s, and a longer server wait is shown as it is', () => {
    expect(resendRule({ resendsRemaining: 4, retryAfterSeconds: 10 }, true, 0).retryAfterSeconds).toBe(30);
    expect(resendRule({ resendsRemaining: 4, retryAfterSeconds: 0 }, true, 1).retryAfterSeconds).toBe(30);
    expect(resendRule({ resendsRemaining: 3, retryAfterSeconds: 120 }, true, 1).retryAfterSeconds).toBe(120);
  });

  it('in landscape allows 3 resends against the server four', () => {
    // The server's standard schedule: the first send leaves MAX_RESENDS, each resend one fewer.
    const left = (used: number) =>
      resendRule({ resendsRemaining: MAX_RESENDS - used, retryAfterSeconds: RESEND_COOLDOWNS_S[used] ?? 0 }, true, used)
        .resendsRemaining;
    expect(MAX_RESENDS).toBe(4);
    expect([0, 1, 2, 3, 4].map(left)).toEqual([3, 2, 1, 0, 0]);
  });

  it('in landscape never shows more than the server allows', () => {
    expect(resendRule({ resendsRemaining: 1, retryAfterSeconds: 180 }, true, 0)).toEqual({
      resendsRemaining: 1,
      retryAfterSeconds: 180,
    });
    expect(resendRule({ resendsRemaining: 0, retryAfterSeconds: 3000 }, true, 0).resendsRemaining).toBe(0);
  });
});
