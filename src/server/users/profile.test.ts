import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { createTestApp } from '../test/harness';
import { json, signedIn } from '../test/users';

const { app } = await createTestApp();

const valid = {
  first_name: 'Ana',
  last_name: 'Lopez',
  phone: '(602) 555-0143',
  address_line1: '',
  address_line2: '',
  city: '',
  state: 'AZ',
  zip_code: '',
};

async function newCustomer() {
  return signedIn(app, 'other', {
    firstName: null,
    lastName: null,
    phone: null,
    zipCode: null,
    city: null,
    addressLine1: null,
    needsProfileCompletion: true,
    profileCompleted: false,
  });
}

const put = (headers: Record<string, string>, payload: unknown) =>
  app.inject({ method: 'PUT', url: '/api/v1/users/profile/', headers, payload: payload as object });

describe('GET /users/profile/', () => {
  it('answers the signed-in user, incomplete at first', async () => {
    const u = await newCustomer();
    const res = await app.inject({ method: 'GET', url: '/api/v1/users/profile/', headers: u.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      user: { id: u.id, email: u.email, profile_completed: false, needs_profile_completion: true, state: 'AZ' },
    });
  });

  it('refuses guests with 401', async () => {
    for (const url of ['/api/v1/users/profile/', '/api/v1/users/profile']) {
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect((await app.inject({ method: 'PUT', url, headers: json, payload: valid })).statusCode).toBe(401);
    }
  });
});

describe('PUT /users/profile/', () => {
  it('completes the profile: digits-only phone, empty optional fields become null, state AZ', async () => {
    const u = await newCustomer();
    const res = await put(u.headers, { ...valid, state: 'CA' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      user: expect.objectContaining({
        first_name: 'Ana',
        last_name: 'Lopez',
        phone: '6025550143',
        address_line1: null,
        address_line2: null,
        city: null,
        zip_code: null,
        state: 'AZ',
        profile_completed: true,
        needs_profile_completion: false,
      }),
    });
    const [row] = await app.deps.db.select().from(users).where(eq(users.id, u.id));
    expect(row).toMatchObject({
      phone: '6025550143',
      profileCompleted: true,
      needsProfileCompletion: false,
      addressLine1: null,
    });
  });

  it('stores the address when given', async () => {
    const u = await newCustomer();
    const res = await put(u.headers, {
      ...valid,
      address_line1: ' 1 Main St ',
      address_line2: 'Unit 4',
      city: 'Mesa',
      zip_code: '85201',
    });
    expect(res.json().user).toMatchObject({
      address_line1: '1 Main St',
      address_line2: 'Unit 4',
      city: 'Mesa',
      zip_code: '85201',
    });
  });

  it.each([
    ['first name missing', { first_name: '' }, 'first_name', 'First name is required'],
    ['first name blank', { first_name: '   ' }, 'first_name', 'First name is required'],
    ['last name missing', { last_name: undefined }, 'last_name', 'Last name is required'],
    ['phone missing', { phone: undefined }, 'phone', 'Phone number is required'],
    ['phone empty', { phone: '' }, 'phone', 'Phone number is required'],
    ['phone short', { phone: '(602) 555-01' }, 'phone', 'Phone number must be 10 digits'],
    ['phone long', { phone: '60255501439' }, 'phone', 'Phone number must be 10 digits'],
    ['zip short', { zip_code: '8500' }, 'zip_code', 'ZIP code must be 5 digits'],
    ['zip letters', { zip_code: '85OO4' }, 'zip_code', 'ZIP code must be 5 digits'],
    ['zip+4', { zip_code: '85004-1234' }, 'zip_code', 'ZIP code must be 5 digits'],
  ])('refuses %s with the documented message', async (_name, change, field, message) => {
    const u = await newCustomer();
    const res = await put(u.headers, { ...valid, ...change });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.detail).toBe(message);
    expect(body.message).toBe(message);
    expect(body.errors).toContainEqual({ field, message });
    const [row] = await app.deps.db.select().from(users).where(eq(users.id, u.id));
    expect(row!.profileCompleted).toBe(false);
  });

  it('lets a completed profile be edited and only touches the caller', async () => {
    const a = await signedIn(app, 'other');
    const b = await signedIn(app, 'other');
    const res = await put(a.headers, { ...valid, first_name: 'Renamed', zip_code: '85004' });
    expect(res.json().user).toMatchObject({ id: a.id, first_name: 'Renamed', profile_completed: true });
    const [other] = await app.deps.db.select().from(users).where(eq(users.id, b.id));
    expect(other!.firstName).toBe('Test');
  });

  it('staff complete their profile the same way', async () => {
    const e = await signedIn(app, 'employee', { profileCompleted: false, needsProfileCompletion: true });
    const res = await put(e.headers, valid);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ role: 'employee', profile_completed: true });
  });
});
