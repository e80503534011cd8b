// Display names of the catalogue's categories; an unknown category shows capitalised. No Zod here: the web
// store imports this module directly.
export const CATEGORY_LABELS: Record<string, string> = {
  shirts: 'Shirts',
  polos: 'Polos',
  outerwear: 'Outerwear',
  pants: 'Pants',
  headwear: 'Headwear',
};
export const categoryLabel = (c: string) => CATEGORY_LABELS[c] ?? c.charAt(0).toUpperCase() + c.slice(1);
