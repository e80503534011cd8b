import { z } from 'zod';

// The store's search in a shopper's words (docs/product.md#search-in-the-trades-words): synonyms the shop keeps as
// data ("hat" finds caps) and a typo of one letter forgiven on words of four letters or more. One rule, here, used
// by the store as it filters the catalogue it already holds.

/** A group of words or phrases that mean the same garment to a shopper; each finds what the others find. */
export type SynonymGroup = string[];

/** Words as compared: lower case, accents off, a hyphen or apostrophe inside a word dropped ("T-Shirt" is "tshirt"). */
export function searchWords(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/(?<=\p{L}|\p{N})['’-](?=\p{L}|\p{N})/gu, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** The shortest typed word a typo is forgiven in: shorter ones ("cap", "tee") are too close to others. */
export const TYPO_MIN_LETTERS = 4;

/**
 * Whether two words differ by at most one edit: a letter wrong, missing or extra, or two neighbours swapped
 * ("jakcet" is "jacket").
 */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const restA = a.slice(i + 1);
  const restB = b.slice(i + 1);
  if (a.length === b.length)
    return restA === restB || (a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2));
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** A typed word of four letters or more is forgiven one edit ("jackets" finds "jacket", "caps" finds "cap"). */
const typoOf = (typed: string, word: string) => typed.length >= TYPO_MIN_LETTERS && withinOneEdit(typed, word);

/** One typed word and whether a typo in it is forgiven: only in a word the catalogue and the synonyms do not know. */
type Typed = { word: string; loose: boolean };
/** A term of the search: what was typed and, when it names a synonym, every phrase of its group (taken exactly). */
type Term = { typed: Typed[]; phrases: string[][] };

const sameWord = (t: Typed, word: string) => t.word === word || (t.loose && typoOf(t.word, word));

/**
 * The search read into terms, longest synonym phrase first ("work shirt" before "shirt"). `known`: the texts of
 * every garment searched (names, categories, colours), so a word found in them is never taken for a typo.
 */
export function searchTerms(q: string, groups: SynonymGroup[], known: string[]): Term[] {
  const phrases = groups
    .flatMap((g) => g.map((p) => ({ words: searchWords(p), group: g })))
    .filter((p) => p.words.length > 0)
    .sort((a, b) => b.words.length - a.words.length);
  const vocabulary = new Set([...phrases.flatMap((p) => p.words), ...known.flatMap(searchWords)]);
  const typed = searchWords(q).map((word) => ({
    word,
    loose: ![...vocabulary].some((v) => v.includes(word)),
  }));
  const terms: Term[] = [];
  for (let i = 0; i < typed.length;) {
    const hit = phrases.find(
      (p) => i + p.words.length <= typed.length && p.words.every((w, k) => sameWord(typed[i + k]!, w)),
    );
    const n = hit?.words.length ?? 1;
    terms.push({ typed: typed.slice(i, i + n), phrases: hit ? hit.group.map(searchWords) : [] });
    i += n;
  }
  return terms;
}

/**
 * Whether a garment (its words: name, category, colours) answers every term of the search: the typed words each
 * inside one of its words ("shirt" in "tshirt") or one typo away from one, or one phrase of the term's synonyms whole.
 */
export function answersSearch(garmentText: string, terms: Term[]): boolean {
  const words = searchWords(garmentText);
  const inside = (w: string) => words.some((g) => g.includes(w));
  return terms.every(
    (t) =>
      t.typed.every((typed) => words.some((g) => g.includes(typed.word) || sameWord(typed, g))) ||
      t.phrases.some((phrase) => phrase.every(inside)),
  );
}

// What staff may keep: a group is two to twenty phrases of letters, digits, spaces, hyphens and apostrophes.
const PHRASE_MAX = 40;
export const SYNONYM_GROUP_MAX = 20;
export const synonymPhrase = z
  .string()
  .trim()
  .min(1, 'A word cannot be empty')
  .max(PHRASE_MAX, `A word or phrase can be at most ${PHRASE_MAX} characters`)
  .regex(/^[\p{L}\p{N}][\p{L}\p{N} '’-]*$/u, 'Use letters, digits, spaces and hyphens only');
export const synonymGroupSchema = z.object({
  words: z
    .array(synonymPhrase)
    .min(2, 'A group needs at least two words that mean the same')
    .max(SYNONYM_GROUP_MAX, `A group can have at most ${SYNONYM_GROUP_MAX} words`)
    .refine((ws) => new Set(ws.map((w) => searchWords(w).join(' '))).size === ws.length, 'A word is listed twice'),
});
export type SynonymGroupInput = z.infer<typeof synonymGroupSchema>;
export const synonymGroupAnswer = z.object({ id: z.number(), words: z.array(z.string()) });
export const synonymGroupsAnswer = z.object({ success: z.literal(true), groups: z.array(synonymGroupAnswer) });
export const oneSynonymGroupAnswer = z.object({ success: z.literal(true), group: synonymGroupAnswer });

/** What the shop starts with: the trade's words for the garments it sells. Staff change them in Catalogue. */
export const SEED_SYNONYMS: SynonymGroup[] = [
  ['hat', 'cap', 'ball cap', 'baseball cap', 'headwear'],
  ['tee', 'tshirt', 't-shirt'],
  ['work shirt', 'job shirt', 'uniform shirt', 'button shirt', 'button-down'],
  ['jacket', 'coat', 'outerwear', 'softshell'],
  ['polo', 'golf shirt', 'collared shirt'],
  ['hoodie', 'sweatshirt', 'hooded sweatshirt', 'pullover'],
  ['pants', 'trousers', 'cargo pants', 'slacks'],
  ['long sleeve', 'longsleeve', 'long-sleeve'],
];
