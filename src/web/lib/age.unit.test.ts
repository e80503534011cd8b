import { describe, expect, it } from 'vitest';
import { formatAge } from './age';

describe('formatAge', () => {
  const now = Date.parse('2026-11-25T12:00:00Z');
  it.each([
    ['2026-11-25T11:59:30Z', 'just now'],
    ['2026-11-25T11:48:00Z', '12 min ago'],
    ['2026-11-25T09:00:00Z', '3 h ago'],
    ['2026-11-23T13:00:00Z', '47 h ago'],
    ['2026-11-22T12:00:00Z', '3 d ago'],
  ])('%s is %s', (at, text) => expect(formatAge(at, now)).toBe(text));
});
