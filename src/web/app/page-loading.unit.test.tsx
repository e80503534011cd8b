import fs from 'node:fs';
import { renderToStaticMarkup } from 'react-dom/server';
import { expect, it } from 'vitest';
import { PageLoading } from './page-loading';

// Markup as the browser reads it: Prettier's line breaks between tags and inside them are not content.
const normalise = (html: string) =>
  html
    .replace(/>\s+</g, '><')
    .replace(/\s+/g, ' ')
    .replace(/\s+>/g, '>')
    .replace(/>\s+/g, '>')
    .replace(/\s+</g, '<')
    .trim();

it('index.html paints the same loading page React shows, so nothing moves when the scripts take over', () => {
  const html = fs.readFileSync(new URL('../index.html', import.meta.url), 'utf8');
  const root = /<div id="root">([\s\S]*?)<\/div>\s*<script type="module"/.exec(html)?.[1];
  expect(root, 'index.html has a #root followed by the entry script').toBeDefined();
  expect(normalise(root!)).toBe(normalise(renderToStaticMarkup(<PageLoading />)));
  expect(root).toContain('role="status"');
});
