import { BUSINESS } from '@shared/business';

// Search-engine metadata per route, built only from the business facts in src/shared/business.ts.
export type PageMeta = { title: string; description: string; path: string; crumbs: { name: string; path: string }[] };

const home = { name: 'Home', path: '/' };
const PAGES: Record<string, Omit<PageMeta, 'path'>> = {
  '/': {
    title: `${BUSINESS.name} | Custom embroidery and uniforms in ${BUSINESS.address.city}, ${BUSINESS.address.region}`,
    description: BUSINESS.description,
    crumbs: [home],
  },
  '/store': {
    title: `Store | ${BUSINESS.name}`,
    description: 'Shirts, polos, outerwear, pants and caps with embroidered names and US and Arizona flag patches.',
    crumbs: [home, { name: 'Store', path: '/store' }],
  },
  '/checkout': {
    title: `Checkout | ${BUSINESS.name}`,
    description: 'Review your cart and choose pickup or shipping.',
    crumbs: [home, { name: 'Store', path: '/store' }, { name: 'Checkout', path: '/checkout' }],
  },
  '/orders': {
    title: `My Orders | ${BUSINESS.name}`,
    description: 'Track your uniform orders and department approvals.',
    crumbs: [home, { name: 'My Orders', path: '/orders' }],
  },
  '/messages': {
    title: `Messages | ${BUSINESS.name}`,
    description: 'Your conversations with the shop.',
    crumbs: [home, { name: 'Messages', path: '/messages' }],
  },
};
const ADMIN_NAMES: Record<string, string> = {
  search: 'Search',
  orders: 'Orders',
  production: 'Production',
  users: 'Users',
  messages: 'Message Center',
  settings: 'Settings',
};

export function pageMeta(pathname: string): PageMeta {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const known = PAGES[path];
  if (known) return { ...known, path };
  const admin = /^\/admin\/(\w+)/.exec(path);
  const name = admin?.[1] ? ADMIN_NAMES[admin[1]] : undefined;
  if (admin && name) {
    return {
      title: `${name} | Admin | ${BUSINESS.name}`,
      description: BUSINESS.description,
      path,
      crumbs: [home, { name: 'Admin', path: '/admin' }, { name, path: `/admin/${admin[1]}` }],
    };
  }
  // A signed invoice link: the tab's name and the printed PDF's title.
  if (path.startsWith('/invoice/'))
    return { title: `Invoice | ${BUSINESS.name}`, description: BUSINESS.description, path, crumbs: [home] };
  return { title: BUSINESS.name, description: BUSINESS.description, path, crumbs: [home] };
}

// A representative slice of the catalogue for the Product markup; the store itself lists the live catalogue.
const REPRESENTATIVE_PRODUCTS = [
  { name: 'Station T-Shirt', description: 'Heavyweight cotton crew neck for station wear.', price: 18 },
  { name: 'Duty Polo', description: 'Moisture-wicking performance polo with a three-button placket.', price: 32 },
  { name: 'Quarter-Zip Job Shirt', description: 'Durable quarter-zip job shirt for cool shifts.', price: 58 },
];

const abs = (path: string) => new URL(path, BUSINESS.url).toString();
const address = {
  '@type': 'PostalAddress',
  streetAddress: BUSINESS.address.street,
  addressLocality: BUSINESS.address.city,
  addressRegion: BUSINESS.address.region,
  postalCode: BUSINESS.address.postalCode,
  addressCountry: BUSINESS.address.country,
};
const orgId = `${BUSINESS.url}/#organization`;

/** The five JSON-LD objects of docs/product.md#audiences-and-roles for one page. */
export function jsonLd(meta: PageMeta): Record<string, unknown>[] {
  const organization = {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': orgId,
    name: BUSINESS.name,
    legalName: BUSINESS.legalName,
    url: BUSINESS.url,
    logo: abs('/favicon.svg'),
    email: BUSINESS.email,
    telephone: BUSINESS.phone,
    address,
  };
  const localBusiness = {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    '@id': `${BUSINESS.url}/#store`,
    name: BUSINESS.name,
    description: BUSINESS.description,
    url: BUSINESS.url,
    telephone: BUSINESS.phone,
    email: BUSINESS.email,
    priceRange: BUSINESS.priceRange,
    address,
    geo: { '@type': 'GeoCoordinates', latitude: BUSINESS.geo.latitude, longitude: BUSINESS.geo.longitude },
    parentOrganization: { '@id': orgId },
    openingHoursSpecification: [
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: [...BUSINESS.hours.days],
        opens: BUSINESS.hours.opens,
        closes: BUSINESS.hours.closes,
      },
    ],
  };
  const governmentService = {
    '@context': 'https://schema.org',
    '@type': 'GovernmentService',
    name: 'Uniforms and embroidery for fire and medical departments',
    serviceType: 'Department uniform supply with order approval',
    description:
      'Uniform orders for fire and medical departments and government agencies, with department approval before production.',
    provider: { '@id': orgId },
    areaServed: { '@type': 'State', name: 'Arizona' },
    audience: { '@type': 'Audience', audienceType: 'Fire and medical departments, government agencies' },
  };
  const products = REPRESENTATIVE_PRODUCTS.map((p) => ({
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.name,
    description: p.description,
    brand: { '@type': 'Brand', name: BUSINESS.name },
    offers: {
      '@type': 'Offer',
      price: p.price.toFixed(2),
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
      url: abs('/store'),
      seller: { '@id': orgId },
    },
  }));
  const breadcrumbs = {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: meta.crumbs.map((c, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: c.name,
      item: abs(c.path),
    })),
  };
  return [organization, localBusiness, governmentService, ...products, breadcrumbs];
}

/** JSON for a <script type="application/ld+json"> block: "<" escaped so the text can never close the element. */
export const serializeJsonLd = (data: unknown) => JSON.stringify(data).replace(/</g, '\\u003c');
