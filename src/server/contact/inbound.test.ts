import crypto from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer';
import type Mail from 'nodemailer/lib/mailer';
import { afterAll, describe, expect, it } from 'vitest';
import type { ContactMessage, HeldMail } from '../../shared/contact';
import { conversations, heldMail, messages, outbox } from '../db/schema';
import { postContact, validGuest } from '../test/contact';
import { createTestApp } from '../test/harness';
import { json, signedIn, type SignedIn } from '../test/users';
import { startInboundSmtp } from './inbound/smtp-listener';

// E-mailed answers (docs/security.md#inbound-mail): through the signed webhook and the shop's own SMTP listener.
const SECRET = 'inbound-test-secret-0123456789';
const DOMAIN = 'replies.test';
const lines: string[] = [];
const { app, config } = await createTestApp(
  { INBOUND_SECRET: SECRET, REPLY_DOMAIN: DOMAIN, LOG_LEVEL: 'info' },
  { logStream: { write: (line: string) => void lines.push(line) } },
);
const db = app.deps.db;
const employee = await signedIn(app, 'employee');

const smtp = await startInboundSmtp({
  db,
  config: { ...config, inbound: { ...config.inbound, smtpPort: 0, smtpHost: '127.0.0.1' } },
  log: app.log,
});
afterAll(() => smtp.close());

const nowS = () => String(Math.floor(Date.now() / 1000));
const sign = (raw: Buffer, ts = nowS()) =>
  crypto.createHmac('sha256', SECRET).update(`${ts}.`).update(raw).digest('hex');
const webhook = (raw: Buffer, signature: string | null = null, ts = nowS(), signed = signature ?? sign(raw, ts)) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/contact/inbound',
    headers: {
      'content-type': 'message/rfc822',
      'x-inbound-timestamp': ts,
      ...(signature === 'none' ? {} : { 'x-inbound-signature': signed }),
    },
    payload: raw,
  });
const compose = (mail: Mail.Options) => new MailComposer(mail).compile().build();
const get = (url: string, who: SignedIn = employee) =>
  app.inject({ method: 'GET', url: `/api/v1${url}`, headers: who.headers });

/** A guest writes, staff answer: answers the conversation, the guest's address and the reply+token address of the staff mail. */
async function answeredConversation() {
  const guest = validGuest();
  const sent = await postContact(app, guest);
  expect(sent.statusCode).toBe(201);
  const { id, conversation_id } = sent.json() as { id: number; conversation_id: number };
  const reply = await app.inject({
    method: 'POST',
    url: `/api/v1/contact/${id}/send-reply`,
    headers: employee.headers,
    payload: JSON.stringify({ message: 'Yes we do, $6 per name.' }),
  });
  expect(reply.statusCode, reply.body).toBe(201);
  const [mail] = await db
    .select()
    .from(outbox)
    .where(eq(outbox.toAddress, guest.email))
    .orderBy(desc(outbox.id))
    .limit(1);
  return { conversationId: conversation_id, customer: guest.email, replyTo: mail!.replyTo!, mail: mail! };
}

const thread = async (conversationId: number) =>
  (await get(`/contact/thread/${conversationId}`)).json().messages as ContactMessage[];

// Return-Path: the envelope sender, as the delivering MTA writes it; it must be the customer's too.
const answer = (from: string, to: string, over: Mail.Options = {}) =>
  compose({
    from: `Mary Customer <${from}>`,
    headers: { 'Return-Path': `<${from}>`, ...(over.headers as Record<string, string> | undefined) },
    to,
    subject: 'Re: your message to Copper State Uniforms',
    text: 'Great, please add "J. SMITH" to both jackets.\n\n-- \nMary\n\nOn Mon, Mar 2, 2026 at 9:00 AM Copper State Uniforms <orders@copperstateuniforms.test> wrote:\n> Yes we do, $6 per name.\n',
    ...over,
    ...(over.headers ? { headers: { 'Return-Path': `<${from}>`, ...(over.headers as Record<string, string>) } } : {}),
  });

describe('staff mail names its conversation', () => {
  it('carries Reply-To reply+<128-bit token>@REPLY_DOMAIN and a Message-ID of ours, the same token every time', async () => {
    const first = await answeredConversation();
    expect(first.replyTo).toMatch(new RegExp(`^reply\\+[A-Za-z0-9_-]{22}@${DOMAIN.replace('.', '\\.')}$`));
    expect(first.mail.messageId).toMatch(new RegExp(`^<csu\\.[0-9a-f-]{36}@${DOMAIN.replace('.', '\\.')}>$`));
    const [c] = await db.select().from(conversations).where(eq(conversations.id, first.conversationId));
    expect(first.replyTo).toBe(`reply+${c!.replyToken}@${DOMAIN}`);
    const other = await answeredConversation();
    expect(other.replyTo).not.toBe(first.replyTo);
  });
});

describe('POST /contact/inbound (webhook)', () => {
  it('answers 401 to a missing or wrong signature and adds nothing', async () => {
    const { conversationId, customer, replyTo } = await answeredConversation();
    const raw = await answer(customer, replyTo);
    for (const signature of [
      'none',
      '',
      'sha256=00',
      sign(Buffer.from('something else')),
      sign(raw).toUpperCase() + '0',
    ]) {
      const res = await webhook(raw, signature);
      expect(res.statusCode, String(signature)).toBe(401);
      expect(res.json().code).toBe('BAD_SIGNATURE');
    }
    expect(await thread(conversationId)).toHaveLength(2);
  });

  it('is not refused as cross-site: its caller is a mail provider, authenticated by the signature', async () => {
    const { customer, replyTo } = await answeredConversation();
    const raw = await answer(customer, replyTo);
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/contact/inbound',
      headers: {
        'content-type': 'text/plain',
        origin: 'https://mx.provider.example',
        'x-inbound-timestamp': nowS(),
        'x-inbound-signature': `sha256=${sign(raw)}`,
      },
      payload: raw,
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('adds the customer answer as a pending e-mailed message: quoted history and signature cut, attachments listed', async () => {
    const { conversationId, customer, replyTo } = await answeredConversation();
    const raw = await answer(customer.toUpperCase(), replyTo, {
      attachments: [{ filename: 'logo.png', content: Buffer.alloc(2048, 1), contentType: 'image/png' }],
    });
    const res = await webhook(raw);
    expect(res.json()).toEqual({ success: true, outcome: 'added', reason: null });
    const last = (await thread(conversationId)).at(-1)!;
    expect(last).toMatchObject({
      direction: 'inbound',
      status: 'pending',
      source: 'email',
      message: 'Great, please add "J. SMITH" to both jackets.',
      attachments: [{ name: 'logo.png', size: 2048, type: 'image/png' }],
    });
    expect(lines.some((l) => l.includes('inbound mail added'))).toBe(true);
  });

  it('holds mail from another address for staff, who accept it into the conversation or discard it', async () => {
    const { conversationId, replyTo } = await answeredConversation();
    const res = await webhook(await answer('someone.else@example.test', replyTo));
    expect(res.json()).toMatchObject({ outcome: 'held', reason: 'other_address' });
    expect(await thread(conversationId)).toHaveLength(2);
    const held = (await get(`/contact/held?conversation_id=${conversationId}`)).json().held as HeldMail[];
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({ reason: 'other_address', from_address: 'someone.else@example.test' });

    const customer = await signedIn(app, 'other');
    const refused = await app.inject({
      method: 'POST',
      url: `/api/v1/contact/held/${held[0]!.id}/accept`,
      headers: customer.headers,
      payload: '{}',
    });
    expect(refused.statusCode).toBe(403);
    const accepted = await app.inject({
      method: 'POST',
      url: `/api/v1/contact/held/${held[0]!.id}/accept`,
      headers: employee.headers,
      payload: '{}',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await thread(conversationId)).at(-1)).toMatchObject({
      email: 'someone.else@example.test',
      status: 'pending',
    });
    expect(await db.select().from(heldMail).where(eq(heldMail.conversationId, conversationId))).toEqual([]);

    await webhook(await answer('third@example.test', replyTo));
    const [again] = (await get(`/contact/held?conversation_id=${conversationId}`)).json().held as HeldMail[];
    const discard = await app.inject({
      method: 'DELETE',
      url: `/api/v1/contact/held/${again!.id}`,
      headers: employee.headers,
    });
    expect(discard.statusCode).toBe(200);
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/v1/contact/held/${again!.id}`, headers: employee.headers }))
        .statusCode,
    ).toBe(404);
    expect(await thread(conversationId)).toHaveLength(3);
  });

  it('refuses an unknown token or no token, adding nothing anywhere', async () => {
    const { customer } = await answeredConversation();
    const [before] = await db.select({ n: sql<number>`count(*)::int` }).from(messages);
    const unknown = await webhook(
      await answer(customer, `reply+${crypto.randomBytes(16).toString('base64url')}@${DOMAIN}`),
    );
    expect(unknown.json()).toMatchObject({ outcome: 'refused', reason: 'unknown_token' });
    const none = await webhook(await answer(customer, 'orders@copperstateuniforms.test'));
    expect(none.json()).toMatchObject({ outcome: 'refused', reason: 'no_token' });
    const [after] = await db.select({ n: sql<number>`count(*)::int` }).from(messages);
    expect(after!.n).toBe(before!.n);
  });

  it('holds mail to a conversation archived for over 90 days, even from the customer', async () => {
    const { conversationId, customer, replyTo } = await answeredConversation();
    await db
      .update(conversations)
      .set({ archived: true, lastMessageAt: sql`now() - interval '91 days'` })
      .where(eq(conversations.id, conversationId));
    const res = await webhook(await answer(customer, replyTo));
    expect(res.json()).toMatchObject({ outcome: 'held', reason: 'expired' });
    expect(await thread(conversationId)).toHaveLength(2);
  });

  it.each([
    ['Auto-Submitted: auto-replied', { headers: { 'Auto-Submitted': 'auto-replied' } }],
    ['X-Autoreply', { headers: { 'X-Autoreply': 'yes' } }],
    ['Precedence: bulk', { headers: { Precedence: 'bulk' } }],
    ['Precedence: auto_reply', { headers: { Precedence: 'auto_reply' } }],
    ['our own Message-ID', { messageId: `<csu.${crypto.randomUUID()}@${DOMAIN}>` }],
  ] as [string, Mail.Options][])('drops a loop (%s) with a log line', async (_name, over) => {
    const { conversationId, customer, replyTo } = await answeredConversation();
    lines.length = 0;
    const res = await webhook(await answer(customer, replyTo, over));
    expect(res.json()).toMatchObject({ outcome: 'dropped', reason: 'loop' });
    expect(await thread(conversationId)).toHaveLength(2);
    expect(lines.some((l) => l.includes('inbound mail dropped') && l.includes('"reason":"loop"'))).toBe(true);
  });

  it('drops our own mail coming back (From the reply address) but takes Auto-Submitted: no', async () => {
    const { conversationId, customer, replyTo } = await answeredConversation();
    expect((await webhook(await answer(replyTo, replyTo))).json()).toMatchObject({
      outcome: 'dropped',
      reason: 'loop',
    });
    const human = await webhook(await answer(customer, replyTo, { headers: { 'Auto-Submitted': 'no' } }));
    expect(human.json()).toMatchObject({ outcome: 'added' });
    expect(await thread(conversationId)).toHaveLength(3);
  });

  it('takes an HTML-only answer as its text, the quoted history cut as in a text part (Gmail, Outlook)', async () => {
    const { conversationId, customer, replyTo } = await answeredConversation();
    const gmail = `<div dir="ltr">Yes, size <b>L</b> please.<br>Thanks &amp; regards</div><br>
      <div class="gmail_quote"><div dir="ltr" class="gmail_attr">On Tue, Nov 24, 2026 at 9:00 AM Copper State Uniforms
      &lt;${replyTo}&gt; wrote:<br></div><blockquote class="gmail_quote">Yes we do, $6 per name.</blockquote></div>`;
    const first = await webhook(await answer(customer, replyTo, { text: undefined, html: gmail }));
    expect(first.json()).toMatchObject({ outcome: 'added' });
    const outlook = `<html><head><style>p { margin: 0 }</style></head><body><p>Please ship to the station.</p>
      <p><img src="cid:logo" alt="Engine 7 logo"></p><hr><div id="divRplyFwdMsg"><b>From:</b> Copper State Uniforms
      <br><b>Sent:</b> Tuesday</div><div>Yes we do, $6 per name.</div></body></html>`;
    const second = await webhook(await answer(customer, replyTo, { text: undefined, html: outlook }));
    expect(second.json()).toMatchObject({ outcome: 'added' });
    expect((await thread(conversationId)).slice(-2).map((m) => m.message)).toEqual([
      'Yes, size L please.\nThanks & regards',
      'Please ship to the station.',
    ]);
    // A photo with no words arrives too, listed on an empty message.
    const photo = { filename: 'sizes.jpg', content: Buffer.alloc(512, 2), contentType: 'image/jpeg' };
    const third = await webhook(await answer(customer, replyTo, { text: '', attachments: [photo] }));
    expect(third.json()).toMatchObject({ outcome: 'added' });
    expect((await thread(conversationId)).at(-1)).toMatchObject({ message: '', attachments: [{ name: 'sizes.jpg' }] });
  });

  it('drops mail with no text at all and mail over 10 MB, with a log line', async () => {
    const { conversationId, customer, replyTo } = await answeredConversation();
    lines.length = 0;
    const empty = await webhook(await answer(customer, replyTo, { text: undefined }));
    expect(empty.json()).toMatchObject({ outcome: 'dropped', reason: 'no_text' });
    const huge = await webhook(
      await answer(customer, replyTo, {
        attachments: [{ filename: 'big.bin', content: crypto.randomBytes(8 * 1024 * 1024) }],
      }),
    );
    expect(huge.json()).toMatchObject({ outcome: 'dropped', reason: 'too_large' });
    expect(await thread(conversationId)).toHaveLength(2);
    expect(lines.filter((l) => l.includes('inbound mail dropped'))).toHaveLength(2);
  });
});

describe('the SMTP listener', () => {
  const transport = () =>
    nodemailer.createTransport({ host: '127.0.0.1', port: smtp.port, secure: false, ignoreTLS: true });

  it('takes real mail for a reply address into its conversation', async () => {
    const { conversationId, customer, replyTo } = await answeredConversation();
    const info = await transport().sendMail({
      from: `Mary <${customer}>`,
      to: replyTo,
      subject: 'Re: jackets',
      text: 'Sent by SMTP: two jackets please.\n\nOn Tue, Mar 3, 2026, Shop <orders@copperstateuniforms.test>\nwrote:\n> old text',
    });
    expect(info.accepted).toEqual([replyTo]);
    expect((await thread(conversationId)).at(-1)).toMatchObject({
      message: 'Sent by SMTP: two jackets please.',
      source: 'email',
      status: 'pending',
    });
  });

  it('refuses an unknown recipient at RCPT TO (550) and mail over 10 MB (552)', async () => {
    const { conversationId, customer, replyTo } = await answeredConversation();
    await expect(
      transport().sendMail({ from: customer, to: `reply+${'A'.repeat(22)}@${DOMAIN}`, text: 'hello there' }),
    ).rejects.toMatchObject({ responseCode: 550 });
    await expect(
      transport().sendMail({ from: customer, to: 'postmaster@elsewhere.example', text: 'relay me' }),
    ).rejects.toMatchObject({ responseCode: 550 });
    await expect(
      transport().sendMail({
        from: customer,
        to: replyTo,
        text: 'big',
        attachments: [{ filename: 'big.bin', content: crypto.randomBytes(8 * 1024 * 1024) }],
      }),
    ).rejects.toMatchObject({ responseCode: 552 });
    expect(await thread(conversationId)).toHaveLength(2);
  });

  it('puts mail from another address on hold, not in the thread', async () => {
    const { conversationId, replyTo } = await answeredConversation();
    await transport().sendMail({ from: 'stranger@example.test', to: replyTo, text: 'I am not the customer at all.' });
    expect(await thread(conversationId)).toHaveLength(2);
    expect((await get(`/contact/held?conversation_id=${conversationId}`)).json().held).toHaveLength(1);
  });
});

describe('held mail endpoints', () => {
  it('refuse guests and customers', async () => {
    const customer = await signedIn(app, 'other');
    for (const headers of [json, customer.headers]) {
      const res = await get('/contact/held', { headers } as SignedIn);
      expect([401, 403]).toContain(res.statusCode);
    }
  });
});

describe('security round 3: forged, replayed and unstorable inbound mail', () => {
  const transport = () =>
    nodemailer.createTransport({ host: '127.0.0.1', port: smtp.port, secure: false, ignoreTLS: true });
  const held = async (conversationId: number) =>
    (await get(`/contact/held?conversation_id=${conversationId}`)).json().held as HeldMail[];

  it('finding 3: SMTP mail with From the customer but MAIL FROM a stranger is held, not stored as theirs', async () => {
    const { conversationId, customer, replyTo } = await answeredConversation();
    const info = await transport().sendMail({
      envelope: { from: 'stranger@evil.example', to: [replyTo] },
      from: `Mary <${customer}>`,
      to: replyTo,
      text: 'Please ship everything to 1 Evil Way instead.',
    });
    expect(info.accepted).toEqual([replyTo]);
    expect(await thread(conversationId)).toHaveLength(2);
    expect((await held(conversationId)).map((h) => [h.reason, h.from_address])).toEqual([
      ['unverified_sender', customer],
    ]);
    // The null sender (<>) proves nothing either.
    await transport().sendMail({
      envelope: { from: '', to: [replyTo] },
      from: customer,
      to: replyTo,
      text: 'A bounce that claims to be Mary.',
    });
    expect(await thread(conversationId)).toHaveLength(2);
    expect(await held(conversationId)).toHaveLength(2);
  });

  it('finding 3: a webhook mail whose Return-Path or SPF/DKIM result is not the customer is held', async () => {
    const { conversationId, customer, replyTo } = await answeredConversation();
    const forged = await webhook(
      await answer(customer, replyTo, { headers: { 'Return-Path': '<bounce@evil.example>' } }),
    );
    expect(forged.json()).toMatchObject({ outcome: 'held', reason: 'unverified_sender' });
    const noEnvelope = await webhook(
      await compose({ from: customer, to: replyTo, text: 'No Return-Path at all on this one.' }),
    );
    expect(noEnvelope.json()).toMatchObject({ outcome: 'held', reason: 'unverified_sender' });
    const spfFail = await webhook(
      await answer(customer, replyTo, {
        headers: { 'Authentication-Results': 'mx.replies.test; spf=fail smtp.mailfrom=x; dkim=pass header.d=x' },
      }),
    );
    expect(spfFail.json()).toMatchObject({ outcome: 'held', reason: 'unverified_sender' });
    const passing = await webhook(
      await answer(customer, replyTo, {
        headers: { 'Authentication-Results': 'mx.replies.test; spf=pass smtp.mailfrom=x; dkim=pass header.d=x' },
      }),
    );
    expect(passing.json()).toMatchObject({ outcome: 'added' });
    expect(await thread(conversationId)).toHaveLength(3);
  });

  it('finding 4: the same signed webhook body 7 times is stored once', async () => {
    const { conversationId, customer, replyTo } = await answeredConversation();
    const raw = await answer(customer, replyTo);
    const ts = nowS();
    const outcomes = [];
    for (let i = 0; i < 7; i += 1) outcomes.push((await webhook(raw, sign(raw, ts), ts)).json().reason);
    expect(outcomes).toEqual([null, ...Array(6).fill('duplicate')]);
    expect(await thread(conversationId)).toHaveLength(3);
  });

  it('finding 4: a signature over a timestamp more than 5 minutes from now, either way, is 401', async () => {
    const { conversationId, customer, replyTo } = await answeredConversation();
    const raw = await answer(customer, replyTo);
    for (const skew of [-301, 301, -3600]) {
      const ts = String(Math.floor(Date.now() / 1000) + skew);
      const res = await webhook(raw, sign(raw, ts), ts);
      expect(res.statusCode, String(skew)).toBe(401);
    }
    expect((await webhook(raw, 'none')).statusCode).toBe(401);
    expect(await thread(conversationId)).toHaveLength(2);
  });

  it('finding 4: 40 SMTP copies of one Message-ID are stored once; a sender is limited to 20 mails an hour', async () => {
    const { conversationId, customer, replyTo } = await answeredConversation();
    const results = [];
    for (let i = 0; i < 40; i += 1) {
      results.push(
        await transport()
          .sendMail({
            from: customer,
            to: replyTo,
            messageId: '<same-copy-1@mail.example>',
            text: 'One answer, delivered forty times.',
          })
          .then(
            () => 250,
            (err: { responseCode?: number }) => err.responseCode,
          ),
      );
    }
    expect(await thread(conversationId)).toHaveLength(3);
    expect(results.slice(0, 20)).toEqual(Array(20).fill(250));
    expect(results.slice(20)).toEqual(Array(20).fill(451));
    // Distinct mail from a limited sender is dropped too (the webhook answers, the provider does not retry).
    const more = await webhook(await answer(customer, replyTo, { text: 'Yet another different message.' }));
    expect(more.json()).toMatchObject({ outcome: 'dropped', reason: 'rate_limited' });
    expect(await thread(conversationId)).toHaveLength(3);
  });

  it('finding 5: a NUL byte is cleaned out and the mail stored (250, not 451), and no body reaches the log', async () => {
    const { conversationId, customer, replyTo } = await answeredConversation();
    const before = lines.length;
    const info = await transport().sendMail({
      from: `Ma\0ry <${customer}>`,
      to: replyTo,
      subject: 'Re: nul\0',
      text: 'Secret-body-marker one\0two: please add a name.',
      attachments: [{ filename: 'a\0b.txt', content: 'x' }],
    });
    expect(info.accepted).toEqual([replyTo]);
    const last = (await thread(conversationId)).at(-1)!;
    expect(last).toMatchObject({ message: 'Secret-body-marker onetwo: please add a name.', source: 'email' });
    const logged = lines.slice(before).join('\n');
    expect(logged).not.toContain('Secret-body-marker');
    // No 451 answer was logged: as an SMTP reply ("451 Try again") or a code field; a bare 451 may be a byte count.
    expect(logged).not.toMatch(/\b451[ -][A-Za-z]|"(?:code|responseCode|statusCode)":451\b/);
  });
});
