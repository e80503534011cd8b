import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  answersSearch,
  searchTerms,
  searchWords,
  SEED_SYNONYMS,
  synonymGroupSchema,
  withinOneEdit,
} from './search-words';

// The seeded garments as the store's search reads them: name, category label, colours.
const GARMENTS = {
  tee: 'Station T-Shirt Shirts Navy Black',
  longTee: 'Long-Sleeve Station Tee Shirts Heather Gray',
  polo: 'Duty Polo Polos Navy',
  jobShirt: 'Quarter-Zip Job Shirt Shirts Khaki',
  pants: 'EMS Cargo Pants Pants Navy',
  jacket: 'Softshell Jacket Outerwear Black',
  hoodie: 'Pullover Hoodie Outerwear Fire Red',
  cap: 'Structured Ball Cap Headwear Navy',
};
type Key = keyof typeof GARMENTS;
const find = (q: string, groups = SEED_SYNONYMS): Key[] =>
  (Object.keys(GARMENTS) as Key[]).filter((k) =>
    answersSearch(GARMENTS[k], searchTerms(q, groups, Object.values(GARMENTS))),
  );

describe('search in the trade’s words', () => {
  it.each<[string, Key[]]>([
    ['hat', ['cap']],
    ['hats', ['cap']],
    ['cap', ['cap']],
    ['tshirt', ['tee', 'longTee']],
    ['tee', ['tee', 'longTee']],
    ['t-shirt', ['tee', 'longTee']],
    ['T shirt navy', ['tee']],
    ['jacket', ['jacket', 'hoodie']],
    ['jakcet', ['jacket', 'hoodie']],
    ['jackets', ['jacket', 'hoodie']],
    ['coat', ['jacket', 'hoodie']],
    ['work shirt', ['jobShirt']],
    ['sweatshirt', ['hoodie']],
    ['polo', ['polo']],
    ['navy', ['tee', 'polo', 'pants', 'cap']],
    ['long sleeve', ['longTee']],
  ])('"%s" finds %j', (q, expected) => {
    expect(find(q)).toEqual(expected);
  });

  it('does not forgive two typos, nor one in a word under four letters', () => {
    expect(find('jakcat')).toEqual([]);
    expect(find('jcakte')).toEqual([]);
    expect(find('hta')).toEqual([]);
    expect(find('cpa')).toEqual([]);
  });

  it('without synonyms only the garments’ own words are found', () => {
    expect(find('hat', [])).toEqual([]);
    expect(find('cap', [])).toEqual(['cap']);
    expect(find('tshirt', [])).toEqual(['tee']);
  });

  it('a group staff add is used at once', () => {
    expect(find('beanie')).toEqual([]);
    expect(find('beanie', [...SEED_SYNONYMS, ['beanie', 'headwear']])).toEqual(['cap']);
  });

  it('reads words without case, accents or inner hyphens', () => {
    expect(searchWords('  Camiseta  T-Shirt, Peña’s ')).toEqual(['camiseta', 'tshirt', 'penas']);
  });

  it('one edit is a letter wrong, missing, extra, or two neighbours swapped', () => {
    for (const [a, b] of [
      ['jacket', 'jacket'],
      ['jacket', 'jackt'],
      ['jacket', 'jackets'],
      ['jacket', 'jakcet'],
      ['jacket', 'packet'],
    ])
      expect(withinOneEdit(a!, b!), `${a} ${b}`).toBe(true);
    for (const [a, b] of [
      ['jacket', 'jakcte'],
      ['jacket', 'jack'],
      ['jacket', 'pakcet'],
    ])
      expect(withinOneEdit(a!, b!), `${a} ${b}`).toBe(false);
  });

  it('one edit is symmetric, and any single deletion, insertion, substitution or swap is within it', () => {
    const word = fc.stringMatching(/^[a-z]{2,10}$/);
    fc.assert(
      fc.property(word, word, (a, b) => withinOneEdit(a, b) === withinOneEdit(b, a)),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(word, fc.nat(), fc.constantFrom(...'abcxyz'), (w, n, c) => {
        const i = n % w.length;
        const swapped = i + 1 < w.length ? w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2) : w;
        return [
          w.slice(0, i) + w.slice(i + 1),
          w.slice(0, i) + c + w.slice(i),
          w.slice(0, i) + c + w.slice(i + 1),
          swapped,
        ].every((v) => withinOneEdit(w, v));
      }),
      { numRuns: 500 },
    );
  });

  it('staff groups: two words at least, plain words only, none twice', () => {
    expect(synonymGroupSchema.safeParse({ words: ['beanie', 'knit cap'] }).success).toBe(true);
    expect(synonymGroupSchema.safeParse({ words: ['beanie'] }).success).toBe(false);
    expect(synonymGroupSchema.safeParse({ words: ['beanie', '<script>'] }).success).toBe(false);
    expect(synonymGroupSchema.safeParse({ words: ['T-shirt', 'tshirt'] }).success).toBe(false);
  });
});
