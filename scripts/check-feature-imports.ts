import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

// The import map of src/server, feature by feature (tests left out, as the lint rule leaves them out): prints which
// feature imports which, and fails when two features import each other, whatever eslint's rule allows. The lint rule
// (eslint/feature-direction.js) judges single imports; this map shows the whole picture in CI's log.
const serverDir = path.resolve('src/server');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = path.join(dir, d.name);
    if (d.isDirectory()) return d.name === 'migrations' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(d.name) && !/\.test\.tsx?$/.test(d.name) ? [full] : [];
  });
}

/** The folder of src/server a file or a folder ('../orders' names its index) is in; null for the root files. */
const folderOf = (target: string) => {
  const rel = path.relative(serverDir, target);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const isFolder = fs.existsSync(target) && fs.statSync(target).isDirectory();
  return rel.includes(path.sep) || isFolder ? rel.split(path.sep)[0]! : null;
};

const edges = new Map<string, Set<string>>();
for (const file of sourceFiles(serverDir)) {
  const from = folderOf(file);
  if (!from) continue;
  const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
  for (const { fileName } of importedFiles) {
    if (!fileName.startsWith('.')) continue;
    const to = folderOf(path.resolve(path.dirname(file), fileName));
    if (!to || to === from) continue;
    if (!edges.has(from)) edges.set(from, new Set());
    edges.get(from)!.add(to);
  }
}

const lines = [...edges]
  .sort(([a], [b]) => a.localeCompare(b))
  .map(([from, tos]) => `${from} -> ${[...tos].sort().join(', ')}`);
const mutual = [...edges].flatMap(([a, tos]) =>
  [...tos].filter((b) => a < b && edges.get(b)?.has(a)).map((b) => `${a} <-> ${b}`),
);
console.log(`Import map of src/server (folder -> folders it imports):\n  ${lines.join('\n  ')}`);
console.log(
  `Pairs of folders importing each other: ${mutual.length}${mutual.length ? `\n  ${mutual.join('\n  ')}` : ''}`,
);
if (mutual.length) process.exit(1);
