import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addCartItemSchema,
  CUSTOMIZATION_TYPES,
  customizationsSchema,
  mergeKey,
  POSITIONS,
  customizationsCost,
  priceLine,
  repriceCart,
  toObjectForm,
  type Customization,
  type CartItem,
} from './cart';

const nameArb = fc.stringMatching(/^[A-Za-z][A-Za-z .'-]{0,19}$/).filter((s) => s.trim().length > 0 && s.trim() === s);
/** A valid customisation set: a subset of types, flags on different sides. */
const setArb = fc
  .record({
    name: fc.option(fc.record({ position: fc.constantFrom(...POSITIONS), text: nameArb }), { nil: undefined }),
    us: fc.option(fc.constantFrom(...POSITIONS), { nil: undefined }),
    az: fc.boolean(),
  })
  .map(({ name, us, az }) => {
    const list: Customization[] = [];
    if (name) list.push({ type: 'add_name', position: name.position, text: name.text });
    if (us) list.push({ type: 'us_flag', position: us, text: null });
    if (az) list.push({ type: 'az_flag', position: us === 'left_side' ? 'right_side' : 'left_side', text: null });
    return list;
  });
const parse = (raw: unknown) => customizationsSchema.parse(raw);

describe('customisations and merging', () => {
  it('normalises any order of the same set to the same list and merge key', () => {
    fc.assert(
      fc.property(setArb, fc.nat(), fc.integer({ min: 1, max: 1000 }), (set, seed, productId) => {
        const shuffled = fc.sample(fc.shuffledSubarray(set, { minLength: set.length, maxLength: set.length }), {
          seed,
          numRuns: 1,
        })[0]!;
        const a = parse(set);
        const b = parse(shuffled);
        expect(b).toEqual(a);
        expect(mergeKey(productId, 'M', b)).toBe(mergeKey(productId, 'M', a));
        // The object form of docs/architecture.md#the-api lands on the same key too.
        expect(mergeKey(productId, 'M', parse(toObjectForm(shuffled)))).toBe(mergeKey(productId, 'M', a));
      }),
    );
  });

  it('never merges different sizes or different names', () => {
    fc.assert(
      fc.property(
        setArb,
        fc.constantFrom('S', 'M', 'L', '2XL'),
        fc.constantFrom('S', 'M', 'L', '2XL'),
        nameArb,
        nameArb,
        (set, s1, s2, n1, n2) => {
          const list = parse(set);
          if (s1 !== s2) expect(mergeKey(1, s1, list)).not.toBe(mergeKey(1, s2, list));
          const withName = (text: string) =>
            parse([...set.filter((c) => c.type !== 'add_name'), { type: 'add_name', position: 'left_side', text }]);
          if (n1 !== n2) expect(mergeKey(1, s1, withName(n1))).not.toBe(mergeKey(1, s1, withName(n2)));
        },
      ),
    );
  });

  it('never merges different sides or products', () => {
    const left = parse([{ type: 'us_flag', position: 'left_side' }]);
    const right = parse([{ type: 'us_flag', position: 'right_side' }]);
    expect(mergeKey(1, 'M', left)).not.toBe(mergeKey(1, 'M', right));
    expect(mergeKey(1, 'M', left)).not.toBe(mergeKey(2, 'M', left));
    expect(mergeKey(1, 'M', [])).not.toBe(mergeKey(1, 'M', left));
  });

  it('refuses both flags on one side, duplicates and unknown types', () => {
    for (const position of POSITIONS)
      expect(
        customizationsSchema.safeParse({ us_flag: { enabled: true, position }, az_flag: { enabled: true, position } })
          .success,
      ).toBe(false);
    expect(
      customizationsSchema.safeParse([
        { type: 'az_flag', position: 'left_side' },
        { type: 'az_flag', position: 'right_side' },
      ]).success,
    ).toBe(false);
    expect(customizationsSchema.safeParse({ patch: { enabled: true, position: 'left_side' } }).success).toBe(false);
    expect(parse(undefined)).toEqual([]);
    expect(CUSTOMIZATION_TYPES).toEqual(['add_name', 'us_flag', 'az_flag']);
  });

  it('looks at nothing else of a switched-off customisation', () => {
    expect(
      parse({
        add_name: { enabled: false },
        us_flag: { enabled: false },
        az_flag: { enabled: true, position: 'left_side' },
      }),
    ).toEqual([{ type: 'az_flag', position: 'left_side', text: null }]);
    expect(parse({ add_name: { enabled: false, position: 'nowhere', text: '!!' } })).toEqual([]);
    expect(
      parse([
        { type: 'us_flag', enabled: false },
        { type: 'add_name', enabled: false, text: 42 },
      ]),
    ).toEqual([]);
    // Both flags on one side is still refused once either is switched on again.
    expect(
      customizationsSchema.safeParse({
        us_flag: { enabled: true, position: 'left_side' },
        az_flag: { enabled: false, position: 'left_side' },
      }).success,
    ).toBe(true);
    expect(customizationsSchema.safeParse({ patch: { enabled: false } }).success).toBe(false);
  });

  it('trims the name and keeps the set small', () => {
    expect(parse({ add_name: { enabled: true, position: 'right_side', text: '  Lt. Ruiz ' } })).toEqual([
      { type: 'add_name', position: 'right_side', text: 'Lt. Ruiz' },
    ]);
  });
});

describe('pricing', () => {
  const lineArb = fc.record({
    basePriceCents: fc.integer({ min: 0, max: 50_000 }),
    sizeUpchargeCents: fc.integer({ min: 0, max: 1000 }),
    kinds: fc.subarray([...CUSTOMIZATION_TYPES]),
    costs: fc.record({
      add_name: fc.integer({ min: 0, max: 5000 }),
      us_flag: fc.integer({ min: 0, max: 5000 }),
      az_flag: fc.integer({ min: 0, max: 5000 }),
    }),
    quantity: fc.integer({ min: 1, max: 99 }),
  });
  it('a line is its unit prices times its quantity, in cents', () => {
    fc.assert(
      fc.property(lineArb, (input) => {
        const line = priceLine({
          ...input,
          unitCustomizationCents: customizationsCost(
            input.kinds.map((type) => ({ type })),
            input.costs,
          ),
        });
        expect(line.unitBaseCents).toBe(input.basePriceCents + input.sizeUpchargeCents);
        // Each kind at its own price: a name and a patch may cost differently.
        expect(line.unitCustomizationCents).toBe(input.kinds.reduce((n, k) => n + input.costs[k], 0));
        expect(line.totalCents).toBe((line.unitBaseCents + line.unitCustomizationCents) * input.quantity);
        expect(Number.isInteger(line.totalCents)).toBe(true);
      }),
    );
  });

  it('prices a line from product and settings inputs only', () => {
    expect(
      priceLine({
        basePriceCents: 3200,
        sizeUpchargeCents: 200,
        unitCustomizationCents: customizationsCost([{ type: 'add_name' }, { type: 'us_flag' }], {
          add_name: 700,
          us_flag: 500,
          az_flag: 900,
        }),
        quantity: 3,
      }),
    ).toEqual({
      unitBaseCents: 3400,
      unitCustomizationCents: 1200,
      quantity: 3,
      totalCents: 13800,
    });
  });

  it('drops every price field a client sends with an item', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true }), fc.double({ noNaN: true }), (price, total) => {
        const parsed = addCartItemSchema.parse({
          product_id: 3,
          size: 'M',
          quantity: 2,
          price,
          unit_base_price: price,
          total_price: total,
          customizations: [{ type: 'us_flag', position: 'left_side', cost: price, price }],
        });
        expect(parsed).toEqual({
          product_id: 3,
          size: 'M',
          quantity: 2,
          customizations: [{ type: 'us_flag', position: 'left_side', text: null }],
        });
      }),
    );
  });

  it('re-prices the lines of a locally changed cart and leaves tax and total to the server', () => {
    const item = (id: number, base: number, custom: number, quantity: number): CartItem => ({
      id,
      product_id: id,
      product_name: 'x',
      product_slug: 'x',
      size: 'M',
      unit_base_price: base,
      unit_customization_price: custom,
      total_price: 0,
      quantity,
      product_is_multi_image: false,
      product_image_base: '/x',
      product_available: true,
      unavailable_reason: null,
      needs_fix: null,
      price_changed: false,
      previous_unit_price: null,
      customizations: [],
    });
    const previous = {
      items: [],
      item_count: 0,
      subtotal: 0,
      adjustments: [{ kind: 'tax' as const, label: 'Tax (7.8%)', amount: 0 }],
      tax_rate: 0.078,
      tax_amount: 0,
      total: 0,
      break_hints: [],
    };
    const cart = repriceCart([item(1, 32, 12, 2), item(2, 18.5, 0, 1)], previous);
    expect(cart).toMatchObject({
      item_count: 3,
      subtotal: 106.5,
      repricing: true,
      adjustments: previous.adjustments,
      total: 0,
    });
    expect(cart.items.map((i) => i.total_price)).toEqual([88, 18.5]);
    // Cents never drift through dollars: 0.1 + 0.2 per unit, many units.
    expect(repriceCart([item(3, 0.1, 0.2, 99)], previous).subtotal).toBe(29.7);
  });
});
