import type { ShopClient } from './client';
import { waitForCode } from './mail';

const CREW_NAMES = ['Ortiz', 'Begay', 'Nakai', 'Ruiz', 'Tso', 'Hale', 'Yazzie'];

export type Product = { id: number; sizes: { label: string }[] };
export type PlacedOrder = {
  id: number;
  order_number: string;
  total: number;
  subtotal: number;
  items: { quantity: number }[];
};

/** Signs in through request-pin and verify-pin on the given server, reading the code from the SMTP catcher. */
export async function signIn(client: ShopClient, base: string, email: string, mailDir: string): Promise<void> {
  const since = Date.now() - 1000;
  const asked = await client.post(base, '/auth/request-pin', { email });
  if (asked.status !== 200) throw new Error(`request-pin for ${email}: ${asked.status} ${JSON.stringify(asked.body)}`);
  const pin = await waitForCode(mailDir, email, since);
  const verified = await client.post(base, '/auth/verify-pin', { email, pin });
  if (verified.status !== 200)
    throw new Error(`verify-pin for ${email}: ${verified.status} ${JSON.stringify(verified.body)}`);
}

export async function listProducts(client: ShopClient, base: string): Promise<Product[]> {
  const res = await client.get<{ products: Product[] }>(base, '/products/');
  if (res.status !== 200 || !res.body) throw new Error(`products: ${res.status}`);
  return res.body.products;
}

/** Puts `lines` different products in the cart (varied quantities, one embroidered name), through the cart API. */
export async function fillCart(
  client: ShopClient,
  base: string,
  products: Product[],
  lines: number,
  seed: number,
): Promise<void> {
  for (let i = 0; i < lines; i += 1) {
    const p = products[(seed * 7 + i * 3) % products.length]!;
    const body = {
      product_id: p.id,
      size: p.sizes[(seed + i) % p.sizes.length]!.label,
      quantity: 1 + ((seed + i) % 4),
      customizations:
        i === 0
          ? { add_name: { enabled: true, position: 'left_side', text: CREW_NAMES[seed % CREW_NAMES.length] } }
          : undefined,
    };
    const res = await client.post(base, '/cart/items', body);
    if (res.status !== 200) throw new Error(`cart add: ${res.status} ${JSON.stringify(res.body)}`);
  }
}

export const checkout = (client: ShopClient, base: string, key: string) =>
  client.post<{ order: PlacedOrder }>(base, '/orders/', { fulfillment: 'pickup' }, { 'idempotency-key': key });
