import fs from 'node:fs';
import path from 'node:path';

const FILE = path.resolve('.tmp/security-figures.json');

/**
 * Writes what a security test run actually did into .tmp/security-figures.json (for docs/security.md) and prints one line.
 * The database defaults to the one the API suites run on; a test that picks its own names it.
 */
export function recordFigures(
  name: string,
  figures: Record<string, number>,
  database: string = process.env.TEST_DATABASE_URL ? 'postgresql' : 'pglite',
) {
  let all: Record<string, unknown> = {};
  try {
    all = JSON.parse(fs.readFileSync(FILE, 'utf8')) as Record<string, unknown>;
  } catch {
    // first run: no file yet
  }
  all[`${name}:${database}`] = { ...figures, at: new Date().toISOString() };
  fs.mkdirSync(path.dirname(FILE), { recursive: true });
  fs.writeFileSync(FILE, `${JSON.stringify(all, null, 2)}\n`);
  console.log(`[security] ${name} on ${database}: ${JSON.stringify(figures)}`);
}
