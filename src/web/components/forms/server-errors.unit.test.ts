import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '@web/lib/api';
import { showServerErrors } from './server-errors';

type Values = { amount: string; reason: string };
const collect = () => {
  const set: Record<string, string | undefined> = {};
  return { set, setError: (name: string, e: { message?: string }) => void (set[name] = e.message) };
};

describe('showServerErrors', () => {
  it('puts a 400 field error under its field, a nested name by its last part', () => {
    const { set, setError } = collect();
    const err = new ApiRequestError(400, {
      code: 'VALIDATION_ERROR',
      message: 'Invalid input',
      errors: [{ field: 'refund.amount', message: 'The amount must be in whole cents' }],
    });
    showServerErrors<Values>(err, setError, ['amount', 'reason'], 'Failed');
    expect(set).toEqual({ amount: 'The amount must be in whole cents' });
  });

  it('gives the form the words of a refusal without fields, and of a field the form does not have', () => {
    const refusal = collect();
    showServerErrors<Values>(
      new ApiRequestError(409, { code: 'CONFLICT', message: 'The order is already cancelled' }),
      refusal.setError,
      ['amount'],
      'Failed',
    );
    expect(refusal.set).toEqual({ 'root.server': 'The order is already cancelled' });
    const stray = collect();
    showServerErrors<Values>(
      new ApiRequestError(400, { message: 'Invalid input', errors: [{ field: 'comments', message: 'Too long' }] }),
      stray.setError,
      ['amount'],
      'Failed',
    );
    expect(stray.set).toEqual({ 'root.server': 'Too long' });
  });

  it('falls back to the screen words when the network failed', () => {
    const { set, setError } = collect();
    showServerErrors<Values>(new TypeError('fetch failed'), setError, ['amount'], 'Failed to refund');
    expect(set).toEqual({ 'root.server': 'Failed to refund' });
  });
});
