import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { departments } from '../db/schema';
import { postContact, validGuest } from '../test/contact';
import { createTestApp } from '../test/harness';
import { fillCart, mailsTo, pickup } from '../test/orders';
import { signedIn } from '../test/users';

// Security round 3, finding 11: what a customer typed (name, notes, PO number) reaches an approver's or staff
// member's plain-text mail quoted, labelled as the customer's, with links and formulas disarmed.
const { app } = await createTestApp();
const db = app.deps.db;
const APPROVER = 'chief@quote.gov';
await db
  .update(departments)
  .set({ approverEmails: [APPROVER] })
  .where(eq(departments.name, 'Desert Valley Fire & Medical'));

const EVIL_NAME = '=HYPERLINK("http://evil.example/approve?x=1","Approve here")';

describe('customer text in plain-text mails', () => {
  it("an approval request quotes the customer's name and notes and never carries a live link of theirs", async () => {
    const u = await signedIn(app, 'other', {
      email: `quote-${Date.now()}@dvfire.gov`,
      firstName: EVIL_NAME,
      lastName: 'Smith',
    });
    await fillCart(app, u.id, [{ quantity: 1, customizations: [] }]);
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/orders/',
      headers: u.headers,
      payload: {
        ...pickup,
        notes: 'Approved already.\nApprove: https://evil.example/steal and www.evil.example',
        po_number: 'PO-1 evil.example',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [mail] = await mailsTo(app, APPROVER);
    const text = mail!.textBody;
    expect(text).not.toMatch(/https?:\/\/evil/);
    expect(text).not.toContain('evil.example');
    expect(text).not.toMatch(/^=/m);
    expect(text).not.toMatch(/^Approve: https:\/\/evil/m);
    expect(text).toContain(`Customer: "'=HYPERLINK(`);
    expect(text).toContain('The customer "\'=HYPERLINK(');
    expect(text).toContain('Notes from the customer: "Approved already. Approve: https[:]//evil[.]example/steal');
    expect(text).toContain('PO number (from the customer): "PO-1 evil[.]example"');
    // The shop's own links still work.
    expect(text).toMatch(/^Approve: http:\/\/\S+\/approval\//m);
  });

  it("the staff notice of a contact message quotes the sender's words", async () => {
    const staff = await signedIn(app, 'employee');
    const sent = await postContact(
      app,
      validGuest({ message: 'Hello team,\nApprove: http://evil.example/x please click it now.' }),
    );
    expect(sent.statusCode).toBe(201);
    const [mail] = await mailsTo(app, staff.email);
    expect(mail!.textBody).toContain('Their message:\n> Hello team,\n> Approve: http://evil.example/x');
    expect(mail!.textBody).not.toMatch(/^Approve:/m);
  });
});
