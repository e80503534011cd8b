import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { conversations, messages, outbox, settings } from '../db/schema';
import { createTestApp } from '../test/harness';
import { signedIn } from '../test/users';
import { CONTACT_LIMITS, SIGN_IN_TO_SEND } from './submit';
import { createOrder, postContact, validGuest } from '../test/contact';

const { app } = await createTestApp();
const db = app.deps.db;

type ErrorBody = { success: false; detail: string; message: string; errors?: { field: string; message: string }[] };
const fieldMessage = (body: ErrorBody, field: string) => body.errors?.find((e) => e.field === field)?.message;

describe('POST /contact field rules (docs/product.md#validation-messages, exact messages)', () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['name missing', { name: undefined }, 'name', 'Name is required'],
    ['name blank', { name: '   ' }, 'name', 'Name is required'],
    ['name short', { name: 'A' }, 'name', 'Name must be at least 2 characters'],
    ['name long', { name: 'A'.repeat(50) }, 'name', 'Name must be less than 50 characters'],
    ['name digits', { name: 'R2 D2' }, 'name', 'Name can only contain letters, spaces, hyphens, and apostrophes'],
    ['email missing', { email: undefined }, 'email', 'Email is required'],
    ['email blank', { email: '' }, 'email', 'Email is required'],
    ['email bad', { email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
    ['email long', { email: `${'a'.repeat(250)}@x.com` }, 'email', 'Email is too long'],
    ['phone short', { phone: '602555' }, 'phone', 'Phone number must be 10 digits'],
    ['phone long', { phone: '602555019912' }, 'phone', 'Phone number is too long'],
    ['message missing', { message: undefined }, 'message', 'Message is required'],
    ['message blank', { message: '  ' }, 'message', 'Message is required'],
    ['message short', { message: 'Too short message' }, 'message', 'Message must be at least 20 characters'],
    ['message long', { message: 'x'.repeat(1000) }, 'message', 'Message must be less than 1000 characters'],
  ];
  it.each(cases)('guest form: %s', async (_label, change, field, text) => {
    const res = await postContact(app, validGuest(change));
    expect(res.statusCode).toBe(400);
    const body = res.json() as ErrorBody;
    expect(fieldMessage(body, field)).toBe(text);
    expect(body.detail).toBe(body.errors![0]!.message);
  });

  it('accepts the boundaries: 2 and 49 character names, 20 and 999 character messages, no phone', async () => {
    for (const change of [
      { name: 'Al', message: 'x'.repeat(20) },
      { name: 'A'.repeat(49), message: 'y'.repeat(999), phone: '' },
    ]) {
      const res = await postContact(app, validGuest(change));
      expect(res.statusCode, res.body).toBe(201);
    }
  });

  it('signed-in form: reason required, an order required for order reasons, message rules apply', async () => {
    const user = await signedIn(app, 'other');
    const base = {
      contact_type: 'user',
      name: 'Pat Doe',
      email: user.email,
      message: 'A question about my order, please.',
    };
    const noReason = (await postContact(app, base, { headers: user.headers })).json() as ErrorBody;
    expect(fieldMessage(noReason, 'reason')).toBe('Please select a reason');
    const badReason = (
      await postContact(app, { ...base, reason: 'refund' }, { headers: user.headers })
    ).json() as ErrorBody;
    expect(fieldMessage(badReason, 'reason')).toBe('Please select a reason');
    for (const reason of ['order_question', 'order_problem']) {
      const res = await postContact(app, { ...base, reason, order_id: null }, { headers: user.headers });
      expect(res.statusCode).toBe(400);
      expect(fieldMessage(res.json(), 'order_id')).toBe('Please select an order');
    }
    const short = (
      await postContact(app, { ...base, reason: 'general', message: 'short' }, { headers: user.headers })
    ).json() as ErrorBody;
    expect(fieldMessage(short, 'message')).toBe('Message must be at least 20 characters');
  });
});

describe('POST /contact storing and notifying', () => {
  it('stores a guest message as pending in the sender conversation and e-mails every active staff member', async () => {
    const employee = await signedIn(app, 'employee');
    const inactive = await signedIn(app, 'employee', { isActive: false });
    const payload = validGuest();
    const res = await postContact(app, payload, { url: '/api/v1/contact/' });
    expect(res.statusCode).toBe(201);
    const { id, conversation_id } = res.json() as { id: number; conversation_id: number };
    const [m] = await db.select().from(messages).where(eq(messages.id, id));
    expect(m).toMatchObject({
      conversationId: conversation_id,
      status: 'pending',
      direction: 'inbound',
      phone: '6025550199',
      contactType: 'guest',
      reason: 'general',
    });
    const mails = await db.select().from(outbox).where(eq(outbox.kind, 'contact_staff_notification'));
    const recipients = mails.filter((o) => o.textBody.includes(payload.email)).map((o) => o.toAddress);
    expect(recipients).toContain(employee.email);
    expect(recipients).not.toContain(inactive.email);
    expect(recipients.length).toBeGreaterThanOrEqual(2); // the seeded admins too
  });

  it('sends no staff e-mail when the setting is off', async () => {
    await db.update(settings).set({ notifyStaffOnContact: false });
    try {
      const payload = validGuest();
      expect((await postContact(app, payload)).statusCode).toBe(201);
      const mails = await db.select().from(outbox).where(eq(outbox.kind, 'contact_staff_notification'));
      expect(mails.filter((o) => o.textBody.includes(payload.email))).toHaveLength(0);
    } finally {
      await db.update(settings).set({ notifyStaffOnContact: true });
    }
  });

  it('keeps one conversation per address and brings an archived one back with a new message', async () => {
    const payload = validGuest();
    const first = (await postContact(app, payload)).json() as { conversation_id: number };
    await db.update(conversations).set({ archived: true }).where(eq(conversations.id, first.conversation_id));
    const second = (
      await postContact(app, {
        ...payload,
        email: payload.email.toUpperCase(),
        message: 'Following up on my question from before.',
      })
    ).json() as { conversation_id: number };
    expect(second.conversation_id).toBe(first.conversation_id);
    const [c] = await db.select().from(conversations).where(eq(conversations.id, first.conversation_id));
    expect(c!.archived).toBe(false);
    expect(await db.$count(messages, eq(messages.conversationId, c!.id))).toBe(2);
  });

  it('refuses a filled honeypot and stores and sends nothing', async () => {
    const payload = validGuest({ website: 'http://spam.example' });
    const [before, mailBefore] = [await db.$count(messages), await db.$count(outbox)];
    const res = await postContact(app, payload);
    expect(res.statusCode).toBe(400);
    expect((await db.$count(messages)) - before).toBe(0);
    expect((await db.$count(outbox)) - mailBefore).toBe(0);
    expect(await db.$count(conversations, eq(conversations.email, payload.email))).toBe(0);
  });

  it('links a signed-in sender: own order accepted with its number, another customer order refused', async () => {
    const user = await signedIn(app, 'other');
    const other = await signedIn(app, 'other');
    const mine = await createOrder(app, user.id);
    const theirs = await createOrder(app, other.id);
    const base = {
      contact_type: 'user',
      name: 'Pat Doe',
      email: user.email,
      message: 'Where is my order? It has been a week.',
      reason: 'order_question',
    };

    const refused = await postContact(
      app,
      { ...base, order_id: theirs.id, order_number: theirs.orderNumber },
      { headers: user.headers },
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toBe('Please select an order');

    const missing = await postContact(app, { ...base, order_id: 999999 }, { headers: user.headers });
    expect(missing.statusCode).toBe(400);

    const guest = await postContact(app, { ...base, order_id: mine.id });
    expect(guest.statusCode).toBe(401);
    expect(guest.json().detail).toBe(SIGN_IN_TO_SEND);

    const res = await postContact(
      app,
      { ...base, order_id: String(mine.id), order_number: 'FORGED' },
      { headers: user.headers },
    );
    expect(res.statusCode, res.body).toBe(201);
    const [m] = await db.select().from(messages).where(eq(messages.id, res.json().id));
    expect(m).toMatchObject({
      contactType: 'user',
      reason: 'order_question',
      orderId: mine.id,
      orderNumber: mine.orderNumber,
    });
    const [c] = await db.select().from(conversations).where(eq(conversations.id, m!.conversationId));
    expect(c!.userId).toBe(user.id);
  });

  it("takes a signed-in sender's address from the session, never from the body", async () => {
    const user = await signedIn(app, 'other');
    const victim = await signedIn(app, 'other');
    const body = {
      contact_type: 'user',
      name: 'Pat Doe',
      email: victim.email,
      message: 'Please cancel all of my orders right away.',
      reason: 'general',
    };
    const res = await postContact(app, body, { headers: user.headers });
    expect(res.statusCode).toBe(201);
    const [m] = await db.select().from(messages).where(eq(messages.id, res.json().id));
    expect(m!.email).toBe(user.email);
    const [c] = await db.select().from(conversations).where(eq(conversations.id, m!.conversationId));
    expect(c).toMatchObject({ email: user.email, userId: user.id });
    expect(await db.$count(conversations, eq(conversations.userId, victim.id))).toBe(0);
  });

  it("keeps a guest message apart from a signed-in user's conversation: no joining, renaming or rate-limiting it", async () => {
    const user = await signedIn(app, 'other');
    const own = await postContact(
      app,
      {
        contact_type: 'user',
        name: 'Real Owner',
        email: user.email,
        message: 'A question about sizes for my crew.',
        reason: 'general',
      },
      { headers: user.headers },
    );
    expect(own.statusCode).toBe(201);
    for (let i = 0; i < CONTACT_LIMITS.perAddress + 1; i++) {
      const res = await postContact(app, validGuest({ email: user.email, name: 'Mallory Fake' }), {
        ip: `198.51.100.${i + 20}`,
      });
      expect(res.statusCode).toBe(i < CONTACT_LIMITS.perAddress ? 201 : 429);
      if (res.statusCode === 201) expect(res.json().conversation_id).not.toBe(own.json().conversation_id);
    }
    const [c] = await db.select().from(conversations).where(eq(conversations.id, own.json().conversation_id));
    expect(c).toMatchObject({ name: 'Real Owner', userId: user.id });
    expect(await db.$count(messages, eq(messages.conversationId, c!.id))).toBe(1);
    const again = await postContact(
      app,
      {
        contact_type: 'user',
        name: 'Real Owner',
        email: user.email,
        message: 'Still the owner, still writing here.',
        reason: 'general',
      },
      { headers: user.headers },
    );
    expect(again.statusCode).toBe(201);
    expect(again.json().conversation_id).toBe(own.json().conversation_id);
  });

  it('limits messages per address and per IP with a 429 naming the wait', async () => {
    const email = validGuest().email;
    for (let i = 0; i < CONTACT_LIMITS.perAddress; i++)
      expect((await postContact(app, validGuest({ email }))).statusCode).toBe(201);
    const perAddress = await postContact(app, validGuest({ email }));
    expect(perAddress.statusCode).toBe(429);
    expect(perAddress.json().detail).toMatch(/^Too many messages\. Please try again in \d+ minutes\.$/);
    expect(Number(perAddress.headers['retry-after'])).toBeGreaterThan(0);

    const ip = '192.0.2.77';
    for (let i = 0; i < CONTACT_LIMITS.perIp; i++)
      expect((await postContact(app, validGuest(), { ip })).statusCode).toBe(201);
    expect((await postContact(app, validGuest(), { ip })).statusCode).toBe(429);
  });

  it('takes its per-IP ceiling from CONTACT_IP_LIMIT (an office behind one address)', async () => {
    const office = await createTestApp({ CONTACT_IP_LIMIT: String(CONTACT_LIMITS.perIp + 5) });
    expect(office.app.deps.config.contactIpLimit).toBe(CONTACT_LIMITS.perIp + 5);
    const ip = '192.0.2.78';
    for (let i = 0; i < CONTACT_LIMITS.perIp + 5; i++)
      expect((await postContact(office.app, validGuest(), { ip })).statusCode).toBe(201);
    expect((await postContact(office.app, validGuest(), { ip })).statusCode).toBe(429);
  });

  it('defaults CONTACT_IP_LIMIT to the documented ceiling', () => {
    expect(app.deps.config.contactIpLimit).toBe(CONTACT_LIMITS.perIp);
  });
});
