import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/harness';
import { recordStatements } from '../test/statement-count';
import { signedIn, type SignedIn } from '../test/users';
import { fillCart, pickup, someProducts } from '../test/orders';

// What a checkout costs in round trips to the database, pinned so it cannot creep back: every statement is a socket
// write and a wait, and the ones inside the transaction hold the order's locks (docs/performance.md).
const { app } = await createTestApp({ SHOP_NOTIFY_EMAIL: 'shop@example.test' });
const recorded = recordStatements(app.deps.db);
const admin = await signedIn(app, 'admin');
const [a, b] = await someProducts(app, 2);

let keys = 0;
async function checkoutStatements(who: SignedIn) {
  await fillCart(app, who.id, [
    { productId: a!.id, quantity: 2, customizations: [{ type: 'add_name', position: 'left_side', text: 'SMITH' }] },
    { productId: b!.id, quantity: 1 },
  ]);
  recorded.statements.length = 0;
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/orders/',
    headers: { ...who.headers, 'idempotency-key': `statements-${++keys}` },
    payload: pickup,
  });
  expect(res.statusCode).toBe(201);
  const statements = [...recorded.statements];
  const begin = statements.indexOf('begin');
  return { all: statements.length, inTransaction: statements.length - begin, statements };
}

/** A checkout first, so the caches every request shares (the decoration kinds' prices) are warm. */
async function warm(who: SignedIn) {
  await checkoutStatements(who);
  return checkoutStatements(who);
}

describe('POST /orders/ round trips', () => {
  it('places a customer order in 10 statements, 6 of them in the transaction', async () => {
    const counted = await warm(await signedIn(app));
    // Before the transaction: the session, the cart, the department, the customer with the notice address. In it:
    // begin, the key, the order with its lines and its event (one statement), its mails (one insert), the key with
    // its order and the ordered cart lines' deletion (one statement), commit.
    expect(counted, counted.statements.join('\n')).toMatchObject({ all: 10, inTransaction: 6 });
    expect(counted.statements.filter((s) => s.startsWith('insert into "outbox"'))).toHaveLength(1);
  });

  it('places a department member order against an allowance in 3 more: the lock, the balance, the ledger', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/departments/',
      headers: admin.headers,
      payload: {
        name: 'Statements Dept',
        domains: ['statements.gov'],
        requires_approval: false,
        allowance_amount: 5000,
      },
    });
    expect(res.statusCode).toBe(201);
    const counted = await warm(await signedIn(app, 'other', { email: 'member@statements.gov' }));
    expect(counted, counted.statements.join('\n')).toMatchObject({ all: 13, inTransaction: 9 });
  });
});
