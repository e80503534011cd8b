import { describe, expect, it } from 'vitest';
import { departments, orders } from '../db/schema';
import { createTestApp } from '../test/harness';
import { signedIn } from '../test/users';
import { DEPARTMENT_IN_USE } from './admin-service';
import { findDepartmentForEmail } from './service';

const { app } = await createTestApp();
const db = app.deps.db;
const admin = await signedIn(app, 'admin');
const h = admin.headers;

const create = (payload: object) => app.inject({ method: 'POST', url: '/api/v1/departments/', headers: h, payload });
const patch = (id: number, payload: object) =>
  app.inject({ method: 'PATCH', url: `/api/v1/departments/${id}`, headers: h, payload });

describe('departments', () => {
  it('lists the seeded department', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/departments/', headers: h });
    expect(res.statusCode).toBe(200);
    expect(res.json().departments).toContainEqual(
      expect.objectContaining({
        name: 'Desert Valley Fire & Medical',
        domains: ['dvfire.gov'],
        requires_approval: true,
      }),
    );
  });

  it('creates one with normalised domains and e-mails; membership follows it', async () => {
    const res = await create({
      name: '  Mesa Parks ',
      domains: ['@MesaParks.gov', 'mesaparks.gov'],
      member_emails: ['Temp@Gmail.com'],
      approver_emails: ['boss@mesaparks.gov'],
      requires_approval: true,
      tax_exempt: true,
    });
    expect(res.statusCode).toBe(201);
    const d = res.json().department;
    expect(d).toMatchObject({
      name: 'Mesa Parks',
      domains: ['mesaparks.gov'],
      member_emails: ['temp@gmail.com'],
      approver_emails: ['boss@mesaparks.gov'],
      tax_exempt: true,
    });
    expect((await findDepartmentForEmail(db, 'worker@mesaparks.gov'))?.id).toBe(d.id);
    expect((await findDepartmentForEmail(db, 'temp@gmail.com'))?.id).toBe(d.id);
  });

  it.each([
    [{ name: '' }, 'Department name is required'],
    [{ name: 'A', domains: ['not a domain'] }, 'Enter valid domains such as example.gov'],
    [{ name: 'A', approver_emails: ['nope'] }, 'Approver e-mails must be valid e-mail addresses'],
    [{ name: 'A', member_emails: ['x@'], requires_approval: false }, 'Member e-mails must be valid e-mail addresses'],
    [
      { name: 'A', requires_approval: true, approver_emails: [] },
      'Add at least one approver e-mail when approval is required',
    ],
  ])('refuses %j', async (body, message) => {
    const res = await create(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(message);
  });

  it('refuses a domain or member that another department already has', async () => {
    const dup = await create({ name: 'Copy', domains: ['dvfire.gov'], requires_approval: false });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().detail).toBe('The domain dvfire.gov already belongs to Desert Valley Fire & Medical');
  });

  it('patches only what is sent and keeps the approver rule on the result', async () => {
    const made = (await create({ name: 'Tempe PD', domains: ['tempepd.gov'], requires_approval: false })).json()
      .department;
    const renamed = await patch(made.id, { name: 'Tempe Police' });
    expect(renamed.json().department).toMatchObject({
      name: 'Tempe Police',
      domains: ['tempepd.gov'],
      requires_approval: false,
      tax_exempt: false,
    });
    const needsApprover = await patch(made.id, { requires_approval: true });
    expect(needsApprover.statusCode).toBe(400);
    expect(needsApprover.json().detail).toBe('Add at least one approver e-mail when approval is required');
    const fine = await patch(made.id, { requires_approval: true, approver_emails: ['chief@tempepd.gov'] });
    expect(fine.json().department).toMatchObject({ requires_approval: true, approver_emails: ['chief@tempepd.gov'] });
    expect((await patch(99_999_999, { name: 'X' })).statusCode).toBe(404);
  });

  it('deletes an unused department and refuses one that orders reference', async () => {
    const unused = (await create({ name: 'Gone', domains: ['gone.gov'], requires_approval: false })).json().department;
    const del = await app.inject({ method: 'DELETE', url: `/api/v1/departments/${unused.id}`, headers: h });
    expect(del.statusCode).toBe(200);
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/v1/departments/${unused.id}`, headers: h })).statusCode,
    ).toBe(404);

    const used = (await create({ name: 'Used', domains: ['used.gov'], requires_approval: false })).json().department;
    const cust = await signedIn(app, 'other');
    await db.insert(orders).values({
      orderNumber: `D-${Date.now()}`,
      userId: cust.id,
      placedBy: cust.id,
      status: 'pending',
      fulfillment: 'pickup',
      subtotalCents: 100,
      taxCents: 0,
      taxRatePpm: 0,
      shippingCents: 0,
      totalCents: 100,
      departmentId: used.id,
    });
    const refused = await app.inject({ method: 'DELETE', url: `/api/v1/departments/${used.id}`, headers: h });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(DEPARTMENT_IN_USE);
    expect((await db.select().from(departments)).some((d) => d.id === used.id)).toBe(true);
  });
});
