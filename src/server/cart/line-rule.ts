import { refusedCustomization, type AllowedCustomizations, type Customization } from '../../shared/cart';
import { takenNow, type KindFacts } from '../../shared/decorations';

/** The product a cart line is checked against. */
export type LineProduct = {
  baseName: string;
  sizes: readonly { label: string }[];
  customizations: AllowedCustomizations;
};

export type LineRefusal = { field: 'size' } | { field: `customizations.${string}`; message: string };

/**
 * The one rule a cart line meets against its product: the size is offered and each decoration is one the product
 * takes, on the side it takes it. Checked when a line is added (400, nothing added) and again on every cart read and
 * at checkout, where a line that no longer meets it is flagged and refused (security round 4, finding 10): staff may
 * narrow a product's sizes or decorations while the line sits in a cart. `name` names the product in the message.
 */
export function lineRefusal(
  product: LineProduct,
  line: { size: string; customizations: readonly Pick<Customization, 'type' | 'position'>[] },
  name = product.baseName,
  kinds?: readonly KindFacts[],
): LineRefusal | null {
  if (!product.sizes.some((s) => s.label === line.size)) return { field: 'size' };
  // A kind switched off, or a position its kind no longer takes, is one the product no longer takes either.
  const allowed = kinds ? takenNow(product.customizations, kinds) : product.customizations;
  const refused = refusedCustomization(name, allowed, line.customizations, kinds);
  return refused ? { field: `customizations.${refused.type}`, message: refused.message } : null;
}

/** What the cart and checkout say of a line already in the cart that the rule now refuses, naming the line. */
export function lineNeedsFix(productName: string, size: string, refusal: LineRefusal): string {
  if (refusal.field === 'size')
    return `${productName} no longer comes in size ${size}. Remove it from your cart (you can add it again in another size) to continue.`;
  return `${refusal.message}. Remove it from your cart (you can add it again without that decoration) to continue.`;
}
