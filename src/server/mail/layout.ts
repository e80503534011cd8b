/** Text or an attribute value for HTML, escaped as React escapes it (the mails kept their bytes when drawn as strings). */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };

/** Web addresses and domains made inert ("http[:]//evil[.]example"), so no mail client turns them into links. */
export const disarmLinks = (s: string) =>
  s
    .replace(/\b([a-z][a-z0-9+.-]*):\/\//gi, '$1[:]//')
    .replace(/\b(?:[a-z0-9-]+\.)+[a-z]{2,}\b/gi, (domain) => domain.replaceAll('.', '[.]'));

/**
 * Text a customer typed (a name, notes, a PO number, an address), as a mail shows it: on one line, between quotes,
 * with web addresses disarmed ("http[:]//evil[.]example") so no mail client turns them into links, and a leading
 * = + - @ made inert (a spreadsheet formula such as =HYPERLINK(...)). The caller labels it as the customer's, so it
 * never reads as the shop's own words (security round 3, finding 11). The mail template escapes it for HTML.
 */
export function customerWords(s: string): string {
  const line = s
    .replace(/[\p{Cc}\u2028\u2029]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const disarmed = disarmLinks(line);
  return `"${/^[=+\-@]/.test(disarmed) ? `'${disarmed}` : disarmed}"`;
}
