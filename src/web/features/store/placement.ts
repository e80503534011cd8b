import type { CustomizationType, Position } from '@shared/cart-basics';

// Where the preview draws each customisation on the product image (a square, in 1000 units, the frame the garment
// images are drawn in: scripts/images/templates). The name goes on the chest, the flag patches on the upper
// sleeves; pants take them on the hip and thigh, caps on the front and side panels. The spots are given for the
// wearer's right side; the wearer's left is their mirror image.
export const PREVIEW_UNITS = 1000;

export type View = 'front' | 'back';
export type Shape = 'top' | 'pants' | 'cap';
/** A rectangle centred on (cx, cy), turned by `rotate` degrees. */
export type Box = { cx: number; cy: number; w: number; h: number; rotate: number };

export const shapeFor = (category: string): Shape =>
  category === 'pants' ? 'pants' : category === 'headwear' ? 'cap' : 'top';

/** The wearer's right side as seen from the front, i.e. on the viewer's left. */
const WEARERS_RIGHT: Record<Shape, Record<'name' | 'patch', Box>> = {
  top: {
    name: { cx: 392, cy: 352, w: 150, h: 46, rotate: 0 },
    patch: { cx: 250, cy: 324, w: 62, h: 42, rotate: 24 },
  },
  pants: {
    name: { cx: 412, cy: 240, w: 140, h: 40, rotate: 0 },
    patch: { cx: 371, cy: 392, w: 62, h: 42, rotate: 0 },
  },
  cap: {
    name: { cx: 408, cy: 400, w: 150, h: 44, rotate: 0 },
    patch: { cx: 276, cy: 412, w: 56, h: 38, rotate: -12 },
  },
};

const mirror = (b: Box): Box => ({ ...b, cx: PREVIEW_UNITS - b.cx, rotate: -b.rotate });

/**
 * Where a customisation shows in a view, or null when that view cannot show it (the name is on the chest, so the
 * back view has none). From the front the wearer's left is on the viewer's right; from the back it is on the left.
 */
export function placementBox(category: string, type: CustomizationType, position: Position, view: View): Box | null {
  if (type === 'add_name' && view === 'back') return null;
  const spot = WEARERS_RIGHT[shapeFor(category)][type === 'add_name' ? 'name' : 'patch'];
  // The front of a cap is its middle panel: centred, upright.
  if (position === 'front') return view === 'front' ? { ...spot, cx: PREVIEW_UNITS / 2, rotate: 0 } : null;
  const wearersLeft = position === 'left_side' || position === 'left_leg';
  const onViewersRight = wearersLeft === (view === 'front');
  return onViewersRight ? mirror(spot) : spot;
}

/** Width of a line of bold sans-serif text per unit of font size, when the browser cannot measure it. */
export const estimateWidthPerUnit = (text: string) => Math.max(1, [...text].length) * 0.64;

/**
 * The font size that fits the whole text inside the box on one line: as large as the box's height allows, smaller
 * when the text is long. Never cut: the text's width at that size is at most the box's width less its padding.
 * `widthPerUnit` is the text's width at font size 1 (measured by the browser, or estimated).
 */
export function fitFontSize(widthPerUnit: number, box: { w: number; h: number }, padding = 0.06): number {
  const usable = box.w * (1 - 2 * padding);
  const byHeight = box.h * 0.62;
  if (!(widthPerUnit > 0)) return byHeight;
  return Math.min(byHeight, usable / widthPerUnit);
}

/** Embroidery thread that reads on the garment: light thread on dark cloth, dark thread on light cloth. */
export function threadColour(hex: string): string {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) return '#f5f5f4';
  const [r, g, b] = m.slice(1).map((c) => parseInt(c, 16) / 255) as [number, number, number];
  const lin = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  const luminance = 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  return luminance > 0.18 ? '#1b1b1d' : '#f5f5f4';
}

/**
 * Where a logo shows in a view, or null when that view cannot show it: on the chest for the left or right side (as a
 * name is), across the back, on a sleeve, the middle of a cap's front, or a leg's hip.
 */
export function logoBox(category: string, position: Position, view: View): Box | null {
  const shape = shapeFor(category);
  if (position === 'back')
    return view === 'back' && shape === 'top' ? { cx: 500, cy: 400, w: 260, h: 200, rotate: 0 } : null;
  if (position === 'left_sleeve' || position === 'right_sleeve')
    return placementBox(category, 'us_flag', position === 'left_sleeve' ? 'left_side' : 'right_side', view);
  const chest = placementBox(
    category,
    'add_name',
    position === 'left_chest' ? 'left_side' : position === 'right_chest' ? 'right_side' : position,
    view,
  );
  if (!chest) return null;
  const side = Math.min(chest.w, 130);
  return { ...chest, w: side, h: side * 0.8 };
}
