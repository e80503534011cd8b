import { customizationsSchema, quantitySchema, type Customization } from '@shared/cart';
import type { Product } from '@shared/cart-catalog';

/** One order line as staff or a customer edit it, before the server prices it. */
export type LineDraft = {
  key: string;
  product_id: number;
  /** The name the order knew, for a product the catalogue no longer offers. */
  name: string;
  size: string;
  /** NaN while the box is empty. */
  quantity: number;
  customizations: Customization[];
};

/** A new line of `product`: one of it in size M (else its first size), undecorated. */
export function newLine(product: Product): LineDraft {
  const size = product.sizes.find((s) => s.label === 'M')?.label ?? product.sizes[0]?.label ?? '';
  return {
    key: `new-${Date.now()}`,
    product_id: product.id,
    name: product.name,
    size,
    quantity: 1,
    customizations: [],
  };
}

/** The message under a quantity box, or null when the shared rule takes it. */
export const quantityError = (q: number) => {
  const r = quantitySchema.safeParse(q);
  return r.success ? null : (r.error.issues[0]?.message ?? 'Enter a quantity');
};

type DraftItem = { product_id: number; size: string; quantity: number; customizations: Customization[] };

/** The edited lines as the API takes them, or the first problem in words (checked with the shared schemas). */
export function draftItems(lines: LineDraft[]): { items: DraftItem[] } | { problem: string } {
  const items: DraftItem[] = [];
  for (const l of lines) {
    const q = quantitySchema.safeParse(l.quantity);
    if (!q.success) return { problem: `${l.name}: ${q.error.issues[0]?.message ?? 'Check the quantity'}` };
    const c = customizationsSchema.safeParse(l.customizations);
    if (!c.success) return { problem: `${l.name}: ${c.error.issues[0]?.message ?? 'Check the customizations'}` };
    items.push({ product_id: l.product_id, size: l.size, quantity: q.data, customizations: c.data });
  }
  return { items };
}
