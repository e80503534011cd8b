// Fails when a Markdown file of the repository links to a file that is not there, or to a heading that is not in it,
// and when code names a doc anchor ("docs/architecture.md#the-api") that the doc does not have. Checks README.md and
// docs/**/*.md, and the comments of src, e2e, faults and scripts; links out of the repository are left alone. Code
// also never cites an issue by its number or the design notes outside the repository (DESIGN.md): those are history and
// a reader of the code cannot follow them; the comment says the rule itself, or links to docs/.
import fs from 'node:fs';
import path from 'node:path';

const files = ['README.md', ...walk('docs')].filter((f) => f.endsWith('.md'));

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? walk(p) : [p];
  });
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
export const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[`*_~]/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s/g, '-');

const anchorsCache = new Map<string, Set<string>>();
function anchorsOf(file: string): Set<string> {
  let found = anchorsCache.get(file);
  if (found) return found;
  found = new Set();
  const counts = new Map<string, number>();
  let fenced = false;
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    // An explicit anchor (<a id="...">) names a list item or paragraph that has no heading of its own.
    if (!fenced) for (const a of line.matchAll(/<a id="([^"]+)"><\/a>/g)) found.add(a[1]!);
    const m = !fenced && /^#{1,6}\s+(.*)$/.exec(line);
    if (!m) continue;
    const base = slug(m[1]!);
    const n = counts.get(base) ?? 0;
    counts.set(base, n + 1);
    found.add(n === 0 ? base : `${base}-${n}`);
  }
  anchorsCache.set(file, found);
  return found;
}

const broken: string[] = [];
for (const file of files) {
  const text = fs.readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
  for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    const target = m[1]!;
    if (/^[a-z]+:/i.test(target)) continue;
    const [rel, anchor] = target.split('#') as [string, string | undefined];
    const dest = rel ? path.normalize(path.join(path.dirname(file), rel)) : file;
    if (!fs.existsSync(dest)) {
      broken.push(`${file}: ${target} (no such file)`);
      continue;
    }
    if (anchor && dest.endsWith('.md') && !anchorsOf(dest).has(anchor)) {
      broken.push(`${file}: ${target} (no heading #${anchor} in ${dest})`);
    }
  }
}

const sources = ['src', 'e2e', 'faults', 'scripts'].flatMap(walk).filter((f) => /\.(ts|tsx|mjs)$/.test(f));
const CITES_HISTORY = /\b[Ii]ssues? #?\d+\b|\bDESIGN(\.md)?\s*§/;
for (const file of sources) {
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  lines.forEach((line, i) => {
    if (CITES_HISTORY.test(line))
      broken.push(`${file}:${i + 1}: cites an issue or DESIGN.md (${line.trim().slice(0, 80)})`);
  });
  for (const m of fs.readFileSync(file, 'utf8').matchAll(/docs\/([\w-]+\.md)#([\w-]+)/g)) {
    const dest = path.join('docs', m[1]!);
    if (!fs.existsSync(dest)) broken.push(`${file}: ${m[0]} (no such file)`);
    else if (!anchorsOf(dest).has(m[2]!)) broken.push(`${file}: ${m[0]} (no heading #${m[2]} in ${dest})`);
  }
}

if (broken.length) {
  console.error(`Broken links in the docs:\n${broken.map((b) => `  ${b}`).join('\n')}`);
  process.exit(1);
}
console.log(`doc links: ${files.length} docs and ${sources.length} source files, every link and anchor resolves`);
