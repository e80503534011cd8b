import { describe, expect, it } from 'vitest';
import { ApiRequestError, errorText } from './api';

describe('errorText: the server message, else the fallback', () => {
  it('prefers detail, then message', () => {
    expect(errorText(new ApiRequestError(409, { detail: 'Order already cancelled', message: 'other' }), 'Failed')).toBe(
      'Order already cancelled',
    );
    expect(errorText(new ApiRequestError(400, { message: 'Quantity must be at least 1' }), 'Failed')).toBe(
      'Quantity must be at least 1',
    );
  });

  it('falls back when there is no server text or no API answer at all', () => {
    expect(errorText(new ApiRequestError(502, null), 'Failed to create order')).toBe('Failed to create order');
    expect(errorText(new ApiRequestError(500, { detail: '' }), 'Failed to create order')).toBe(
      'Failed to create order',
    );
    expect(errorText(new TypeError('Failed to fetch'), 'Failed to create order')).toBe('Failed to create order');
    expect(errorText(undefined, '')).toBe('');
  });
});
