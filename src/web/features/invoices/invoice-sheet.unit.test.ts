import { describe, expect, it } from 'vitest';
import { fromEnglishWith } from '@shared/from-english';
import esFromEnglish from '@shared/locales/es-from-english.json';
import { decorationWords } from './invoice-sheet';

const es = fromEnglishWith(esFromEnglish);

describe("the invoice's decoration words", () => {
  it('puts the kind and the side in Spanish and keeps the customer’s text as typed', () => {
    expect(decorationWords('Embroidered name "RUIZ" · Left', es)).toBe('Nombre bordado "RUIZ" · Izquierdo');
    expect(decorationWords('US flag patch · Right sleeve', es)).toBe('Parche de la bandera de EE. UU. · Manga derecha');
  });

  it('leaves English exactly as the server wrote it', () => {
    const same = (s: string) => s;
    expect(decorationWords('Embroidered name "O · NEIL" · Left', same)).toBe('Embroidered name "O · NEIL" · Left');
    expect(decorationWords('Logo: Acme · Left chest', same)).toBe('Logo: Acme · Left chest');
  });
});
