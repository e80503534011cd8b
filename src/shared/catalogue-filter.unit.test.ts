import { describe, expect, it } from 'vitest';
import type { Product } from './cart-catalog';
import {
  colourKey,
  colourOptions,
  decorationOptions,
  decorationWords,
  fromPrice,
  filterGarments,
  filterParams,
  isFiltered,
  NO_FILTER,
  readFilter,
} from './catalogue-filter';
import { groupByBase } from './store-cards';

let nextId = 1;
function product(base: string, color: string, over: Partial<Product> = {}): Product {
  const id = nextId++;
  return {
    id,
    name: `${base} - ${color}`,
    base_name: base,
    slug: `${colourKey(base)}-${colourKey(color)}`,
    category: 'shirts',
    description: 'Breathable cotton',
    price: 20,
    base_price: 20,
    is_multi_image: false,
    image_base: `img-${id}`,
    color,
    color_hex: '#000000',
    sizes: [{ label: 'M', upcharge: 0 }],
    customizations: [
      { type: 'add_name', sides: ['left_side', 'right_side'] },
      { type: 'us_flag', sides: ['left_side', 'right_side'] },
      { type: 'az_flag', sides: ['left_side', 'right_side'] },
    ],
    colors: [],
    size_chart: null,
    quantity_breaks: [],
    ...over,
  };
}

const catalogue = groupByBase([
  product('Station T-Shirt', 'Navy'),
  product('Station T-Shirt', 'Heather Gray'),
  product('Duty Pants', 'Black', {
    category: 'pants',
    customizations: [{ type: 'add_name', sides: ['left_leg'] }],
  }),
  product('Ball Cap', 'Fire Red', { category: 'headwear', customizations: [{ type: 'add_name', sides: ['front'] }] }),
]);
const names = (f: Partial<typeof NO_FILTER>) =>
  filterGarments(catalogue, { ...NO_FILTER, ...f }).map((s) => `${s.match.base_name}/${s.match.color}`);

describe('filterGarments', () => {
  it('keeps every garment with no filter, each in its first colour', () => {
    expect(names({})).toEqual(['Station T-Shirt/Navy', 'Duty Pants/Black', 'Ball Cap/Fire Red']);
  });

  it('finds by every word of the name, category or colour, in any case', () => {
    expect(names({ q: 'station' })).toEqual(['Station T-Shirt/Navy']);
    expect(names({ q: 'CAP red' })).toEqual(['Ball Cap/Fire Red']);
    expect(names({ q: 'headwear' })).toEqual(['Ball Cap/Fire Red']);
    expect(names({ q: 'station pants' })).toEqual([]);
  });

  it('keeps a colour and shows the garment in it', () => {
    expect(names({ colour: 'heather-gray' })).toEqual(['Station T-Shirt/Heather Gray']);
  });

  it('keeps a category and a decoration', () => {
    expect(names({ category: 'pants' })).toEqual(['Duty Pants/Black']);
    expect(names({ decoration: 'us-flag' })).toEqual(['Station T-Shirt/Navy']);
    expect(names({ decoration: 'name', category: 'headwear' })).toEqual(['Ball Cap/Fire Red']);
  });
});

describe('the URL query', () => {
  it('reads the filter and ignores an unknown decoration', () => {
    expect(readFilter(new URLSearchParams('q=polo&category=polos&colour=navy&decoration=az-flag'))).toEqual({
      q: 'polo',
      category: 'polos',
      colour: 'navy',
      decoration: 'az-flag',
    });
    expect(readFilter(new URLSearchParams('decoration=sequins')).decoration).toBe('');
  });

  it('knows a kind an admin added by its key, and keeps the garments that take it', () => {
    const kinds = [{ key: 'dept_patch', label: 'Department patch' }];
    expect(readFilter(new URLSearchParams('decoration=dept_patch'), kinds).decoration).toBe('dept_patch');
    expect(readFilter(new URLSearchParams('decoration=us_flag'), kinds).decoration).toBe('');
    expect(decorationOptions(kinds).map((o) => o.label)).toEqual([
      'Embroidered name',
      'US flag patch',
      'Arizona flag patch',
      'Department patch',
    ]);
    expect(decorationWords({ customizations: [{ type: 'dept_patch', sides: ['left_sleeve'] }] }, kinds)).toEqual([
      { label: 'Department patch', where: 'left sleeve' },
    ]);
  });

  it('writes only the fields in use and keeps other parameters', () => {
    const params = filterParams({ ...NO_FILTER, colour: 'navy' }, new URLSearchParams('product=x&q=old'));
    expect(params.toString()).toBe('product=x&colour=navy');
    expect(isFiltered(NO_FILTER)).toBe(false);
    expect(isFiltered({ ...NO_FILTER, q: 'cap' })).toBe(true);
  });

  it('lists each colour once', () => {
    expect(colourOptions(catalogue.flat()).map((c) => c.key)).toEqual(['navy', 'heather-gray', 'black', 'fire-red']);
  });
});

describe('decorationWords and fromPrice', () => {
  it('words each decoration with where it goes', () => {
    const [tee, pants, cap] = catalogue.map((g) => g[0]!);
    expect(decorationWords(tee!)).toEqual([
      { label: 'Embroidered name', where: 'left or right side' },
      { label: 'US flag patch', where: 'left or right side' },
      { label: 'Arizona flag patch', where: 'left or right side' },
    ]);
    expect(decorationWords(pants!)).toEqual([{ label: 'Embroidered name', where: 'left leg' }]);
    expect(decorationWords(cap!)).toEqual([{ label: 'Embroidered name', where: 'front' }]);
  });

  it('starts from the lowest colour price', () => {
    expect(fromPrice([{ price: 32 }, { price: 28.5 }, { price: 30 }])).toBe(28.5);
  });
});
