// Quarter-zip job shirt: stand collar, metal quarter zip, reinforced elbows, rib cuffs and hem band.
import { closed, mix, panel, palette, scene, seam, stitch, type P, type Palette, type Template } from './common';
import { cuffs, topDetails, topOutline, waistband } from './top';

const elbowPatches = (p: Palette) =>
  [false, true]
    .map((right) => {
      const pts: P[] = [
        [193, 552],
        [281, 566],
        [273, 690],
        [182, 678],
      ];
      const q = right ? pts.map(([x, y]) => [1000 - x, y] as P) : pts;
      const inset: P[] = right
        ? [
            [1000 - 201, 562],
            [1000 - 272, 574],
            [1000 - 265, 681],
            [1000 - 191, 670],
          ]
        : [
            [201, 562],
            [272, 574],
            [265, 681],
            [191, 670],
          ];
      return panel(
        closed(
          q[0]!,
          q.slice(1).map((to) => ({ to })),
        ),
        mix(p.base, '#000000', 0.16),
        p,
        stitch(
          closed(
            inset[0]!,
            inset.slice(1).map((to) => ({ to })),
          ),
          p,
          1.8,
        ),
      );
    })
    .join('');

export const zipper = (x: number, y0: number, y1: number) =>
  `<path d="M${x - 8},${y0} L${x + 8},${y0} L${x + 8},${y1} L${x - 8},${y1} Z" fill="#2a2b2e"/>` +
  `<path d="M${x},${y0 + 2} L${x},${y1 - 2}" stroke="#b8bcc3" stroke-width="7" stroke-dasharray="2.2 2.2"/>` +
  `<rect x="${x - 7}" y="${y0 + 6}" width="14" height="14" rx="3" fill="#c9ccd2" stroke="#5d6168" stroke-width="1.4"/>` +
  `<rect x="${x - 5}" y="${y0 + 18}" width="10" height="34" rx="4" fill="#d5d8dd" stroke="#5d6168" stroke-width="1.4"/>` +
  `<rect x="${x - 2}" y="${y0 + 36}" width="4" height="11" rx="2" fill="#5d6168"/>`;

export const standCollar = (p: Palette, side: 'front' | 'back', top = 118) => {
  if (side === 'back') {
    const d = `M395,176 L402,${top} C440,${top - 10} 560,${top - 10} 598,${top} L605,176 C560,188 440,188 395,176 Z`;
    return panel(
      d,
      p.base,
      p,
      stitch(`M400,${top + 10} C440,${top} 560,${top} 600,${top + 10}`, p, 1.8) +
        seam('M397,170 C440,182 560,182 603,170', p),
    );
  }
  const inside = `M402,${top} C440,${top - 18} 560,${top - 18} 598,${top} C560,${top + 10} 530,${top + 14} 500,${top + 14} C470,${top + 14} 440,${top + 10} 402,${top} Z`;
  const front = `M395,176 L402,${top} C440,${top + 10} 470,${top + 14} 500,${top + 14} C530,${top + 14} 560,${top + 10} 598,${top} L605,176 C570,190 530,196 500,196 C470,196 430,190 395,176 Z`;
  return (
    `<path d="${inside}" fill="${p.inner}"/>` +
    panel(
      front,
      p.base,
      p,
      stitch(
        `M402,${top + 10} C440,${top + 20} 470,${top + 24} 500,${top + 24} C530,${top + 24} 560,${top + 20} 598,${top + 10}`,
        p,
        1.8,
      ) + seam('M397,170 C430,184 470,190 500,190 C530,190 570,184 603,170', p),
    )
  );
};

export const jobshirt: Template = (hex, side) => {
  const p = palette(hex);
  const front = side === 'front';
  const outline = topOutline('long', front ? 196 : 186);
  const details = front
    ? stitch('M484,196 L484,448 L516,448 L516,196', p, 1.8)
    : seam('M268,262 C380,292 620,292 732,262', p) + stitch('M270,272 C380,302 620,302 730,272', p, 1.8);
  return scene(
    outline,
    [
      panel(outline, p.base, p, topDetails('long', p) + details),
      elbowPatches(p),
      cuffs(p),
      waistband(p),
      standCollar(p, side),
      front ? zipper(500, 124, 442) : '',
    ].join(''),
  );
};
