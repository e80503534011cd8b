import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADDRESS_MESSAGES, SAVED_ADDRESSES_MAX } from '../../shared/addresses';
import { customerAddresses } from '../db/schema';
import { createTestApp } from '../test/harness';
import { signedIn, type SignedIn } from '../test/users';

// Saved addresses (docs/product.md#saved-addresses): a customer's own list with one default, the checkout's address
// rules and messages, and nobody else's address reachable.
const { app } = await createTestApp();
const db = app.deps.db;

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: SignedIn | null, payload?: object) =>
  app.inject({ method, url: `/api/v1/profile/addresses${url}`, headers: who?.headers ?? {}, payload });
const station = (n: number, extra: object = {}) => ({
  label: `Station ${n}`,
  address_line1: `${n} Station Way`,
  address_line2: '',
  city: 'Mesa',
  state: 'AZ',
  zip_code: '85201',
  ...extra,
});
const list = async (who: SignedIn) =>
  (await api('GET', '', who)).json().addresses as { id: number; label: string; is_default: boolean }[];

describe('saved addresses', () => {
  it('needs a session', async () => {
    expect((await api('GET', '', null)).statusCode).toBe(401);
    expect((await api('POST', '', null, station(1))).statusCode).toBe(401);
  });

  it('the first saved is the default; another made default takes over; the default is listed first', async () => {
    const me = await signedIn(app, 'other');
    const first = await api('POST', '', me, station(1));
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().address).toMatchObject({
      label: 'Station 1',
      address_line2: null,
      is_default: true,
      state: 'AZ',
    });
    const second = (await api('POST', '', me, station(2))).json().address;
    expect(second.is_default).toBe(false);
    const third = (await api('POST', '', me, station(3, { is_default: true }))).json().address;
    expect(third.is_default).toBe(true);
    expect((await list(me)).map((a) => [a.label, a.is_default])).toEqual([
      ['Station 3', true],
      ['Station 1', false],
      ['Station 2', false],
    ]);

    const made = await api('POST', `/${second.id}/default`, me);
    expect(made.statusCode, made.body).toBe(200);
    expect((await list(me)).filter((a) => a.is_default).map((a) => a.label)).toEqual(['Station 2']);

    // Unticking the default alone keeps it: there is always one while any is saved.
    const edited = await api('PUT', `/${second.id}`, me, station(2, { label: 'Engine house', is_default: false }));
    expect(edited.json().address).toMatchObject({ label: 'Engine house', is_default: true });

    // Deleting the default makes the oldest one left the default.
    expect((await api('DELETE', `/${second.id}`, me)).statusCode).toBe(200);
    expect((await list(me)).map((a) => [a.label, a.is_default])).toEqual([
      ['Station 1', true],
      ['Station 3', false],
    ]);
  });

  it("checks the checkout's address rules with their messages and changes nothing on a 400", async () => {
    const me = await signedIn(app, 'other');
    const bad = await api('POST', '', me, station(1, { address_line1: ' ', city: '', state: 'CA', zip_code: '8520' }));
    expect(bad.statusCode).toBe(400);
    const text = bad.body;
    for (const m of ['Address is required', 'City is required', 'We ship within Arizona only (state AZ)'])
      expect(text).toContain(m);
    expect(await db.select().from(customerAddresses).where(eq(customerAddresses.userId, me.id))).toHaveLength(0);
    const long = await api('POST', '', me, station(1, { label: 'x'.repeat(61) }));
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain('The name must be at most 60 characters');
  });

  it("another customer's address is 404 for every action, and stays as it was", async () => {
    const owner = await signedIn(app, 'other');
    const other = await signedIn(app, 'other');
    const mine = (await api('POST', '', owner, station(7))).json().address;
    await api('POST', '', other, station(8));
    for (const [method, url, body] of [
      ['PUT', `/${mine.id}`, station(9)],
      ['POST', `/${mine.id}/default`, undefined],
      ['DELETE', `/${mine.id}`, undefined],
    ] as const) {
      const res = await api(method, url, other, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().error ?? res.json().message).toBe(ADDRESS_MESSAGES.notFound);
    }
    expect((await list(other)).map((a) => a.label)).toEqual(['Station 8']);
    expect((await list(owner)).map((a) => [a.label, a.is_default])).toEqual([['Station 7', true]]);
  });

  it(`keeps at most ${SAVED_ADDRESSES_MAX}`, async () => {
    const me = await signedIn(app, 'other');
    for (let i = 0; i < SAVED_ADDRESSES_MAX; i += 1)
      expect((await api('POST', '', me, station(i))).statusCode).toBe(201);
    const over = await api('POST', '', me, station(99));
    expect(over.statusCode).toBe(409);
    expect(over.body).toContain(ADDRESS_MESSAGES.tooMany);
  });

  it('two first addresses saved at once leave exactly one default', async () => {
    const me = await signedIn(app, 'other');
    const both = await Promise.all([api('POST', '', me, station(1)), api('POST', '', me, station(2))]);
    expect(both.map((r) => r.statusCode)).toEqual([201, 201]);
    expect((await list(me)).filter((a) => a.is_default)).toHaveLength(1);
  });
});
