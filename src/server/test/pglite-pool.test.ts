import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { TEMPLATE_PATH } from './paths';
import { pglitePool } from './pglite-pool';

// The pool every API file's database comes from (harness.ts): a database given back must be as the template made it.
const made: PGlite[] = [];
const pool = pglitePool(async () => {
  const pglite = await PGlite.create({ loadDataDir: new Blob([fs.readFileSync(TEMPLATE_PATH)]) });
  made.push(pglite);
  return pglite;
});
afterAll(() => Promise.all(made.map((p) => (p.closed ? undefined : p.close()))));

const everything = async (pglite: PGlite) => ({
  users: (await pglite.query('select * from users order by id')).rows,
  settings: (await pglite.query('select * from settings')).rows,
  products: (await pglite.query('select id, slug, active, base_price_cents from products order by id')).rows,
  departments: (await pglite.query('select * from departments order by id')).rows,
  orders: (await pglite.query('select count(*)::int as n from orders')).rows,
});
const newUserId = async (pglite: PGlite, email: string) =>
  (await pglite.query<{ id: number }>(`insert into users (email) values ($1) returning id`, [email])).rows[0]!.id;

describe('the API files’ database pool', () => {
  it('gives the next file the same database with the template’s rows, sequences and settings again', async () => {
    const first = await pool.take();
    const template = await everything(first);
    const firstId = await newUserId(first, 'one@pool.test');
    await first.exec(`
      update settings set tax_rate_ppm = 1;
      update products set active = false;
      delete from departments;
      set statement_timeout = 1234;`);
    await pool.giveBack(first);

    const second = await pool.take();
    expect(second).toBe(first);
    expect(made).toHaveLength(1);
    expect(await everything(second)).toEqual(template);
    expect((await second.query<{ t: string }>(`select current_setting('statement_timeout') as t`)).rows[0]!.t).toBe(
      '0',
    );
    // The same id again: the sequence is back where the template left it.
    expect(await newUserId(second, 'two@pool.test')).toBe(firstId);
    await pool.giveBack(second);
  });

  it('throws away a database whose schema a file changed, or that a file closed', async () => {
    const before = made.length;
    const changed = await pool.take();
    await changed.exec('create function left_behind() returns int language sql as $$ select 1 $$');
    await pool.giveBack(changed);
    expect(changed.closed).toBe(true);

    const next = await pool.take();
    expect(next).not.toBe(changed);
    await next.exec('alter table order_lines drop constraint order_lines_product_id_products_id_fk');
    await pool.giveBack(next);
    expect(next.closed).toBe(true);

    const closedByFile = await pool.take();
    await closedByFile.close();
    await pool.giveBack(closedByFile);
    const last = await pool.take();
    expect(last).not.toBe(closedByFile);
    expect(made.length - before).toBeGreaterThanOrEqual(3);
    expect((await last.query('select * from users order by id')).rows).toHaveLength(1);
    await pool.giveBack(last);
  });
});
