import { describe, expect, it } from 'vitest';
import { editorKinds } from './customization-editor';

describe('the kinds the staff and customer line editor lists', () => {
  const kinds = [
    { key: 'us_flag', label: 'US flag patch', price: 6, positions: ['left_side'], takes_text: false },
    { key: 'dept_patch', label: 'Department patch', price: 4.5, positions: ['left_sleeve'], takes_text: true },
  ];

  it('are SPEC’s three in their words, then the shop’s added kinds with their text rule', () => {
    expect(editorKinds(kinds, [])).toEqual([
      { key: 'add_name', label: 'Embroidered name', takesText: true },
      { key: 'us_flag', label: 'US flag patch', takesText: false },
      { key: 'az_flag', label: 'Arizona flag patch', takesText: false },
      { key: 'dept_patch', label: 'Department patch', takesText: true },
    ]);
  });

  it('keep a kind the line carries that is no longer offered, and leave logos to their own field', () => {
    const line = [
      { type: 'old_patch', position: 'back' as const, text: 'Crew' },
      { type: 'logo', position: 'left_chest' as const, text: null, artwork_id: 3 },
    ];
    expect(editorKinds(kinds, line).slice(4)).toEqual([{ key: 'old_patch', label: 'old patch', takesText: true }]);
  });
});
