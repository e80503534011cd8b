import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/harness';
import { recordStatements } from '../test/statement-count';
import { signedIn } from '../test/users';

// The store's first data is built once per audience and kept as bytes with its ETag until a write that changes it
// (docs/performance.md): a guest's catalogue must cost no database round trip once it is built.
const { app } = await createTestApp();
const recorded = recordStatements(app.deps.db);
const admin = await signedIn(app, 'admin');

const list = (headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: '/api/v1/products/', headers: { 'accept-encoding': 'gzip', ...headers } });

async function statementsOf(request: () => Promise<{ statusCode: number }>, status = 200) {
  recorded.statements.length = 0;
  expect((await request()).statusCode).toBe(status);
  return recorded.statements.length;
}

describe('GET /products/ for a guest', () => {
  it('answers from memory: no statement once built, none for a revalidation, built again after a garment changes', async () => {
    await list();
    expect(await statementsOf(() => list())).toBe(0);
    const etag = (await list()).headers.etag as string;
    expect(await statementsOf(() => list({ 'if-none-match': etag }), 304)).toBe(0);

    type Listed = { id: number; base_price: number };
    const [first] = (await list({ 'accept-encoding': 'identity' })).json().products as Listed[];
    const dearer = first!.base_price + 1;
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/products/${first!.id}`,
      headers: admin.headers,
      payload: { base_price: dearer },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await list({ 'accept-encoding': 'identity' });
    expect(after.headers.etag).not.toBe(etag);
    expect((after.json().products as Listed[]).find((p) => p.id === first!.id)?.base_price).toBe(dearer);
    expect(await statementsOf(() => list())).toBe(0);
  });
});
