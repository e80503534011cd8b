import sharp, { type SharpOptions } from 'sharp';
import { ARTWORK_MESSAGES, type ArtworkFormat } from '../../shared/artwork';
import { badRequest } from '../http/errors';

// An uploaded file is judged by its bytes only (docs/architecture.md#artwork-and-proofs): its name and the browser's
// type are never trusted. Rasters are re-encoded, an SVG is checked for anything active or external and then drawn
// to pixels, a PDF is kept as it is and shown as a drawn placeholder.

/** 50 megapixels: a print-size logo fits, a decompression bomb declaring 100,000 x 100,000 pixels does not. */
const MAX_INPUT_PIXELS = 50_000_000;
/** The longer side of a preview. */
const PREVIEW_PX = 800;
const PROOF_PX = 1200;

const refuse = (message: string, code = 'INVALID_ARTWORK') => badRequest(message, [{ field: 'file', message }], code);

const startsWith = (b: Buffer, bytes: number[], at = 0) => bytes.every((x, i) => b[at + i] === x);

/** The format by the file's first bytes; an SVG by its text. Null: none we take. */
export function sniffFormat(file: Buffer): ArtworkFormat | null {
  if (startsWith(file, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(file, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (file.toString('latin1', 0, 4) === 'RIFF' && file.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  if (file.toString('latin1', 0, 5) === '%PDF-') return 'pdf';
  return looksLikeSvg(file) ? 'svg' : null;
}

// A prologue (XML declaration, comments, a doctype) may come before the root element, nothing else.
const SVG_ROOT =
  /^\uFEFF?\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*)*(?:<!DOCTYPE[^[>]*(?:\[[\s\S]*?\])?\s*>\s*)?(?:<!--[\s\S]*?-->\s*)*<svg[\s>/]/i;

function svgText(file: Buffer): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(file);
  } catch {
    return null;
  }
}

function looksLikeSvg(file: Buffer): boolean {
  const text = svgText(file.subarray(0, Math.min(file.length, 64 * 1024)));
  // A cut in the middle of a multi-byte character makes the prefix invalid; the whole file is checked later.
  return SVG_ROOT.test(text ?? file.toString('latin1', 0, Math.min(file.length, 64 * 1024)));
}

/** A reference the drawing may keep: a fragment of itself, or an embedded raster image. */
const LOCAL_REF = /^(?:#[^\s]*|data:image\/(?:png|jpeg|jpg|gif|webp)[;,][\s\S]*)$/i;

/**
 * What makes an SVG unsafe to keep or draw: scripts, event handlers, embedded HTML, entity declarations, and any
 * reference to another file or address. Returns the first problem found, or null.
 */
export function svgProblem(text: string): string | null {
  if (/<script[\s>/]/i.test(text) || /<script$/i.test(text)) return 'script';
  if (/[\s"'/]on[a-z]+\s*=/i.test(text)) return 'event handler';
  if (/<foreignObject[\s>/]/i.test(text)) return 'foreignObject';
  if (/<(?:iframe|embed|object|audio|video|canvas)[\s>/]/i.test(text)) return 'embedded content';
  if (/<!ENTITY/i.test(text)) return 'entity';
  if (/javascript:|vbscript:/i.test(text)) return 'script address';
  if (/@import/i.test(text)) return 'style import';
  for (const m of text.matchAll(/(?:[\w-]+:)?href\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi)) {
    const ref = (m[1] ?? m[2] ?? m[3] ?? '').trim();
    if (!LOCAL_REF.test(ref)) return 'external reference';
  }
  for (const m of text.matchAll(/url\(\s*(?:"([^"]*)"|'([^']*)'|([^)]*))\s*\)/gi)) {
    const ref = (m[1] ?? m[2] ?? m[3] ?? '').trim();
    if (!LOCAL_REF.test(ref)) return 'external reference';
  }
  return null;
}

/** Width x height x frames from the header alone, before anything is decoded. */
async function pixelsOf(input: Buffer, opts: SharpOptions = {}): Promise<number> {
  try {
    const meta = await sharp(input, { ...opts, limitInputPixels: false }).metadata();
    return (meta.width ?? 0) * (meta.height ?? 0) * Math.max(1, meta.pages ?? 1);
  } catch {
    throw refuse(ARTWORK_MESSAGES.damaged);
  }
}

async function rasterToWebp(input: Buffer, px: number): Promise<Buffer> {
  if ((await pixelsOf(input)) > MAX_INPUT_PIXELS) throw refuse(ARTWORK_MESSAGES.tooManyPixels);
  try {
    return await sharp(input, { failOn: 'truncated', limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(px, px, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 85, effort: 4 })
      .toBuffer();
  } catch {
    throw refuse(ARTWORK_MESSAGES.damaged);
  }
}

async function svgToWebp(file: Buffer): Promise<Buffer> {
  const text = svgText(file);
  if (text === null) throw refuse(ARTWORK_MESSAGES.notAccepted);
  if (svgProblem(text)) throw refuse(ARTWORK_MESSAGES.svgUnsafe, 'UNSAFE_SVG');
  let width = 0;
  let height = 0;
  try {
    const meta = await sharp(file, { limitInputPixels: false }).metadata();
    if (meta.format !== 'svg') throw new Error('not an svg');
    width = meta.width ?? 0;
    height = meta.height ?? 0;
  } catch {
    throw refuse(ARTWORK_MESSAGES.damaged);
  }
  if (!width || !height || width * height > MAX_INPUT_PIXELS) throw refuse(ARTWORK_MESSAGES.tooManyPixels);
  // Drawn at the density that makes the longer side the preview's size, so a small viewBox is still sharp.
  const density = Math.min(2400, Math.max(1, (72 * PREVIEW_PX) / Math.max(width, height)));
  try {
    return await sharp(file, { density, limitInputPixels: MAX_INPUT_PIXELS })
      .resize(PREVIEW_PX, PREVIEW_PX, { fit: 'inside' })
      .webp({ quality: 90, effort: 4 })
      .toBuffer();
  } catch {
    throw refuse(ARTWORK_MESSAGES.damaged);
  }
}

function checkPdf(file: Buffer) {
  if (!/^%PDF-[12]\.\d/.test(file.toString('latin1', 0, 8))) throw refuse(ARTWORK_MESSAGES.pdfDamaged);
  if (!file.toString('latin1', Math.max(0, file.length - 1024)).includes('%%EOF'))
    throw refuse(ARTWORK_MESSAGES.pdfDamaged);
}

let placeholder: Promise<Buffer> | null = null;
/**
 * A PDF's preview: a neutral drawing of a page (shapes only, no text, so no font is needed). Its first page is not
 * rendered: that would need a PDF renderer on the server, a large dependency with a long record of parser bugs.
 */
export function pdfPlaceholder(): Promise<Buffer> {
  placeholder ??= sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">
        <rect width="400" height="400" fill="#e5e7eb"/>
        <path d="M120 60h120l60 60v220H120z" fill="#ffffff" stroke="#6b7280" stroke-width="8" stroke-linejoin="round"/>
        <path d="M240 60v60h60" fill="#d1d5db" stroke="#6b7280" stroke-width="8" stroke-linejoin="round"/>
        <rect x="150" y="170" width="120" height="14" rx="7" fill="#9ca3af"/>
        <rect x="150" y="205" width="120" height="14" rx="7" fill="#9ca3af"/>
        <rect x="150" y="240" width="90" height="14" rx="7" fill="#9ca3af"/>
        <rect x="150" y="290" width="56" height="28" rx="6" fill="#b91c1c"/>
      </svg>`,
    ),
  )
    .webp({ quality: 90 })
    .toBuffer();
  return placeholder;
}

export type CheckedArtwork = { format: ArtworkFormat; preview: Buffer; previewIsPlaceholder: boolean };

/** Checks an uploaded artwork file and draws its preview; throws a 400 naming the problem, having stored nothing. */
export async function checkArtwork(file: Buffer): Promise<CheckedArtwork> {
  const format = sniffFormat(file);
  if (!format) throw refuse(ARTWORK_MESSAGES.notAccepted);
  if (format === 'pdf') {
    checkPdf(file);
    return { format, preview: await pdfPlaceholder(), previewIsPlaceholder: true };
  }
  const preview = format === 'svg' ? await svgToWebp(file) : await rasterToWebp(file, PREVIEW_PX);
  return { format, preview, previewIsPlaceholder: false };
}

/** A proof image: PNG, JPEG or WebP by its bytes, stored as WebP. */
export async function checkProofImage(file: Buffer): Promise<Buffer> {
  const format = sniffFormat(file);
  if (format !== 'png' && format !== 'jpeg' && format !== 'webp') throw refuse(ARTWORK_MESSAGES.proofNotImage);
  return rasterToWebp(file, PROOF_PX);
}
