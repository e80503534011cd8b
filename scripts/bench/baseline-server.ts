// The two yardsticks, each run as its own process: `hello` (bare Fastify, no database) and `row` (bare Fastify
// reading one product by primary key through the raw driver: PGlite on a copy of the shop's data, or a pg Pool).
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import pg from 'pg';

const kind = process.argv[2];
const port = Number(process.env.PORT);

async function rowQuery(): Promise<(id: number) => Promise<unknown>> {
  const text = 'select * from products where id = $1';
  if (process.env.BASELINE_DATABASE_URL) {
    // Same pool size as the shop's (db/client.ts), so both wait on the same number of connections.
    const pool = new pg.Pool({ connectionString: process.env.BASELINE_DATABASE_URL, max: 10 });
    return async (id) => (await pool.query(text, [id])).rows[0];
  }
  const dir = process.env.BASELINE_DATA_DIR;
  if (!dir) throw new Error('BASELINE_DATABASE_URL or BASELINE_DATA_DIR is required');
  const db = await PGlite.create(path.join(dir, 'db'));
  return async (id) => (await db.query(text, [id])).rows[0];
}

const app = Fastify({ logger: false });
if (kind === 'hello') {
  app.get('/', async () => ({ hello: 'world' }));
} else if (kind === 'row') {
  const one = await rowQuery();
  app.get<{ Params: { id: string } }>('/row/:id', async (req, reply) => {
    const row = await one(Number(req.params.id));
    if (!row) return reply.code(404).send({ success: false });
    return { success: true, product: row };
  });
} else {
  throw new Error(`unknown baseline ${kind}`);
}
await app.listen({ port, host: '127.0.0.1' });
process.stdout.write('ready\n');
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
