import { describe, expect, it } from 'vitest';
import { NAME_TEXT_MAX } from '@shared/cart-basics';
import {
  estimateWidthPerUnit,
  fitFontSize,
  placementBox,
  PREVIEW_UNITS,
  shapeFor,
  threadColour,
  type Box,
} from './placement';

const MIDDLE = PREVIEW_UNITS / 2;
const inside = (b: Box) =>
  b.cx - b.w / 2 >= 0 && b.cx + b.w / 2 <= PREVIEW_UNITS && b.cy - b.h / 2 >= 0 && b.cy + b.h / 2 <= PREVIEW_UNITS;

describe('where the preview draws each customisation', () => {
  it('maps categories to garment shapes', () => {
    expect(['shirts', 'polos', 'outerwear', 'anything-new'].map(shapeFor)).toEqual(['top', 'top', 'top', 'top']);
    expect(shapeFor('pants')).toBe('pants');
    expect(shapeFor('headwear')).toBe('cap');
  });

  it("seen from the front, the wearer's left is on the viewer's right, for the name and both patches", () => {
    for (const category of ['polos', 'pants', 'headwear']) {
      for (const type of ['add_name', 'us_flag', 'az_flag'] as const) {
        const left = placementBox(category, type, 'left_side', 'front')!;
        const right = placementBox(category, type, 'right_side', 'front')!;
        expect(left.cx).toBeGreaterThan(MIDDLE);
        expect(right.cx).toBeLessThan(MIDDLE);
        // Mirror images: the same height, size and opposite turn.
        expect(left.cx + right.cx).toBe(PREVIEW_UNITS);
        expect([left.cy, left.w, left.h, left.rotate]).toEqual([right.cy, right.w, right.h, -right.rotate]);
        expect(inside(left) && inside(right)).toBe(true);
      }
    }
  });

  it('the name is on the chest, between the middle and the sleeve patch of the same side', () => {
    const name = placementBox('polos', 'add_name', 'left_side', 'front')!;
    const patch = placementBox('polos', 'us_flag', 'left_side', 'front')!;
    expect(name.cx).toBeGreaterThan(MIDDLE);
    expect(patch.cx).toBeGreaterThan(name.cx + name.w / 2);
  });

  it("from the back the wearer's left is on the viewer's left, and the name (on the chest) is not drawn", () => {
    expect(placementBox('outerwear', 'add_name', 'left_side', 'back')).toBeNull();
    const front = placementBox('outerwear', 'az_flag', 'left_side', 'front')!;
    const back = placementBox('outerwear', 'az_flag', 'left_side', 'back')!;
    expect(back.cx).toBeLessThan(MIDDLE);
    expect(back.cx).toBe(PREVIEW_UNITS - front.cx);
    expect(placementBox('outerwear', 'us_flag', 'right_side', 'back')!.cx).toBeGreaterThan(MIDDLE);
  });
});

describe('fitting the name to its box', () => {
  const box = { w: 150, h: 46 };
  const usable = 150 * (1 - 2 * 0.06);

  it('a short name is as large as the box height allows', () => {
    expect(fitFontSize(estimateWidthPerUnit('Li'), box)).toBeCloseTo(46 * 0.62);
  });

  it('a long name shrinks until its whole width fits, never beyond the box', () => {
    const long = 'Maximiliano De La Rosa'.slice(0, NAME_TEXT_MAX);
    const perUnit = estimateWidthPerUnit(long);
    const size = fitFontSize(perUnit, box);
    expect(size).toBeLessThan(46 * 0.62);
    expect(size * perUnit).toBeCloseTo(usable);
    expect(size * perUnit).toBeLessThanOrEqual(box.w);
  });

  it('fits any measured width exactly and gets smaller as the text gets wider', () => {
    const sizes = [1, 5, 10, 20, 40].map((perUnit) => fitFontSize(perUnit, box));
    for (const [i, perUnit] of [1, 5, 10, 20, 40].entries())
      expect(sizes[i]! * perUnit).toBeLessThanOrEqual(usable + 1e-9);
    expect([...sizes].sort((a, b) => b - a)).toEqual(sizes);
    expect(sizes[4]).toBeLessThan(sizes[2]!);
  });

  it('an unmeasurable width falls back to the height', () => {
    expect(fitFontSize(0, box)).toBeCloseTo(46 * 0.62);
    expect(fitFontSize(Number.NaN, box)).toBeCloseTo(46 * 0.62);
  });

  it('estimates grow with the number of characters (a surrogate pair is one)', () => {
    expect(estimateWidthPerUnit('')).toBe(estimateWidthPerUnit('A'));
    expect(estimateWidthPerUnit('ABCD')).toBeCloseTo(4 * estimateWidthPerUnit('A'));
    expect(estimateWidthPerUnit('Zoë 😀')).toBeCloseTo(5 * estimateWidthPerUnit('A'));
  });
});

describe('thread colour', () => {
  it('is light on navy and black, dark on khaki and heather gray', () => {
    expect(threadColour('#1f2a44')).toBe('#f5f5f4');
    expect(threadColour('#1b1b1d')).toBe('#f5f5f4');
    expect(threadColour('#a3202a')).toBe('#f5f5f4');
    expect(threadColour('#b59f78')).toBe('#1b1b1d');
    expect(threadColour('#8a8d91')).toBe('#1b1b1d');
    expect(threadColour('not a colour')).toBe('#f5f5f4');
  });
});
