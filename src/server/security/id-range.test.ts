import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/harness';
import { signedIn } from '../test/users';

// Security round 3, finding 9: an id beyond PostgreSQL's integer range (2^31) is refused by the request's schema
// (400 VALIDATION_ERROR) and never reaches the database, which would log the query ("database refused a request value").
const lines: string[] = [];
const { app } = await createTestApp(
  { LOG_LEVEL: 'info' },
  { logStream: { write: (line: string) => void lines.push(line) } },
);
const admin = await signedIn(app, 'admin');
const customer = await signedIn(app, 'other');
const TOO_BIG = 2_147_483_648;

type Case = [string, string, string, unknown, 'admin' | 'customer'];
const cases: Case[] = [
  ['bulk status', 'POST', '/orders/admin/bulk-status', { order_ids: [1, TOO_BIG], status: 'pending' }, 'admin'],
  ['cart line', 'POST', '/cart/items', { product_id: TOO_BIG, size: 'M', quantity: 1, customizations: [] }, 'customer'],
  [
    'contact order',
    'POST',
    '/contact',
    {
      contact_type: 'user',
      name: 'Pat Lee',
      email: 'x@example.test',
      reason: 'order_question',
      order_id: TOO_BIG,
      message: 'Where is my order, please tell me.',
    },
    'customer',
  ],
  ['assignee', 'PUT', '/contact/conversations/1/assignee', { user_id: TOO_BIG }, 'admin'],
  [
    'department catalogue',
    'POST',
    '/departments/',
    {
      name: 'Range Dept',
      domains: [],
      approver_emails: [],
      requires_approval: false,
      tax_exempt: false,
      product_ids: [TOO_BIG],
    },
    'admin',
  ],
  ['production sheet', 'GET', `/orders/admin/production?order_ids=1,${TOO_BIG}`, undefined, 'admin'],
  ['order list department', 'GET', `/orders/admin/all?department_id=${TOO_BIG}`, undefined, 'admin'],
  ['order path', 'GET', `/orders/admin/${TOO_BIG}`, undefined, 'admin'],
  ['cart line path', 'PUT', `/cart/items/${TOO_BIG}`, { quantity: 1 }, 'customer'],
];

describe('ids beyond the integer column range', () => {
  it.each(cases)('%s: %s %s answers 400 from its schema, no query run', async (_name, method, url, body, who) => {
    const before = lines.length;
    const res = await app.inject({
      method: method as 'GET',
      url: `/api/v1${url}`,
      headers: (who === 'admin' ? admin : customer).headers,
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    const logged = lines.slice(before).join('\n');
    expect(logged).not.toContain('database refused a request value');
    expect(logged.toLowerCase()).not.toMatch(/select |insert into|update "/);
  });
});
