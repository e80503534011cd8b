import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { preparedSql } from '../db/prepared';
import { fromJsonRow, rowsOf } from '../db/rows';
import { orderEvents, orderLines, orders } from '../db/schema';
import type { EventRow, LineRow, OrderRow } from './dto';
import type { OrderLineInput } from './place-order';

/** The new order's row as written at checkout, every key always present (the statement is prepared once). */
export type NewOrderValues = Omit<
  typeof orders.$inferInsert,
  'id' | 'createdAt' | 'updatedAt' | 'denialReason' | 'replacedByOrderId' | 'carrier' | 'trackingNumber'
> &
  Required<Pick<typeof orders.$inferInsert, 'shippingAddress' | 'poNumber' | 'notes' | 'departmentId'>>;

/** Who placed it, for the first event of its timeline. */
export type PlacedEventValues = {
  actorType: 'customer' | 'staff';
  actorUserId: number;
  actorEmail: string;
  reason: string | null;
  details: string | null;
};

// The order lines' columns a placed line fills, with their SQL types for jsonb_to_recordset.
const LINE_COLUMNS = {
  productId: 'int',
  productName: 'text',
  productSlug: 'text',
  imageBase: 'text',
  isMultiImage: 'boolean',
  size: 'text',
  quantity: 'int',
  unitBaseCents: 'int',
  unitCustomizationCents: 'int',
  totalCents: 'int',
  customizations: 'jsonb',
  decorations: 'jsonb',
} as const satisfies Partial<Record<keyof LineRow, string>>;
type LineKey = keyof typeof LINE_COLUMNS;

const orderCols = getTableColumns(orders);
const lineCols = getTableColumns(orderLines);
const eventCols = getTableColumns(orderEvents);
// A jsonb value travels as its JSON text and null as SQL NULL (drizzle's encoder would write JSON null for it).
const isJson = (key: keyof NewOrderValues) => orderCols[key].columnType === 'PgJsonb';
const names = (cols: Record<string, { name: string }>, keys: string[]) =>
  sql.join(
    keys.map((k) => sql.identifier(cols[k]!.name)),
    sql`, `,
  );

/**
 * The statement: the order, its lines and its first event in one round trip (three data-modifying CTEs; the lines'
 * key references the order inserted beside it, checked at the statement's end). Each row comes back as JSON and is
 * read as drizzle reads its own (fromJsonRow). Any number of lines: they travel as one JSON array.
 */
function build(orderKeys: (keyof NewOrderValues)[]): SQL {
  const orderValues = sql.join(
    orderKeys.map((k) => (isJson(k) ? sql`${sql.placeholder(k)}::jsonb` : sql.param(sql.placeholder(k), orderCols[k]))),
    sql`, `,
  );
  const lineKeys = Object.keys(LINE_COLUMNS) as LineKey[];
  const recordset = sql.join(
    lineKeys.map((k) => sql.raw(`${lineCols[k].name} ${LINE_COLUMNS[k]}`)),
    sql`, `,
  );
  const eventKeys = ['actorType', 'actorUserId', 'actorEmail', 'reason', 'details'] as const;
  const eventValues = sql.join(
    eventKeys.map((k) => sql.param(sql.placeholder(`event_${k}`), eventCols[k])),
    sql`, `,
  );
  return sql`with o as (
      insert into ${orders} (${names(orderCols, orderKeys)}) values (${orderValues}) returning *
    ), l as (
      insert into ${orderLines} (order_id, ${names(lineCols, lineKeys)})
      select o.id, ${sql.join(
        lineKeys.map((k) => sql`v.${sql.identifier(lineCols[k].name)}`),
        sql`, `,
      )}
      from o, rows from (jsonb_to_recordset(${sql.placeholder('lines')}::jsonb) as (${recordset}))
        with ordinality as v(${names(lineCols, lineKeys)}, n)
      order by v.n
      returning *
    ), e as (
      insert into ${orderEvents} (order_id, to_status, ${names(eventCols, [...eventKeys])})
      values ((select id from o), (select status from o), ${eventValues})
      returning *
    )
    select row_to_json(o) as "order",
      (select coalesce(json_agg(l order by l.id), '[]'::json) from l) as lines,
      (select row_to_json(e) from e) as event
    from o`;
}

const lineJson = (l: OrderLineInput) =>
  Object.fromEntries((Object.keys(LINE_COLUMNS) as LineKey[]).map((k) => [lineCols[k].name, l[k]]));

/** Writes a placed order, its lines and the event that opens its timeline; answers the three as read back. */
export async function insertPlacedOrder(
  tx: Tx,
  order: NewOrderValues,
  lines: OrderLineInput[],
  event: PlacedEventValues,
): Promise<{ row: OrderRow; lines: LineRow[]; event: EventRow }> {
  const orderKeys = Object.keys(order).sort() as (keyof NewOrderValues)[];
  const values: Record<string, unknown> = {
    ...Object.fromEntries(
      orderKeys.map((k) => [k, isJson(k) && order[k] !== null ? JSON.stringify(order[k]) : order[k]]),
    ),
    lines: JSON.stringify(lines.map(lineJson)),
    ...Object.fromEntries(Object.entries(event).map(([k, v]) => [`event_${k}`, v])),
  };
  const [result] = rowsOf<{ order: object; lines: object[]; event: object }>(
    await preparedSql(tx, 'order_placed_insert', () => build(orderKeys)).execute(values),
  );
  if (!result) throw new Error('order insert answered no row');
  return {
    row: fromJsonRow(orders, result.order),
    lines: result.lines.map((l) => fromJsonRow(orderLines, l)),
    event: fromJsonRow(orderEvents, result.event),
  };
}
