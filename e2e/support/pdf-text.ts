import fs from 'node:fs';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export type PdfText = { text: string; pages: number };

type Item = { str: string; x: number; y: number; width: number };

/**
 * A printed PDF's text read back with pdf.js, a line per row of text in reading order: items on one baseline are
 * joined left to right, with a space wherever the printed page leaves a gap, so "Balance due  $19.40" reads as on paper.
 */
export async function pdfText(file: string): Promise<PdfText> {
  const data = new Uint8Array(fs.readFileSync(file));
  const doc = await getDocument({ data, useSystemFonts: false, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n += 1) {
    const content = await (await doc.getPage(n)).getTextContent();
    const items: Item[] = [];
    for (const it of content.items) {
      if (!('str' in it) || it.str === '') continue;
      items.push({ str: it.str, x: it.transform[4] as number, y: it.transform[5] as number, width: it.width });
    }
    pages.push(linesOf(items).join('\n'));
  }
  await doc.destroy();
  return { text: pages.join('\n\f'), pages: doc.numPages };
}

function linesOf(items: Item[]): string[] {
  // Rows top to bottom (PDF y grows upwards); items within 2 points of a row's baseline belong to it.
  const rows: { y: number; items: Item[] }[] = [];
  for (const it of [...items].sort((a, b) => b.y - a.y)) {
    const row = rows.find((r) => Math.abs(r.y - it.y) <= 2);
    if (row) row.items.push(it);
    else rows.push({ y: it.y, items: [it] });
  }
  return rows.map((row) => {
    let line = '';
    let end = -Infinity;
    for (const it of row.items.sort((a, b) => a.x - b.x)) {
      if (line && it.x - end > 1 && !line.endsWith(' ') && !it.str.startsWith(' ')) line += ' ';
      line += it.str;
      end = it.x + it.width;
    }
    return line.trimEnd();
  });
}
