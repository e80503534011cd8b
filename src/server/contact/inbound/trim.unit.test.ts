import { describe, expect, it } from 'vitest';
import { trimReply } from './trim';

describe('trimReply keeps the new text of an e-mailed answer', () => {
  it.each([
    ['Gmail', 'Yes please.\n\nOn Mon, Mar 2, 2026 at 9:00 AM Shop <o@s.test> wrote:\n> old', 'Yes please.'],
    ['wrapped "wrote:"', 'Yes please.\n\nOn Mon, Mar 2, 2026 at 9:00 AM Shop\n<o@s.test> wrote:\n> old', 'Yes please.'],
    ['Outlook', 'Yes please.\r\n\r\n-----Original Message-----\r\nFrom: Shop\r\nold', 'Yes please.'],
    [
      'Outlook rule',
      'Yes please.\n________________________________\nFrom: Shop <o@s.test>\nSent: Monday',
      'Yes please.',
    ],
    ['signature', 'Yes please.\n\n-- \nMary Smith\nFire Dept', 'Yes please.'],
    ['phone footer', 'Yes please.\n\nSent from my iPhone', 'Yes please.'],
    ['bare quote', 'Yes please.\n> old\n> older', 'Yes please.'],
    ['nothing to cut', 'Line one.\n\n\n\nLine two.', 'Line one.\n\nLine two.'],
  ])('%s', (_name, text, kept) => {
    expect(trimReply(text)).toBe(kept);
  });
});
