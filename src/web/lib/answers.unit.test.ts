import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkAnswer } from './answers';

describe('development answer check', () => {
  afterEach(() => vi.restoreAllMocks());

  it('says nothing when the answer matches its schema', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    checkAnswer('requestPin', 'POST /auth/request-pin', {
      success: true,
      message: 'sent',
      resends_remaining: 4,
      retry_after_seconds: 60,
      extra: 1,
    });
    expect(error).not.toHaveBeenCalled();
  });

  it('logs the call, the schema and each issue, and never throws', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() =>
      checkAnswer('requestPin', 'POST /auth/request-pin', { success: true, message: 'sent', resends_remaining: '4' }),
    ).not.toThrow();
    expect(error).toHaveBeenCalledTimes(1);
    const text = String(error.mock.calls[0]![0]);
    expect(text).toContain("POST /auth/request-pin does not match the 'requestPin' schema");
    expect(text).toContain('resends_remaining');
    expect(text).toContain('retry_after_seconds');
  });
});
