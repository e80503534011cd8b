import { useEffect, useMemo } from 'react';
import { useLocation } from 'react-router';
import { BUSINESS } from '@shared/business';
import { jsonLd, pageMeta, serializeJsonLd } from './seo';

function upsertMeta(attr: 'name' | 'property', key: string, content: string) {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    document.head.appendChild(el);
  }
  el.content = content;
}

/** Title, description, Open Graph tags and the JSON-LD blocks for the current route. */
export default function SeoHead() {
  const { pathname } = useLocation();
  const meta = useMemo(() => pageMeta(pathname), [pathname]);
  const blocks = useMemo(() => jsonLd(meta).map(serializeJsonLd), [meta]);

  useEffect(() => {
    const url = new URL(meta.path, BUSINESS.url).toString();
    document.title = meta.title;
    upsertMeta('name', 'description', meta.description);
    upsertMeta('property', 'og:title', meta.title);
    upsertMeta('property', 'og:description', meta.description);
    upsertMeta('property', 'og:url', url);
    upsertMeta('property', 'og:type', 'website');
    upsertMeta('property', 'og:site_name', BUSINESS.name);
  }, [meta]);

  // Data blocks are never executed, so the CSP's ban on inline scripts does not apply to them.
  return (
    <>
      {blocks.map((json, i) => (
        <script key={i} type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />
      ))}
    </>
  );
}
