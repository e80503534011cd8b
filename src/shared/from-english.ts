/**
 * English words from src/shared (a Zod schema's message, a status's words, a label) or a server refusal, in another
 * language: the catalogue maps each English text to its translation (src/shared/locales/es-from-english.json), so
 * the schemas and the API keep SPEC's English. A key may hold {{name}} placeholders ("Must be less than {{max}}
 * characters"): they match whatever the English carried there and are put back into the translation. A placeholder
 * written {{~name}} holds English words of their own ("a US flag patch", "the left side"), translated in turn.
 */
export type FromEnglish = (text: string) => string;

export function fromEnglishWith(catalogue: Record<string, string>): FromEnglish {
  const patterns = Object.entries(catalogue)
    .filter(([k]) => k.includes('{{'))
    .map(([k, to]) => {
      const names = [...k.matchAll(/\{\{(~?\w+)\}\}/g)].map((m) => m[1]!);
      const source = k
        .split(/\{\{~?\w+\}\}/)
        .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('(.+?)');
      return { re: new RegExp(`^${source}$`), to, names };
    });
  const translate: FromEnglish = (text) => {
    const exact = catalogue[text];
    if (exact) return exact;
    for (const p of patterns) {
      const m = p.re.exec(text);
      if (m)
        return p.names.reduce(
          (out, name, i) => out.replaceAll(`{{${name}}}`, name.startsWith('~') ? translate(m[i + 1]!) : m[i + 1]!),
          p.to,
        );
    }
    return text;
  };
  return translate;
}
