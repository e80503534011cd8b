import { describe, expect, it } from 'vitest';
import { customizationsSchema } from '../../shared/cart';
import { DEFAULT_LOGO_PRICES } from '../../shared/logos';
import { digitisingAdjustments, stitchCents } from './logos';

describe('stitchCents', () => {
  it.each([
    [1, 450],
    [5000, 450],
    [5001, 600],
    [8000, 600],
    [12000, 800],
    [12001, 860],
    [13200, 920],
    [20000, 1280],
  ])('%i stitches cost %i cents a piece', (stitches, cents) => {
    expect(stitchCents(DEFAULT_LOGO_PRICES, stitches)).toBe(cents);
  });
});

describe('digitisingAdjustments', () => {
  const logo = (artwork_id: number, digitising_cents: number, position = 'left_side') => ({
    kind: 'logo',
    label: `Logo: Art ${artwork_id}`,
    position,
    text: null,
    unit_cents: 600,
    artwork_id,
    digitising_cents,
  });
  it('charges each artwork once however many lines and positions carry it, and none already charged', () => {
    const lines = [
      { decorations: [logo(7, 3500), logo(7, 3500, 'right_side')] },
      { decorations: [logo(7, 3500), logo(3, 0)] },
      { decorations: [logo(2, 3500)] },
    ];
    expect(digitisingAdjustments(lines)).toEqual([
      { kind: 'digitising_fee', label: 'Digitising: Art 2', amountCents: 3500, artworkId: 2 },
      { kind: 'digitising_fee', label: 'Digitising: Art 7', amountCents: 3500, artworkId: 7 },
    ]);
  });
});

describe('customizationsSchema with logos', () => {
  it('takes logos in the object and array forms, one per position', () => {
    const object = customizationsSchema.parse({ logos: [{ artwork_id: 4, position: 'left_side' }] });
    const array = customizationsSchema.parse([{ type: 'logo', position: 'left_side', artwork_id: 4 }]);
    expect(object).toEqual([{ type: 'logo', position: 'left_side', text: null, artwork_id: 4 }]);
    expect(array).toEqual(object);
    const twice = customizationsSchema.safeParse({
      logos: [
        { artwork_id: 4, position: 'left_side' },
        { artwork_id: 5, position: 'left_side' },
      ],
    });
    expect(twice.success).toBe(false);
    expect(twice.error?.issues[0]?.message).toBe('Each position takes one logo');
    expect(customizationsSchema.safeParse({ logos: [{ artwork_id: 'x', position: 'left_side' }] }).success).toBe(false);
  });
});
