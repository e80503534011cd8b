import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder, openDatabase, type Database } from './client';
import { selectRows } from './rows';

// A shop on the schema before decorations were rows: orders placed with the per-kind price columns, then the rest of
// the migrations. Every order and line total stays as it was, and each line keeps its decorations at what they cost.
const FIRST_NEW = '0034_decoration_kinds';

function foldersBefore(tag: string): string {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  const upTo = journal.entries.findIndex((e) => e.tag === tag);
  expect(upTo).toBeGreaterThan(0);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'before-decorations-'));
  fs.mkdirSync(path.join(dir, 'meta'));
  const entries = journal.entries.slice(0, upTo);
  fs.writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const e of entries) fs.copyFileSync(path.join(migrationsFolder, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  return dir;
}

async function freshDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const database = await openDatabase({});
    return { database, drop: () => database.close() };
  }
  const name = `shop_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const database = await openDatabase({ url: dbUrl.toString(), poolMax: 2 });
  return {
    database,
    drop: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

const { database, drop } = await freshDatabase();
afterAll(drop);
const db = database.db;

type OldLine = {
  kinds: { type: string; position: string; text: string | null; cents: number }[];
  quantity: number;
  base: number;
};

// Lines as checkout wrote them: the per-kind columns add up to the unit customisation price.
const ORDERS: OldLine[][] = [
  [{ kinds: [], quantity: 3, base: 2500 }],
  [
    { kinds: [{ type: 'add_name', position: 'left_side', text: 'Rivera', cents: 800 }], quantity: 2, base: 3200 },
    {
      kinds: [
        { type: 'add_name', position: 'right_side', text: "O'Neil", cents: 800 },
        { type: 'us_flag', position: 'left_side', text: null, cents: 500 },
      ],
      quantity: 1,
      base: 3400,
    },
  ],
  [
    // Placed at one price for every kind, before the kinds had their own: what was charged is what stays.
    {
      kinds: [
        { type: 'us_flag', position: 'right_side', text: null, cents: 600 },
        { type: 'az_flag', position: 'left_side', text: null, cents: 600 },
      ],
      quantity: 4,
      base: 2000,
    },
    { kinds: [{ type: 'add_name', position: 'front', text: 'Cap', cents: 650 }], quantity: 1, base: 1800 },
  ],
];

describe('migration 0034: decorations become rows and every placed line keeps its own', () => {
  it('changes no order or line total and stores each decoration with its unit price', async () => {
    await database.migrate(foldersBefore(FIRST_NEW));
    await db.execute(sql`insert into settings (id, tax_rate_ppm, shipping_cost_cents, name_cost_cents,
      us_flag_cost_cents, az_flag_cost_cents) values (1, 78000, 800, 800, 500, 650)`);
    const [user] = await selectRows<{ id: number }>(
      db,
      sql`insert into users (email, role) values ('old@example.com', 'other') returning id`,
    );
    const [product] = await selectRows<{ id: number }>(
      db,
      sql`insert into products (base_name, color, color_hex, slug, category, base_price_cents, image_base, sizes)
        values ('Duty Polo', 'Navy', '#000080', 'duty-polo-navy', 'polos', 2500, '/img/p', '[{"label":"M","upcharge_cents":0}]')
        returning id`,
    );
    for (const [i, lines] of ORDERS.entries()) {
      const totals = lines.map((l) => (l.base + l.kinds.reduce((n, k) => n + k.cents, 0)) * l.quantity);
      const subtotal = totals.reduce((a, b) => a + b, 0);
      const tax = Math.floor((subtotal * 78000 + 500_000) / 1_000_000);
      const [order] = await selectRows<{ id: number }>(
        db,
        sql`insert into orders (order_number, user_id, placed_by, status, fulfillment, subtotal_cents, tax_cents,
          tax_rate_ppm, shipping_cents, total_cents)
          values (${`OLD-${i}`}, ${user!.id}, ${user!.id}, 'completed', 'shipping', ${subtotal}, ${tax}, 78000, 800,
            ${subtotal + tax + 800}) returning id`,
      );
      for (const [j, l] of lines.entries()) {
        const unit = l.kinds.reduce((n, k) => n + k.cents, 0);
        const cents = (t: 'add_name' | 'us_flag' | 'az_flag') => l.kinds.find((k) => k.type === t)?.cents ?? null;
        await db.execute(sql`insert into order_lines (order_id, product_id, product_name, product_slug, image_base,
          is_multi_image, size, quantity, unit_base_cents, unit_customization_cents, total_cents, customizations,
          unit_name_cents, unit_us_flag_cents, unit_az_flag_cents)
          values (${order!.id}, ${product!.id}, 'Duty Polo - Navy', 'duty-polo-navy', '/img/p', false, 'M',
            ${l.quantity}, ${l.base}, ${unit}, ${totals[j]},
            ${JSON.stringify(l.kinds.map((k) => ({ type: k.type, position: k.position, text: k.text })))}::jsonb,
            ${cents('add_name')}, ${cents('us_flag')}, ${cents('az_flag')})`);
      }
    }
    const ordersBefore = await selectRows(
      db,
      sql`select id, subtotal_cents, tax_cents, total_cents from orders order by id`,
    );
    const linesBefore = await selectRows(
      db,
      sql`select id, unit_base_cents, unit_customization_cents, total_cents from order_lines order by id`,
    );

    await database.migrate();

    expect(
      await selectRows(db, sql`select id, subtotal_cents, tax_cents, total_cents from orders order by id`),
    ).toEqual(ordersBefore);
    expect(
      await selectRows(
        db,
        sql`select id, unit_base_cents, unit_customization_cents, total_cents from order_lines order by id`,
      ),
    ).toEqual(linesBefore);

    const stored = await selectRows<{ unit: number; decorations: Record<string, unknown>[] }>(
      db,
      sql`select unit_customization_cents as unit, decorations from order_lines order by id`,
    );
    const expected = ORDERS.flat().map((l) =>
      l.kinds.map((k) => ({
        kind: k.type,
        label: { add_name: 'Embroidered name', us_flag: 'US flag patch', az_flag: 'Arizona flag patch' }[k.type],
        position: k.position,
        text: k.text,
        unit_cents: k.cents,
      })),
    );
    expect(stored.map((s) => s.decorations)).toEqual(expected);
    for (const s of stored) expect(s.decorations.reduce((n, d) => n + (d.unit_cents as number), 0)).toBe(s.unit);

    // The three kinds start at the prices the settings held; the positions in use keep their keys.
    const kinds = await selectRows(
      db,
      sql`select key, label, price_rule, takes_text, active from decoration_kinds order by sort_order`,
    );
    expect(kinds).toEqual([
      {
        key: 'add_name',
        label: 'Embroidered name',
        price_rule: { kind: 'flat', cents: 800 },
        takes_text: true,
        active: true,
      },
      {
        key: 'us_flag',
        label: 'US flag patch',
        price_rule: { kind: 'flat', cents: 500 },
        takes_text: false,
        active: true,
      },
      {
        key: 'az_flag',
        label: 'Arizona flag patch',
        price_rule: { kind: 'flat', cents: 650 },
        takes_text: false,
        active: true,
      },
    ]);
    const positions = await selectRows<{ key: string }>(db, sql`select key from decoration_positions`);
    expect(positions.map((p) => p.key)).toEqual(
      expect.arrayContaining(['left_side', 'right_side', 'front', 'left_leg', 'right_leg', 'back', 'left_chest']),
    );
  });
});
