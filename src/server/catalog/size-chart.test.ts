import { describe, expect, it } from 'vitest';
import type { AdminProduct } from '../../shared/catalog-admin';
import type { Product } from '../../shared/cart-catalog';
import { SIZE_CHART_MESSAGES } from '../../shared/fit';
import { createTestApp } from '../test/harness';
import { signedIn, type SignedIn } from '../test/users';

const { app } = await createTestApp();
const admin = await signedIn(app, 'admin');
const employee = await signedIn(app, 'employee');

const call = (who: SignedIn | null, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
  app.inject({
    method,
    url: `/api/v1${url}`,
    headers: who ? who.headers : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

let seq = 0;
const chart = {
  measures: ['Chest', 'Length'],
  rows: [
    { size: 'M', inches: [40, 29] },
    { size: '2XL', inches: [48, 31.5] },
  ],
};
const garment = (over: Record<string, unknown> = {}) => ({
  base_name: `Chart Garment ${++seq}`,
  category: 'shirts',
  base_price: 25,
  sizes: [
    { label: 'M', upcharge: 0 },
    { label: '2XL', upcharge: 2 },
  ],
  color: 'Navy',
  color_hex: '#1f2a44',
  ...over,
});
const create = async (over: Record<string, unknown> = {}) => {
  const res = await call(admin, 'POST', '/admin/products/', garment(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().product as AdminProduct;
};
const inStore = async (slug: string) => (await call(null, 'GET', `/products/${slug}`)).json().product as Product;

describe('size charts', () => {
  it('are kept by admins with the garment and shown in the store', async () => {
    const p = await create({ size_chart: chart });
    expect(p.size_chart).toEqual(chart);
    expect((await inStore(p.slug)).size_chart).toEqual(chart);
    const seeded = await inStore('ems-pants-navy');
    expect(seeded.size_chart?.measures).toEqual(['Waist', 'Inseam']);

    const next = { measures: ['Chest'], rows: [{ size: 'M', inches: [41] }] };
    const res = await call(admin, 'PATCH', `/admin/products/${p.id}`, { size_chart: next });
    expect(res.statusCode, res.body).toBe(200);
    expect((await inStore(p.slug)).size_chart).toEqual(next);
    expect((await call(admin, 'PATCH', `/admin/products/${p.id}`, { size_chart: null })).statusCode).toBe(200);
    expect((await inStore(p.slug)).size_chart).toBeNull();
    expect((await call(employee, 'PATCH', `/admin/products/${p.id}`, { size_chart: next })).statusCode).toBe(403);
  });

  const bad: [string, unknown, string][] = [
    ['an empty measurement name', { ...chart, measures: ['Chest', ' '] }, SIZE_CHART_MESSAGES.measure],
    ['no measurement', { measures: [], rows: chart.rows }, SIZE_CHART_MESSAGES.measures],
    [
      'too many measurements',
      { measures: ['A', 'B', 'C', 'D', 'E', 'F', 'G'], rows: [] },
      SIZE_CHART_MESSAGES.tooManyMeasures,
    ],
    ['a measurement twice', { ...chart, measures: ['Chest', 'chest'] }, SIZE_CHART_MESSAGES.duplicateMeasure],
    ['no size', { ...chart, rows: [] }, SIZE_CHART_MESSAGES.rows],
    ['inches out of range', { ...chart, rows: [{ size: 'M', inches: [0, 29] }] }, SIZE_CHART_MESSAGES.inches],
    ['inches not a number', { ...chart, rows: [{ size: 'M', inches: ['40', 29] }] }, SIZE_CHART_MESSAGES.inches],
    ['inches past a quarter', { ...chart, rows: [{ size: 'M', inches: [40.1, 29] }] }, SIZE_CHART_MESSAGES.quarter],
    ['a missing figure', { ...chart, rows: [{ size: 'M', inches: [40] }] }, SIZE_CHART_MESSAGES.missing],
    ['a size twice', { ...chart, rows: [chart.rows[0], chart.rows[0]] }, SIZE_CHART_MESSAGES.duplicateSize],
    [
      'a size the garment lacks',
      { ...chart, rows: [{ size: '4XL', inches: [52, 33] }] },
      SIZE_CHART_MESSAGES.unknownSize,
    ],
  ];
  it.each(bad)('refuse %s with its message and create nothing', async (_what, size_chart, message) => {
    const body = garment({ size_chart });
    const res = await call(admin, 'POST', '/admin/products/', body);
    expect(res.statusCode).toBe(400);
    expect((res.json().errors as { message: string }[]).map((e) => e.message)).toContain(message);
    const list = (await call(admin, 'GET', '/admin/products/')).json().products as AdminProduct[];
    expect(list.some((p) => p.base_name === body.base_name)).toBe(false);
  });

  it('refuse a chart sent alone that names a size the garment lacks, and keep the old chart', async () => {
    const p = await create({ size_chart: chart });
    const res = await call(admin, 'PATCH', `/admin/products/${p.id}`, {
      size_chart: { measures: ['Chest'], rows: [{ size: 'XS', inches: [34] }] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(SIZE_CHART_MESSAGES.unknownSize);
    expect((await inStore(p.slug)).size_chart).toEqual(chart);
  });

  it('lose the rows of sizes the garment stops offering', async () => {
    const p = await create({ size_chart: chart });
    const res = await call(admin, 'PATCH', `/admin/products/${p.id}`, { sizes: [{ label: 'M', upcharge: 0 }] });
    expect(res.statusCode, res.body).toBe(200);
    expect((await inStore(p.slug)).size_chart).toEqual({ measures: chart.measures, rows: [chart.rows[0]] });
  });
});
