import { describe, expect, it } from 'vitest';
import { allowedKey, allowedList } from './garment-values';

describe('allowedList', () => {
  it('lists each ticked kind once with its positions in the shop’s order, unticked ones left out', () => {
    const ticks = {
      [allowedKey('dept_patch', 'right_sleeve')]: true,
      [allowedKey('add_name', 'right_side')]: true,
      [allowedKey('add_name', 'left_side')]: true,
      [allowedKey('us_flag', 'left_side')]: false,
      [allowedKey('dept_patch', 'left_sleeve')]: true,
    };
    expect(allowedList(ticks)).toEqual([
      { type: 'dept_patch', sides: ['left_sleeve', 'right_sleeve'] },
      { type: 'add_name', sides: ['left_side', 'right_side'] },
    ]);
  });

  it('keeps the ticks of a kind the editor does not show (switched off, or a logo) and drops unknown positions', () => {
    const ticks = { [allowedKey('logo', 'left_chest')]: true, [allowedKey('old_kind', 'elbow')]: true };
    expect(allowedList(ticks)).toEqual([{ type: 'logo', sides: ['left_chest'] }]);
  });
});
