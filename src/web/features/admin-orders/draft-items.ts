import { customizationsSchema, quantitySchema, type Customization } from '@shared/cart';
import type { DraftLine } from './edit-line';

type DraftItem = { product_id: number; size: string; quantity: number; customizations: Customization[] };

/** The edited lines as the API takes them, or the first problem in words (checked with the shared schemas). */
export function draftItems(lines: DraftLine[]): { items: DraftItem[] } | { problem: string } {
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
