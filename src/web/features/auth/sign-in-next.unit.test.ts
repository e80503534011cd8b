import { describe, expect, it } from 'vitest';
import { signInNext } from './sign-in-next';

describe('the page to return to after sign-in', () => {
  it("is the guarded screen's own path and query", () => {
    expect(signInNext({ next: '/orders?pay=12' })).toBe('/orders?pay=12');
    expect(signInNext({ next: '/checkout' })).toBe('/checkout');
  });

  it('is nothing for a missing state or anything that could leave the site', () => {
    for (const state of [
      null,
      undefined,
      {},
      { next: 12 },
      { next: 'https://evil.example/' },
      { next: '//evil.example' },
      { next: '/\\evil.example' },
      { next: 'orders' },
    ])
      expect(signInNext(state)).toBeNull();
  });
});
