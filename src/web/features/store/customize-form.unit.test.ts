import { describe, expect, it } from 'vitest';
import type { Product } from '@shared/cart-catalog';
import {
  addedChoice,
  addedKindsOf,
  initialState,
  previewList,
  requestBody,
  stateFromLine,
  validate,
} from './customize-form';
import { inchesText } from './size-chart';

const product = (labels: string[]): Product => ({
  id: 1,
  name: 'Duty Polo - Navy',
  base_name: 'Duty Polo',
  slug: 'duty-polo-navy',
  category: 'polos',
  quantity_breaks: [],
  description: '',
  price: 32,
  base_price: 32,
  is_multi_image: false,
  image_base: '/images/media/none',
  color: 'Navy',
  color_hex: '#1f2a44',
  sizes: labels.map((label) => ({ label, upcharge: 0 })),
  size_chart: null,
  customizations: [],
  colors: [],
});

describe('the size the customise dialog starts with', () => {
  it('is none for a garment of several sizes, so adding asks for one', () => {
    const s = initialState(product(['S', 'M', 'L']));
    expect(s.size).toBe('');
    const checked = validate(product(['S', 'M', 'L']), s);
    expect(checked.ok ? null : checked.errors.size).toBe('Choose a size');
  });

  it("is the customer's own earlier size, or the only size there is", () => {
    expect(initialState(product(['S', 'M', 'L']), 'L').size).toBe('L');
    expect(initialState(product(['One size']), undefined).size).toBe('One size');
  });
});

describe('inches as a tape reads them', () => {
  it('writes quarters as fractions', () => {
    expect([40, 32.25, 32.5, 23.75].map(inchesText)).toEqual(['40', '32¼', '32½', '23¾']);
  });
});

describe('a kind an admin added, in the customiser', () => {
  const patch = { key: 'dept_patch', label: 'Department patch', takes_text: true };
  const flat = { key: 'star_patch', label: 'Star patch', takes_text: false };
  const polo: Product = {
    ...product(['M']),
    customizations: [
      { type: 'add_name', sides: ['left_side', 'right_side'] },
      { type: 'dept_patch', sides: ['left_sleeve', 'right_sleeve'] },
    ],
  };

  it('is offered only when the garment takes it, in the shop’s order of kinds', () => {
    expect(addedKindsOf(polo, [flat, patch, { key: 'us_flag', label: 'US flag patch', takes_text: false }])).toEqual([
      patch,
    ]);
  });

  it('starts switched off on the first position the garment takes it on', () => {
    expect(addedChoice(polo, initialState(polo), 'dept_patch')).toEqual({
      enabled: false,
      position: 'left_sleeve',
      text: '',
    });
  });

  it('goes in customizations.decorations with its text, and SPEC’s body is as before without it', () => {
    const s = initialState(polo);
    expect(requestBody(polo, s).customizations).not.toHaveProperty('decorations');
    s.added.dept_patch = { enabled: true, position: 'right_sleeve', text: 'Fire Dept' };
    expect(requestBody(polo, s).customizations.decorations).toEqual([
      { kind: 'dept_patch', position: 'right_sleeve', text: 'Fire Dept' },
    ]);
    const checked = validate(polo, s, [patch]);
    expect(checked.ok && checked.customizations).toEqual([
      { type: 'dept_patch', position: 'right_sleeve', text: 'Fire Dept' },
    ]);
    expect(previewList(s)).toEqual([{ type: 'dept_patch', position: 'right_sleeve', text: 'Fire Dept' }]);
  });

  it('asks for the text of a kind that takes one, under its own field', () => {
    const s = initialState(polo);
    s.added.dept_patch = { enabled: true, position: 'left_sleeve', text: '  ' };
    const checked = validate(polo, s, [patch]);
    expect(checked.ok ? null : checked.errors).toEqual({ dept_patch: 'Enter the text for the department patch' });
  });

  it('puts a text the schema refuses under the kind, and a switched-off kind is no decoration', () => {
    const s = initialState(polo);
    s.added.dept_patch = { enabled: true, position: 'left_sleeve', text: 'A'.repeat(40) };
    const checked = validate(polo, s, [patch]);
    expect(checked.ok ? null : Object.keys(checked.errors)).toEqual(['dept_patch']);
    s.added.dept_patch = { enabled: false, position: 'left_sleeve', text: '' };
    const off = validate(polo, s, [patch]);
    expect(off.ok && off.customizations).toEqual([]);
  });

  it('is filled back from a cart line being edited', () => {
    const s = stateFromLine('M', 2, [{ type: 'dept_patch', position: 'right_sleeve', text: 'EMS' }], polo);
    expect(s.added.dept_patch).toEqual({ enabled: true, position: 'right_sleeve', text: 'EMS' });
    expect(s.add_name.enabled).toBe(false);
  });
});
