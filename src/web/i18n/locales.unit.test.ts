import { describe, expect, it } from 'vitest';
import { fromEnglishWith } from '@shared/from-english';
import { refusedCustomization } from '@shared/cart-basics';
import { pickLanguage } from '@shared/languages';
import { formatDayIn, formatMoneyIn } from '@shared/locale-format';
import esFromEnglish from '@shared/locales/es-from-english.json';
import mailEn from '../../server/mail/locales/en.json';
import mailEs from '../../server/mail/locales/es.json';
import en from './locales/en.json';
import es from './locales/es.json';

type Tree = { [key: string]: string | Tree };

/** Every message of a catalogue by its dotted key. */
function messages(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of messages(v, key)) out.set(kk, vv);
  }
  return out;
}
const placeholders = (s: string) => [...s.matchAll(/\{\{(~?\w+)\}\}/g)].map((m) => m[1]).sort();

describe.each([
  ['web', en, es],
  ['mail', mailEn, mailEs],
])('the %s catalogues', (_name, english, spanish) => {
  const a = messages(english as Tree);
  const b = messages(spanish as Tree);

  it('have the same keys in English and Spanish', () => {
    expect([...b.keys()].sort()).toEqual([...a.keys()].sort());
  });

  it('fill the same placeholders in both, and leave no message empty', () => {
    for (const [key, text] of a) {
      expect(text.trim(), key).not.toBe('');
      expect(b.get(key)?.trim(), key).not.toBe('');
      expect(placeholders(b.get(key) ?? ''), key).toEqual(placeholders(text));
    }
  });
});

describe('the English to Spanish lookup for src/shared and server words', () => {
  const es = fromEnglishWith(esFromEnglish);

  it('translates exact messages and leaves unknown ones in English', () => {
    expect(es('ZIP code must be 5 digits')).toBe('El código postal debe tener 5 dígitos');
    expect(es('Something nobody translated')).toBe('Something nobody translated');
  });

  it('carries what a placeholder matched into the translation', () => {
    expect(es('Must be less than 200 characters')).toBe('Debe tener menos de 200 caracteres');
    expect(es('Tax (8.6%)')).toBe('Impuesto (8.6%)');
  });

  it('translates the English words a {{~placeholder}} matched in turn', () => {
    const refused = (type: 'us_flag' | 'logo', sides: ('left_side' | 'back')[]) =>
      refusedCustomization('Ball Cap', [{ type: 'add_name', sides }], [{ type, position: 'left_side' }])!.message;
    // Buy again says why a decoration the garment no longer takes was left off (src/server/orders/buy-again.ts).
    expect(es(`${refused('us_flag', ['left_side'])}, so it was left off`)).toBe(
      'Ball Cap no admite un parche de la bandera de EE. UU.; por eso se omitió',
    );
    expect(es(refused('logo', ['back']))).toBe('Ball Cap no admite un logotipo en el lado izquierdo');
  });

  it('uses in each translation exactly the placeholders of its English', () => {
    for (const [english, spanish] of Object.entries(esFromEnglish)) {
      expect(placeholders(spanish), english).toEqual(placeholders(english));
    }
  });
});

describe('the first guess from the browser and the formats', () => {
  it('takes the first preferred language the shop speaks', () => {
    expect(pickLanguage(['es-MX', 'en-US'])).toBe('es');
    expect(pickLanguage(['fr-FR', 'en-GB', 'es'])).toBe('en');
    expect(pickLanguage(['de', 'fr'])).toBe('en');
  });

  it('keeps English money exactly and writes Spanish days in Spanish', () => {
    expect(formatMoneyIn('en', 1234.5)).toBe('$1,234.50');
    expect(formatMoneyIn('es', 1234.5)).toBe('$1,234.50');
    expect(formatDayIn('en', '2026-12-02')).toBe('Wed, Dec 2, 2026');
    expect(formatDayIn('es', '2026-12-02')).toMatch(/dic/);
  });
});
