import type { AdminProduct } from '@shared/catalog-admin';

/** A garment is its colours sharing base_name (docs/product.md#catalogue); the first colour speaks for the garment. */
export type Garment = { name: string; first: AdminProduct; colours: AdminProduct[] };

export function groupGarments(products: AdminProduct[]): Garment[] {
  const by = new Map<string, AdminProduct[]>();
  for (const p of products) by.set(p.base_name, [...(by.get(p.base_name) ?? []), p]);
  return [...by.entries()].map(([name, colours]) => ({ name, first: colours[0]!, colours }));
}

export type CatalogFilter = { search: string; category: string; active: '' | 'active' | 'inactive' };

/** A garment shows when its name or one colour matches the search and one colour matches the active filter. */
export function filterGarments(garments: Garment[], f: CatalogFilter): Garment[] {
  const q = f.search.trim().toLowerCase();
  return garments.filter((g) => {
    if (f.category && g.first.category !== f.category) return false;
    const colours = g.colours.filter((c) => !f.active || c.active === (f.active === 'active'));
    if (!colours.length) return false;
    return (
      !q || g.name.toLowerCase().includes(q) || colours.some((c) => `${c.color} ${c.slug}`.toLowerCase().includes(q))
    );
  });
}
