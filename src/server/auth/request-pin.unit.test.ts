import { describe, expect, it } from 'vitest';
import { pinField, requestPinBody, verifyPinBody } from '../../shared/auth';
import { formatWait } from './limits';
import { nextSend, RESEND_WINDOW_S } from './request-pin';

const row = (over: Partial<Parameters<typeof nextSend>[0] & object> = {}) => ({
  email: 'a@b.test',
  codeHash: 'x',
  expiresAt: new Date(0),
  wrongTries: 0,
  consumedAt: null,
  resendCount: 0,
  lastSentAt: new Date(0),
  windowStartedAt: new Date(0),
  ...over,
});

describe('nextSend (docs/product.md#constants resend schedule)', () => {
  it('lets the first send through and then waits 60, 120, 180, 180 s', () => {
    expect(nextSend(undefined, 0)).toMatchObject({ ok: true, kind: 'insert', resendCount: 0 });
    let sentAt = 0;
    for (const [i, cooldown] of [60, 120, 180, 180].entries()) {
      const r = row({ resendCount: i, lastSentAt: new Date(sentAt) });
      expect(nextSend(r, sentAt + cooldown * 1000 - 1)).toMatchObject({ ok: false, resendsRemaining: 4 - i });
      expect(nextSend(r, sentAt + cooldown * 1000)).toMatchObject({ ok: true, kind: 'resend', resendCount: i + 1 });
      sentAt += cooldown * 1000;
    }
    expect(nextSend(row({ resendCount: 4, lastSentAt: new Date(sentAt) }), sentAt + 600_000)).toMatchObject({
      ok: false,
      resendsRemaining: 0,
    });
  });

  it('starts over after the window or after a successful sign-in', () => {
    expect(nextSend(row({ resendCount: 4 }), RESEND_WINDOW_S * 1000)).toMatchObject({
      ok: true,
      kind: 'reset',
      resendCount: 0,
    });
    expect(nextSend(row({ resendCount: 4, consumedAt: new Date(0) }), 1000)).toMatchObject({ ok: true, kind: 'reset' });
  });

  it('names the wait in whole seconds or minutes', () => {
    expect(formatWait(1)).toBe('1 second');
    expect(formatWait(44.2)).toBe('45 seconds');
    expect(formatWait(60)).toBe('1 minute');
    expect(formatWait(3599)).toBe('60 minutes');
  });
});

describe('shared PIN rules (docs/product.md#validation-messages)', () => {
  it('accept exactly six digits', () => {
    expect(pinField.safeParse('012345').success).toBe(true);
    for (const bad of ['12345', '1234567', '12 345', 'abcdef', '١٢٣٤٥٦'])
      expect(pinField.safeParse(bad).success).toBe(false);
  });

  it('normalise the address the same way for both calls', () => {
    expect(requestPinBody.parse({ email: ' Me@Example.TEST ' }).email).toBe('me@example.test');
    expect(verifyPinBody.parse({ email: 'Me@Example.test', pin: '000000' })).toEqual({
      email: 'me@example.test',
      pin: '000000',
    });
  });
});
