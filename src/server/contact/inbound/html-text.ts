import { convert } from 'html-to-text';

/**
 * The text of an e-mailed answer that came as HTML only (some phone and web clients send no text part). Quoted
 * history keeps its shape, a blockquote as "> " lines and the client's "On ... wrote:" line, so trimReply cuts it as
 * in a text part; pictures, rules and styles are not text.
 */
export function htmlMailText(html: string): string {
  return convert(html, {
    wordwrap: false,
    selectors: [
      { selector: 'img', format: 'skip' },
      { selector: 'hr', format: 'skip' },
      { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
      ...(['h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const).map((h) => ({ selector: h, options: { uppercase: false } })),
      { selector: 'table', format: 'dataTable' },
    ],
  });
}
