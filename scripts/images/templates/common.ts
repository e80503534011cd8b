// Shared drawing kit for the garment templates: a 1000x1000 studio scene, colour shading derived from
// the product colour, symmetric outlines, seams and stitching. Templates stay declarative on top of it.
export type Side = 'front' | 'back';
export type Template = (colorHex: string, side: Side) => string;
export type P = readonly [number, number];
/** A path segment: a line to `to`, or a cubic curve when both controls are given. */
export type Seg = { to: P; c1?: P; c2?: P };

const hexToRgb = (hex: string): [number, number, number] => {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m?.[1]) throw new Error(`not a #rrggbb colour: ${hex}`);
  const n = parseInt(m[1], 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
};
const toHex = (rgb: number[]) =>
  `#${rgb
    .map((v) =>
      Math.round(Math.min(255, Math.max(0, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

export const mix = (a: string, b: string, t: number) => {
  const x = hexToRgb(a);
  const y = hexToRgb(b);
  return toHex(x.map((v, i) => v + ((y[i] ?? 0) - v) * t));
};
const luminance = (hex: string) => {
  const [r, g, b] = hexToRgb(hex);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
};

export type Palette = {
  base: string;
  light: string;
  dark: string;
  inner: string;
  rib: string;
  edge: string;
  stitch: string;
  seam: string;
};

/** Tones for one fabric colour. Dark fabrics get lifted highlights so folds still read on navy/black. */
export const palette = (hex: string): Palette => {
  const isDark = luminance(hex) < 0.25;
  return {
    base: hex,
    light: mix(hex, '#ffffff', isDark ? 0.16 : 0.2),
    dark: mix(hex, '#000000', isDark ? 0.35 : 0.22),
    inner: mix(hex, '#000000', isDark ? 0.5 : 0.4),
    rib: mix(hex, isDark ? '#ffffff' : '#000000', isDark ? 0.06 : 0.08),
    edge: mix(hex, '#000000', isDark ? 0.45 : 0.35),
    stitch: isDark ? mix(hex, '#ffffff', 0.38) : mix(hex, '#000000', 0.38),
    seam: mix(hex, '#000000', isDark ? 0.55 : 0.3),
  };
};

const fmt = ([x, y]: P) => `${+x.toFixed(1)},${+y.toFixed(1)}`;
const segD = (s: Seg) => (s.c1 && s.c2 ? `C${fmt(s.c1)} ${fmt(s.c2)} ${fmt(s.to)}` : `L${fmt(s.to)}`);

export const open = (start: P, segs: Seg[]) => `M${fmt(start)} ${segs.map(segD).join(' ')}`;
export const closed = (start: P, segs: Seg[]) => `${open(start, segs)} Z`;

const mirror = ([x, y]: P): P => [1000 - x, y];

/**
 * A closed outline symmetric about x=500: `segs` walk the left half from `start` (on the centre line)
 * to a last point on the centre line; the right half is the same walk mirrored and reversed.
 */
export const symmetric = (start: P, segs: Seg[]) => {
  const pts: P[] = [start, ...segs.map((s) => s.to)];
  const back: Seg[] = [];
  for (let i = segs.length - 1; i >= 0; i--) {
    const s = segs[i]!;
    const to = mirror(pts[i]!);
    back.push(s.c1 && s.c2 ? { to, c1: mirror(s.c2), c2: mirror(s.c1) } : { to });
  }
  return `${open(start, segs)} ${back.map(segD).join(' ')} Z`;
};

/** The same open path on the other side of the garment. */
export const mirrorPath = (start: P, segs: Seg[]) =>
  open(
    mirror(start),
    segs.map((s) => (s.c1 && s.c2 ? { to: mirror(s.to), c1: mirror(s.c1), c2: mirror(s.c2) } : { to: mirror(s.to) })),
  );

let clipSeq = 0;
/** A fabric panel: flat colour, a soft top-light gradient and a crisp edge; `inside` is clipped to it. */
export const panel = (d: string, fill: string, p: Palette, inside = '') => {
  const id = `c${++clipSeq}`;
  return [
    `<clipPath id="${id}"><path d="${d}"/></clipPath>`,
    `<path d="${d}" fill="${fill}"/>`,
    `<g clip-path="url(#${id})">${inside}<path d="${d}" fill="url(#light)"/></g>`,
    `<path d="${d}" fill="none" stroke="${p.edge}" stroke-width="2.4" stroke-linejoin="round"/>`,
  ].join('');
};

/**
 * A soft fold, dark (shadow) or light (highlight): stacked translucent strokes of falling width.
 * Layered strokes instead of an SVG blur filter keep rasterising ~10x cheaper at 1000 px.
 */
export const fold = (d: string, tone: 'dark' | 'light', width = 16, opacity = 0.35) => {
  const colour = tone === 'dark' ? '#000' : '#fff';
  const a = (tone === 'dark' ? opacity : opacity * 0.55) / 4;
  return [2.2, 1.6, 1.1, 0.6]
    .map(
      (k) =>
        `<path d="${d}" fill="none" stroke="${colour}" stroke-opacity="${+a.toFixed(3)}" stroke-width="${+(width * k).toFixed(1)}" stroke-linecap="round" stroke-linejoin="round"/>`,
    )
    .join('');
};

/** A broad, soft sheen where the fabric catches the studio light. */
export const glow = (cx: number, cy: number, rx: number, ry: number, opacity = 0.1) =>
  `<ellipse cx="${cx}" cy="${cy}" rx="${rx * 1.8}" ry="${ry * 1.8}" fill="url(#sheen)" fill-opacity="${opacity}"/>`;

export const stitch = (d: string, p: Palette, width = 2.2) =>
  `<path d="${d}" fill="none" stroke="${p.stitch}" stroke-width="${width}" stroke-dasharray="7 5" stroke-linecap="round"/>`;

/** A sewn seam: a dark crease with a faint highlight beside it. */
export const seam = (d: string, p: Palette) =>
  `<path d="${d}" fill="none" stroke="#fff" stroke-opacity="0.12" stroke-width="3" transform="translate(1.5 1.5)"/>` +
  `<path d="${d}" fill="none" stroke="${p.seam}" stroke-width="2.6" stroke-linecap="round"/>`;

/** Vertical rib knit lines inside a band (collars, cuffs, waistbands). */
export const ribLines = (d: string, x0: number, x1: number, y0: number, y1: number, p: Palette, gap = 7) => {
  const id = `r${++clipSeq}`;
  const lines: string[] = [];
  for (let x = x0; x <= x1; x += gap) lines.push(`M${x},${y0} L${x},${y1}`);
  return `<clipPath id="${id}"><path d="${d}"/></clipPath><path clip-path="url(#${id})" d="${lines.join(' ')}" stroke="${p.dark}" stroke-opacity="0.45" stroke-width="1.6"/>`;
};

export const button = (x: number, y: number, r: number, p: Palette) =>
  `<circle cx="${x}" cy="${y + 1.5}" r="${r}" fill="#000" fill-opacity="0.25"/>` +
  `<circle cx="${x}" cy="${y}" r="${r}" fill="${mix(p.base, '#ffffff', 0.12)}" stroke="${p.edge}" stroke-width="1.6"/>` +
  `<circle cx="${x - r * 0.3}" cy="${y}" r="${r * 0.16}" fill="${p.inner}"/><circle cx="${x + r * 0.3}" cy="${y}" r="${r * 0.16}" fill="${p.inner}"/>`;

/**
 * The studio scene: light neutral backdrop, a soft drop shadow following `silhouette` (stacked strokes
 * rather than a blur filter, for speed), then the art; `fit` enlarges small garments to fill the frame.
 * Panels draw in painter's order, so `art` lists back-most pieces first.
 */
export const scene = (silhouette: string, art: string, fit = { scale: 1, dy: 0 }) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1000 1000" width="1000" height="1000">
<defs>
<radialGradient id="bg" cx="50%" cy="42%" r="75%"><stop offset="0" stop-color="#f7f6f3"/><stop offset="0.7" stop-color="#ebe9e4"/><stop offset="1" stop-color="#dedbd5"/></radialGradient>
<linearGradient id="light" x1="0" y1="0" x2="0.35" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.14"/><stop offset="0.45" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.2"/></linearGradient>
<radialGradient id="sheen"><stop offset="0" stop-color="#fff"/><stop offset="0.5" stop-color="#fff" stop-opacity="0.5"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>
</defs>
<rect width="1000" height="1000" fill="url(#bg)"/>
<g transform="translate(500 ${500 + fit.dy}) scale(${fit.scale}) translate(-500 -500)">
<g transform="translate(6 14)" fill="none" stroke="#3a352c" stroke-linejoin="round">${[36, 24, 12]
    .map((w) => `<path d="${silhouette}" stroke-width="${w}" stroke-opacity="0.05"/>`)
    .join('')}<path d="${silhouette}" fill="#3a352c" fill-opacity="0.16" stroke-width="2" stroke-opacity="0.08"/></g>
${art}
</g>
</svg>`;
