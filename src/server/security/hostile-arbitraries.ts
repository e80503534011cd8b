import fc from 'fast-check';

// Generators for hostile input. Kept free of the leak markers the tests look for (no "select ", "insert into",
// "violates"), so a marker in an answer is the server's own text, not an echo of ours.

const control = fc.string({
  unit: fc.integer({ min: 0, max: 31 }).map((c) => String.fromCharCode(c)),
  minLength: 1,
  maxLength: 20,
});
const nasty = fc.constantFrom(
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '1; DELETE FROM orders',
  '%',
  '_',
  '\\',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uFEFF',
  '\u202Eevil',
  'Z̷̡̛a̸l̶g̴o̷',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 🧵🪡',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '${7*7}{{7*7}}',
  'null',
  'undefined',
  'NaN',
  '-1',
  '0',
  '1e309',
  '__proto__',
  'constructor',
  'left_side',
  'pickup',
  'admin',
);

export const hostileString = () =>
  fc.oneof(
    { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
    { weight: 3, arbitrary: nasty },
    { weight: 2, arbitrary: control },
    { weight: 1, arbitrary: fc.string({ minLength: 1000, maxLength: 5000 }) },
    { weight: 1, arbitrary: fc.integer({ min: 10_000, max: 60_000 }).map((n) => 'A'.repeat(n)) },
  );

export const hostileNumber = () =>
  fc.oneof(
    fc.integer(),
    fc.double({ noNaN: true }),
    fc.constantFrom(
      -1,
      -99,
      0,
      1.5,
      99.999,
      100,
      2 ** 31,
      2 ** 31 - 1,
      -(2 ** 31) - 1,
      2 ** 53,
      2 ** 63,
      1e21,
      1e308,
      -1e308,
      Number.MIN_VALUE,
    ),
  );

const hostileKey = (known: string[]) =>
  fc.oneof(
    { weight: 4, arbitrary: known.length ? fc.constantFrom(...known) : fc.constant('id') },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '__proto__',
        'constructor',
        'prototype',
        'toString',
        'hasOwnProperty',
        'role',
        'is_active',
        'price',
        'total',
      ),
    },
    { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
  );

const { value } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString(),
    hostileNumber(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 5 }),
    fc.dictionary(hostileKey([]), tie('value'), { maxKeys: 5 }),
  ),
}));

/** A JSON body aimed at the route's own fields (each with a hostile value), or raw text that is barely JSON. */
export const hostileBody = (known: string[]) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.dictionary(hostileKey(known), value, { maxKeys: 8 }).map((o) => JSON.stringify(o)) },
    { weight: 2, arbitrary: value.map((v) => JSON.stringify(v) ?? 'null') },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}',
        '{"quantity":1e400,"product_id":-1e400}',
        '{"id":123456789012345678901234567890}',
        '[',
        '{"a":',
        '"just a string"',
        '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]',
        `{"deep":${'{"a":'.repeat(500)}1${'}'.repeat(500)}}`,
        '',
        ' ',
        'null',
        'true',
        '\u0000',
        '{"x":"\\u0000"}',
        '{"x":"\\ud800"}',
      ),
    },
  );

/** A path parameter: ids out of every range, signs, exponents, text, traversal, control characters. */
export const hostileParam = () =>
  fc.oneof(
    fc.constantFrom(
      '0',
      '-1',
      '1.5',
      '1e3',
      '2147483648',
      '9223372036854775808',
      '99999999999999999999',
      'NaN',
      'Infinity',
      ' 1',
      '0x10',
      '999999',
    ),
    fc.integer().map(String),
    hostileString().map((s) => s.slice(0, 300)),
  );

export const hostileQuery = (known: string[]) =>
  fc
    .dictionary(
      hostileKey(known),
      fc.oneof(
        hostileString().map((s) => s.slice(0, 2000)),
        hostileNumber().map(String),
      ),
      { maxKeys: 5 },
    )
    .map((o) => new URLSearchParams(o as Record<string, string>).toString());
