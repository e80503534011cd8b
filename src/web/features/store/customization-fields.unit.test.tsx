import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Product } from '@shared/cart-catalog';
import { CustomizationFields } from './customization-fields';
import { initialState, validate, type CustomizeState } from './customize-form';

const station = { key: 'station_patch', label: 'Station patch', takes_text: true };
const polo = {
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
  sizes: [{ label: 'M', upcharge: 0 }],
  size_chart: null,
  customizations: [
    { type: 'add_name', sides: ['left_side', 'right_side'] },
    { type: 'station_patch', sides: ['left_sleeve'] },
  ],
  colors: [],
} satisfies Product;

const typed = (text: string): CustomizeState => ({
  ...initialState(polo),
  added: { station_patch: { enabled: true, position: 'left_sleeve', text } },
});

const fields = (s: CustomizeState) =>
  renderToStaticMarkup(
    <CustomizationFields
      state={s}
      errors={{}}
      costs={{ station_patch: 500 }}
      onChange={() => {}}
      spellingOk={false}
      onSpellingOk={() => {}}
      allowed={polo.customizations}
      addedKinds={[station]}
    />,
  );

const CHARACTERS = 'The text can only contain letters, digits, spaces and - . # &amp; &#x27; /';

describe("a kind's text in the customiser", () => {
  it('takes a station or unit number, with no message under the field', () => {
    for (const text of ['Station 4', 'Unit #12', 'Search & Rescue', 'Engine 7/B', 'Peña-López Co.']) {
      const html = fields(typed(text));
      expect(html, text).not.toContain('role="alert"');
      expect(html).not.toContain('aria-invalid="true"');
      const checked = validate(polo, typed(text), [station]);
      expect(checked.ok && checked.customizations, text).toEqual([
        { type: 'station_patch', position: 'left_sleeve', text },
      ]);
    }
  });

  it('says what it takes as the customer types a character it cannot sew, before Add to cart', () => {
    const html = fields(typed('Station 4!'));
    expect(html).toContain(CHARACTERS);
    expect(html).toContain('aria-invalid="true"');
    const checked = validate(polo, typed('Station 4!'), [station]);
    expect(checked.ok ? null : checked.errors).toEqual({
      station_patch: "The text can only contain letters, digits, spaces and - . # & ' /",
    });
    expect(fields(typed('A'.repeat(31)))).toContain('The text can be at most 30 characters');
    // Nothing typed yet: the empty field asks at Add to cart, not while the box is still blank.
    expect(fields(typed(''))).not.toContain('role="alert"');
  });
});
