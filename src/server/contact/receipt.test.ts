import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BUSINESS } from '../../shared/business';
import { outbox } from '../db/schema';
import { mailsTo } from '../test/orders';
import { postContact, validGuest } from '../test/contact';
import { createTestApp } from '../test/harness';
import { signedIn } from '../test/users';

// A guest who writes through the contact form gets a receipt: the message arrived, their words quoted (links
// disarmed, as anyone can type any address), and how to reach the shop.
const { app } = await createTestApp();

describe('the contact receipt', () => {
  it("mails a guest a receipt with their message quoted and the shop's address and hours", async () => {
    const payload = validGuest({ message: 'Do you embroider names on jackets?\nSee www.evil.example/x please' });
    const res = await postContact(app, payload);
    expect(res.statusCode, res.body).toBe(201);
    const mails = (await mailsTo(app, payload.email)).filter((m) => m.kind === 'contact_receipt');
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe(`We received your message - ${BUSINESS.name}`);
    const lines = mail.textBody.split('\n');
    expect(lines).toContain('We received your message');
    expect(lines).toContain('Your message:');
    expect(lines[lines.indexOf('Your message:') + 1]).toBe('> Do you embroider names on jackets?');
    expect(lines[lines.indexOf('Your message:') + 2]).toBe('> See www[.]evil[.]example/x please');
    expect(mail.textBody).not.toContain('evil.example');
    expect(mail.htmlBody).not.toContain('evil.example');
    expect(lines).toContain('2150 W Grant St, Phoenix, AZ 85009');
    expect(lines).toContain('Open Monday to Friday, 08:00-17:00');
    expect(mail.htmlBody).toContain('Open Monday to Friday, 08:00-17:00');
    // The typed name never reaches a stranger's inbox as the shop's words.
    expect(mail.textBody).not.toContain(payload.name);
  });

  it('sends no receipt for a refused message, nor to a signed-in sender (they see it in the shop)', async () => {
    const bad = validGuest({ message: 'Too short' });
    expect((await postContact(app, bad)).statusCode).toBe(400);
    expect(await mailsTo(app, bad.email)).toHaveLength(0);

    const user = await signedIn(app, 'other');
    const sent = await postContact(
      app,
      {
        contact_type: 'user',
        name: 'Pat Doe',
        email: user.email,
        message: 'Can you add a flag to my last order?',
        reason: 'general',
        order_id: null,
        order_number: null,
      },
      { headers: user.headers },
    );
    expect(sent.statusCode, sent.body).toBe(201);
    const receipts = await app.deps.db.select().from(outbox).where(eq(outbox.toAddress, user.email));
    expect(receipts.filter((m) => m.kind === 'contact_receipt')).toHaveLength(0);
  });
});
