import { describe, expect, it } from 'vitest';
import type { Product } from '@shared/cart-catalog';
import { initialState, validate } from './customize-form';
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
