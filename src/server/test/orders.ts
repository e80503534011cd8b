import { eq, sql } from 'drizzle-orm';
import { mergeKey, type Customization } from '../../shared/cart';
import type { App } from '../app-types';
import { cartLines, carts, departments, outbox, products } from '../db/schema';

// Test helpers for the order tests: carts are filled straight in the database so these tests
// do not depend on the cart routes.
export type CartItem = {
  slug?: string;
  productId?: number;
  size?: string;
  quantity?: number;
  customizations?: Customization[];
};

export async function someProducts(app: App, n = 2) {
  return app.deps.db.select().from(products).where(eq(products.active, true)).orderBy(products.id).limit(n);
}

export async function fillCart(app: App, userId: number, items: CartItem[]) {
  const db = app.deps.db;
  const [cart] = await db
    .insert(carts)
    .values({ userId })
    .onConflictDoUpdate({ target: carts.userId, set: { updatedAt: new Date() } })
    .returning();
  const all = await someProducts(app, 50);
  for (const [i, item] of items.entries()) {
    const p = item.productId ? all.find((x) => x.id === item.productId)! : all[i % all.length]!;
    const size = item.size ?? p.sizes[0]!.label;
    const customizations = item.customizations ?? [];
    await db
      .insert(cartLines)
      .values({
        cartId: cart!.id,
        productId: p.id,
        size,
        quantity: item.quantity ?? 1,
        customizations,
        mergeKey: mergeKey(p.id, size, customizations),
      })
      .onConflictDoNothing();
  }
}

export async function cartCount(app: App, userId: number): Promise<number> {
  const r = await app.deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(cartLines)
    .innerJoin(carts, eq(carts.id, cartLines.cartId))
    .where(eq(carts.userId, userId));
  return Number(r[0]?.n ?? 0);
}

export async function mailsTo(app: App, to: string) {
  return app.deps.db.select().from(outbox).where(eq(outbox.toAddress, to)).orderBy(outbox.id);
}

/** The raw tokens only exist in the approval e-mails. */
export async function approvalTokensFromMail(app: App, approver: string): Promise<string[]> {
  const mails = await mailsTo(app, approver);
  return mails.flatMap((m) => [...m.textBody.matchAll(/\/approval\/([A-Za-z0-9_-]+)/g)].map((x) => x[1]!));
}

export const pickup = { fulfillment: 'pickup' } as const;
export const shipping = {
  fulfillment: 'shipping',
  shipping_address: {
    address_line1: '100 W Washington St',
    address_line2: null,
    city: 'Phoenix',
    state: 'AZ',
    zip_code: '85003',
  },
} as const;

/** A tax-exempt department without approval: members' addresses end in @maricopa.test. */
export async function addTaxExemptDepartment(app: App) {
  await app.deps.db.insert(departments).values({
    name: 'Maricopa County',
    domains: ['maricopa.test'],
    approverEmails: [],
    requiresApproval: false,
    taxExempt: true,
  });
}
