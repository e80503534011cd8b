import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// One set of components builds every screen. A feature that styles its own <button>, <input>,
// <select> or <textarea> (className or style on the element) should use src/web/components/ui instead.
const root = new URL('.', import.meta.url).pathname;

// Every feature is on the components now.
const NOT_YET_CONVERTED = new Set<string>();

// An opening tag up to its closing '>', stepping over the '>' of arrow functions in attributes.
const CONTROL_TAG = /<(button|input|select|textarea)\b((?:=>|[^>])*)>/g;

function tsxFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return tsxFiles(path);
    return e.name.endsWith('.tsx') ? [path] : [];
  });
}

/** "file:line <tag>" for each control in the source that carries its own classes or style. */
function ownControls(source: string, file: string): string[] {
  return [...source.matchAll(CONTROL_TAG)]
    .filter((m) => /\b(className|style)=/.test(m[2]!))
    .map((m) => `${file}:${source.slice(0, m.index).split('\n').length} <${m[1]}>`);
}

describe('features build controls from src/web/components/ui', () => {
  it('finds a styled control, also across lines and past arrow functions', () => {
    const src =
      '<div>\n<button\n  onClick={() => go()}\n  className="rounded bg-brand-500"\n>Go</button><input disabled />';
    expect(ownControls(src, 'x.tsx')).toEqual(['x.tsx:2 <button>']);
  });

  it('no converted feature styles its own button, input, select or textarea', () => {
    const found = readdirSync(root, { withFileTypes: true })
      .filter((e) => e.isDirectory() && !NOT_YET_CONVERTED.has(e.name))
      .flatMap((e) => tsxFiles(join(root, e.name)))
      .flatMap((path) => ownControls(readFileSync(path, 'utf8'), relative(root, path)));
    expect(found, 'use Button, Input, Select, Textarea, Checkbox or RadioGroup from @web/components/ui').toEqual([]);
  });
});
