import { BUSINESS } from '../../shared/business';

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
export const escapeHtml = esc;

/**
 * Text a customer typed (a name, notes, a PO number, an address), as a mail shows it: on one line, between quotes,
 * with web addresses disarmed ("http[:]//evil[.]example") so no mail client turns them into links, and a leading
 * = + - @ made inert (a spreadsheet formula such as =HYPERLINK(...)). The caller labels it as the customer's, so it
 * never reads as the shop's own words (security round 3, finding 11). Escape it again for HTML.
 */
export function customerWords(s: string): string {
  const line = s
    .replace(/[\p{Cc}\u2028\u2029]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const disarmed = line
    .replace(/\b([a-z][a-z0-9+.-]*):\/\//gi, '$1[:]//')
    .replace(/\b(?:[a-z0-9-]+\.)+[a-z]{2,}\b/gi, (domain) => domain.replaceAll('.', '[.]'));
  return `"${/^[=+\-@]/.test(disarmed) ? `'${disarmed}` : disarmed}"`;
}

/** A customer's multi-line message in a plain-text mail: every line quoted with "> ", as their words. */
export const quotedBlock = (s: string) =>
  s
    .split(/\r?\n/)
    .map((l) => `> ${l}`)
    .join('\n');

/** Wraps an e-mail body in the shop's plain, dark-on-light layout; bodyHtml must already be escaped. */
export function renderEmail(opts: { title: string; bodyHtml: string; bodyText: string }) {
  const html = `<!doctype html><html><body style="margin:0;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#111827">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px">
<tr><td style="background:#111827;color:#ffffff;padding:16px 24px;font-size:18px;font-weight:bold;border-radius:8px 8px 0 0">${esc(BUSINESS.name)}</td></tr>
<tr><td style="padding:24px"><h1 style="font-size:20px;margin:0 0 16px">${esc(opts.title)}</h1>${opts.bodyHtml}</td></tr>
<tr><td style="padding:16px 24px;font-size:12px;color:#6b7280;border-top:1px solid #e5e7eb">${esc(BUSINESS.name)} · ${esc(BUSINESS.address.street)}, ${esc(BUSINESS.address.city)}, ${esc(BUSINESS.address.region)} ${esc(BUSINESS.address.postalCode)} · ${esc(BUSINESS.phoneDisplay)}</td></tr>
</table></td></tr></table></body></html>`;
  const text = `${opts.title}\n\n${opts.bodyText}\n\n--\n${BUSINESS.name}\n${BUSINESS.address.street}, ${BUSINESS.address.city}, ${BUSINESS.address.region} ${BUSINESS.address.postalCode}\n${BUSINESS.phoneDisplay}\n`;
  return { html, text };
}
