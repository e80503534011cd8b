import { describe, expect, it } from 'vitest';
import { BUSINESS } from '@shared/business';
import { jsonLd, pageMeta, serializeJsonLd } from './seo';

describe('search metadata', () => {
  it('names each route and builds its breadcrumb trail', () => {
    expect(pageMeta('/').crumbs.map((c) => c.name)).toEqual(['Home']);
    expect(pageMeta('/checkout/').crumbs.map((c) => c.name)).toEqual(['Home', 'Store', 'Checkout']);
    expect(pageMeta('/admin/messages/12')).toMatchObject({ title: `Message Center | Admin | ${BUSINESS.name}` });
    expect(pageMeta('/approval/abc').title).toBe(BUSINESS.name);
  });

  it('holds the five schema.org types with Monday to Friday 08:00-17:00', () => {
    const blocks = jsonLd(pageMeta('/store'));
    expect(new Set(blocks.map((b) => b['@type']))).toEqual(
      new Set(['Organization', 'LocalBusiness', 'GovernmentService', 'Product', 'BreadcrumbList']),
    );
    const local = blocks.find((b) => b['@type'] === 'LocalBusiness') as {
      openingHoursSpecification: unknown;
      address: { postalCode: string };
    };
    expect(local.openingHoursSpecification).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
        opens: '08:00',
        closes: '17:00',
      },
    ]);
    expect(local.address.postalCode).toBe(BUSINESS.address.postalCode);
    const crumbs = blocks.find((b) => b['@type'] === 'BreadcrumbList') as {
      itemListElement: { position: number; item: string }[];
    };
    expect(crumbs.itemListElement.at(-1)).toMatchObject({ position: 2, item: `${BUSINESS.url}/store` });
  });

  it('cannot close its script element from inside the data', () => {
    const text = serializeJsonLd({ name: '</script><script>alert(1)</script>' });
    expect(text).not.toContain('<');
    expect(JSON.parse(text)).toEqual({ name: '</script><script>alert(1)</script>' });
  });
});
