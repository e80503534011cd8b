import { describe, expect, it } from 'vitest';
import { plural } from './plural';

describe('plural', () => {
  it('says one for exactly one, and the plural for none, several and fractions', () => {
    expect(plural(1, 'order')).toBe('1 order');
    expect(plural(0, 'order')).toBe('0 orders');
    expect(plural(2, 'order')).toBe('2 orders');
    expect(plural(1.5, 'hour')).toBe('1.5 hours');
  });
  it('takes the plural of an irregular word or a phrase', () => {
    expect(plural(1, 'entry', 'entries')).toBe('1 entry');
    expect(plural(3, 'entry', 'entries')).toBe('3 entries');
    expect(plural(4, 'order was', 'orders were')).toBe('4 orders were');
  });
});
