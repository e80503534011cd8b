// The seeded catalogue: garment bases, each offered in several colours. A product is one base in
// one colour. The image script draws every product from its garment template in its colour.
import type { AllowedCustomization, StoredSizeChart } from '../db/schema';

export type GarmentKind = 'tshirt' | 'longsleeve' | 'polo' | 'jobshirt' | 'pants' | 'jacket' | 'hoodie' | 'cap';

export type GarmentBase = {
  key: string;
  name: string;
  kind: GarmentKind;
  category: 'shirts' | 'polos' | 'outerwear' | 'pants' | 'headwear';
  description: string;
  priceCents: number;
  multiImage: boolean;
  sizes: { label: string; upcharge_cents: number }[];
  colors: { name: string; hex: string }[];
  /** The decorations it takes and where; tops take every kind on either side. */
  customizations?: AllowedCustomization[];
  sizeChart?: StoredSizeChart;
};

/** A garment with a chest and sleeves takes a name and both flag patches, on either side. */
const EVERY_DECORATION: AllowedCustomization[] = (['add_name', 'us_flag', 'az_flag'] as const).map((type) => ({
  type,
  sides: ['left_side', 'right_side'],
}));

const tops = [
  { label: 'XS', upcharge_cents: 0 },
  { label: 'S', upcharge_cents: 0 },
  { label: 'M', upcharge_cents: 0 },
  { label: 'L', upcharge_cents: 0 },
  { label: 'XL', upcharge_cents: 0 },
  { label: '2XL', upcharge_cents: 200 },
  { label: '3XL', upcharge_cents: 300 },
  { label: '4XL', upcharge_cents: 400 },
];
const waists = ['28', '30', '32', '34', '36', '38', '40', '42', '44'].map((w) => ({
  label: w,
  upcharge_cents: Number(w) >= 42 ? 300 : 0,
}));
const caps = [
  { label: 'S/M', upcharge_cents: 0 },
  { label: 'L/XL', upcharge_cents: 0 },
];

// Body measurements a customer can take with a tape, as the blank makers publish them.
const topsChart = (sleeve: boolean): StoredSizeChart => ({
  measures: sleeve ? ['Chest', 'Length', 'Sleeve'] : ['Chest', 'Length'],
  rows: tops.map((t, i) => ({
    size: t.label,
    inches: [32 + 4 * i, 27 + i, ...(sleeve ? [32 + i / 2] : [])],
  })),
});
const waistsChart: StoredSizeChart = {
  measures: ['Waist', 'Inseam'],
  rows: waists.map((w) => ({ size: w.label, inches: [Number(w.label), Number(w.label) >= 38 ? 32 : 30] })),
};
const capsChart: StoredSizeChart = {
  measures: ['Head'],
  rows: [
    { size: 'S/M', inches: [22] },
    { size: 'L/XL', inches: [23.5] },
  ],
};

const NAVY = { name: 'Navy', hex: '#1f2a44' };
const BLACK = { name: 'Black', hex: '#1b1b1d' };
const GRAY = { name: 'Heather Gray', hex: '#8a8d91' };
const ROYAL = { name: 'Royal Blue', hex: '#2b4fa8' };
const RED = { name: 'Fire Red', hex: '#a3202a' };
const KHAKI = { name: 'Khaki', hex: '#b59f78' };

export const GARMENTS: GarmentBase[] = [
  {
    key: 'station-tee',
    name: 'Station T-Shirt',
    kind: 'tshirt',
    category: 'shirts',
    priceCents: 1800,
    multiImage: false,
    description: 'Heavyweight cotton crew neck for station wear, built to hold up to daily washing.',
    sizes: tops,
    sizeChart: topsChart(false),
    colors: [NAVY, BLACK, GRAY],
  },
  {
    key: 'long-sleeve-tee',
    name: 'Long-Sleeve Station Tee',
    kind: 'longsleeve',
    category: 'shirts',
    priceCents: 2400,
    multiImage: false,
    description: 'Long-sleeve cotton tee with rib cuffs for cool mornings on shift.',
    sizes: tops,
    sizeChart: topsChart(true),
    colors: [NAVY, GRAY],
  },
  {
    key: 'duty-polo',
    name: 'Duty Polo',
    kind: 'polo',
    category: 'polos',
    priceCents: 3200,
    multiImage: false,
    description: 'Moisture-wicking performance polo with a three-button placket and pen pocket.',
    sizes: tops,
    sizeChart: topsChart(false),
    colors: [NAVY, BLACK, ROYAL, RED],
  },
  {
    key: 'job-shirt',
    name: 'Quarter-Zip Job Shirt',
    kind: 'jobshirt',
    category: 'outerwear',
    priceCents: 5800,
    multiImage: true,
    description: 'Fleece-lined quarter-zip job shirt with reinforced elbows, the classic fire-service layer.',
    sizes: tops,
    sizeChart: topsChart(true),
    colors: [NAVY, BLACK],
  },
  {
    key: 'ems-pants',
    name: 'EMS Cargo Pants',
    kind: 'pants',
    category: 'pants',
    priceCents: 5400,
    multiImage: false,
    description: 'Ripstop EMS pants with eight pockets, shears pocket and gusseted crotch.',
    sizes: waists,
    sizeChart: waistsChart,
    colors: [NAVY, BLACK, KHAKI],
    // No sleeves: a name on the left leg, no patches.
    customizations: [{ type: 'add_name', sides: ['left_leg'] }],
  },
  {
    key: 'softshell-jacket',
    name: 'Softshell Jacket',
    kind: 'jacket',
    category: 'outerwear',
    priceCents: 8900,
    multiImage: true,
    description: 'Wind- and water-resistant softshell with a fleece lining and chest ID panel.',
    sizes: tops,
    sizeChart: topsChart(true),
    colors: [BLACK, NAVY],
  },
  {
    key: 'pullover-hoodie',
    name: 'Pullover Hoodie',
    kind: 'hoodie',
    category: 'outerwear',
    priceCents: 4400,
    multiImage: true,
    description: 'Midweight fleece hoodie with a kangaroo pocket, ideal for station and off-duty wear.',
    sizes: tops,
    sizeChart: topsChart(true),
    colors: [NAVY, GRAY, BLACK],
  },
  {
    key: 'structured-cap',
    name: 'Structured Ball Cap',
    kind: 'cap',
    category: 'headwear',
    priceCents: 2200,
    multiImage: false,
    description: 'Six-panel structured cap with a curved bill and adjustable fit.',
    sizes: caps,
    sizeChart: capsChart,
    colors: [NAVY, BLACK],
    customizations: [{ type: 'add_name', sides: ['front'] }],
  },
];

export const slugify = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export type SeedProduct = {
  baseName: string;
  color: string;
  colorHex: string;
  slug: string;
  category: string;
  description: string;
  basePriceCents: number;
  isMultiImage: boolean;
  imageBase: string;
  sizes: { label: string; upcharge_cents: number }[];
  sortOrder: number;
  customizations: AllowedCustomization[];
  sizeChart: StoredSizeChart | null;
  kind: GarmentKind;
};

export const SEED_PRODUCTS: SeedProduct[] = GARMENTS.flatMap((g, gi) =>
  g.colors.map((c, ci) => {
    const slug = `${g.key}-${slugify(c.name)}`;
    return {
      baseName: g.name,
      color: c.name,
      colorHex: c.hex,
      slug,
      category: g.category,
      description: g.description,
      basePriceCents: g.priceCents,
      isMultiImage: g.multiImage,
      imageBase: `/images/products/${slug}`,
      sizes: g.sizes,
      sortOrder: gi * 10 + ci,
      customizations: g.customizations ?? EVERY_DECORATION,
      sizeChart: g.sizeChart ?? null,
      kind: g.kind,
    };
  }),
);
