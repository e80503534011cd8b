import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// Reads the theme's colours from app.css and checks each text/background pair the components use with the WCAG 2.x
// contrast formula, so a colour change that breaks AA fails here rather than in an audit.
const css = readFileSync(new URL('./app.css', import.meta.url), 'utf8');
const theme: Record<string, string> = Object.fromEntries(
  [...css.matchAll(/--color-([\w-]+):\s*(#[0-9a-f]{6})\s*;/gi)].map((m) => [m[1]!, m[2]!.toLowerCase()]),
);

function hex(name: string): string {
  if (name === 'white') return '#ffffff';
  const value = theme[name];
  if (!value) throw new Error(`app.css defines no --color-${name}`);
  return value;
}

function luminance(color: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(color.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function ratio(a: string, b: string): number {
  const [hi, lo] = [luminance(hex(a)), luminance(hex(b))].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

const TEXT = 4.5;
const NON_TEXT = 3;
const pages = ['ink-950', 'ink-900', 'gray-800'];

// [foreground, background, minimum, where it is used]
const pairs: Array<[string, string, number, string]> = [
  ...['gray-100', 'gray-200', 'gray-300', 'gray-400', 'gray-500', 'red-400', 'brand-400'].flatMap((fg) =>
    pages.map((bg): [string, string, number, string] => [fg, bg, TEXT, 'text and hints on the page, cards, menus']),
  ),
  ['ink-950', 'brand-500', TEXT, 'primary button'],
  ['ink-950', 'brand-400', TEXT, 'primary button, hovered'],
  ['white', 'brand-600', TEXT, 'white text on the darker brand fill'],
  ['white', 'danger-600', TEXT, 'danger button'],
  ['white', 'danger-700', TEXT, 'danger button, hovered'],
  ['white', 'success-600', TEXT, 'Approve button'],
  ['white', 'success-700', TEXT, 'Approve button, hovered'],
  ['edge', 'ink-950', NON_TEXT, 'control border on the page'],
  ['edge', 'ink-900', NON_TEXT, 'control border in a card or dialog'],
  ['brand-400', 'ink-950', NON_TEXT, 'focus ring and chosen option on the page'],
  ['brand-400', 'ink-900', NON_TEXT, 'focus ring and chosen option in a card'],
];

describe('theme contrast (WCAG 2.2 AA, dark theme)', () => {
  it('computes the WCAG ratio (white on black is 21:1, a colour on itself 1:1)', () => {
    theme['test-black'] = '#000000';
    expect(ratio('white', 'test-black')).toBeCloseTo(21, 5);
    expect(ratio('brand-500', 'brand-500')).toBe(1);
  });

  it.each(pairs)('%s on %s is at least %s:1 (%s)', (fg, bg, min) => {
    expect(ratio(fg, bg)).toBeGreaterThanOrEqual(min);
  });

  it('white on the brand orange stays below AA, which is why filled brand buttons use dark ink', () => {
    expect(ratio('white', 'brand-500')).toBeLessThan(TEXT);
  });
});
