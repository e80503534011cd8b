// Runs a command (the API suites, by `npm run test:pg`) with TEST_DATABASE_URL pointing at a PostgreSQL server:
// the one asked for, the machine's on 127.0.0.1:5432, or a throwaway one from the npm-shipped binaries.
import { spawn } from 'node:child_process';
import { resolveTestPostgres } from '../../e2e/support/postgres';

const [command, ...args] = process.argv.slice(2);
if (!command) throw new Error('usage: tsx scripts/test/with-postgres.ts <command> [args...]');

const server = await resolveTestPostgres();
console.log(`PostgreSQL for the run: ${server.source}`);
const child = spawn(command, args, {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: server.url },
});
const code = await new Promise<number>((resolve) => child.on('exit', (c, signal) => resolve(c ?? (signal ? 1 : 0))));
await server.stop();
process.exit(code);
