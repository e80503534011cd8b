import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../shared/languages';
import { i18nextWords, mailWords } from './i18n';
import en from './locales/en.json';
import es from './locales/es.json';

// mailWords answers plain messages itself and leaves the rest to i18next (i18n.ts): for every message, in both
// languages, with any values (hostile text, numbers, values missing, a plural's count, an option i18next reads), its
// answer must be i18next's, character for character.
function keysOf(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [prefix + k] : keysOf(v as object, `${prefix}${k}.`),
  );
}
const messageKeys = [...new Set([...keysOf(en), ...keysOf(es)])];
// A plural is asked for by its base key with a count.
const pluralBases = [...new Set(messageKeys.filter((k) => /_(one|other)$/.test(k)).map((k) => k.replace(/_\w+$/, '')))];
const names = [
  ...new Set(
    JSON.stringify([en, es])
      .match(/\{\{\w+\}\}/g)!
      .map((p) => p.slice(2, -2)),
  ),
  'count',
  'unused',
];

const valueArb = fc.oneof(
  fc.string(),
  fc.constantFrom('{{amount}}', '$t(received.title)', '<b>&amp;</b>', "O'Neil \\ $1 $&", 'ñandú — 🧵', ''),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.constant(undefined),
  fc.constant(null),
  fc.boolean(),
);
const textOf = (tree: object, key: string): string =>
  String(
    key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree) ?? '',
  );
const placeholdersOf = (key: string) => [
  ...new Set(
    [textOf(en, key), textOf(es, key), textOf(en, `${key}_one`), textOf(en, `${key}_other`)]
      .join(' ')
      .match(/\{\{\w+\}\}/g)
      ?.map((p) => p.slice(2, -2)) ?? [],
  ),
];
const keyArb = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...messageKeys) },
  { weight: 1, arbitrary: fc.constantFrom(...pluralBases) },
  { weight: 1, arbitrary: fc.constantFrom('no.such.key', 'received', 'footer') },
);
// Mostly every placeholder of the message filled (the quick path), now and then one missing or an option i18next reads.
const callArb = keyArb.chain((key) =>
  fc
    .record({
      filled: fc.tuple(
        ...placeholdersOf(key).map(() => fc.oneof({ weight: 6, arbitrary: valueArb }, fc.constant(undefined))),
      ),
      extra: fc.dictionary(fc.constantFrom(...names), valueArb, { maxKeys: 2 }),
      bare: fc.boolean(),
    })
    .map(({ filled, extra, bare }) => {
      const options: Record<string, unknown> = { ...extra };
      placeholdersOf(key).forEach((name, i) => (options[name] = filled[i]));
      return { key, options: bare && placeholdersOf(key).length === 0 ? undefined : options };
    }),
);

describe('mail words', () => {
  it('answers as i18next does for every message, language and set of values', () => {
    for (const language of LANGUAGES) {
      const quick = mailWords(language);
      const slow = i18nextWords(language);
      for (const key of messageKeys) expect(quick(key), `${language} ${key}`).toBe(slow(key));
    }
    fc.assert(
      fc.property(fc.constantFrom(...LANGUAGES), callArb, (language, { key, options }) => {
        const quick = mailWords(language)(key, options as never);
        const slow = i18nextWords(language)(key, options as never);
        expect(quick).toBe(slow);
      }),
      { numRuns: 5_000 },
    );
  });

  it('falls back to English only where Spanish lacks the message', () => {
    const spanish = new Set(keysOf(es));
    const missing = keysOf(en).filter((k) => !spanish.has(k));
    for (const key of missing) expect(mailWords('es')(key)).toBe(i18nextWords('en')(key));
    expect(mailWords('es')('received.thanks')).not.toBe(mailWords('en')('received.thanks'));
  });
});
