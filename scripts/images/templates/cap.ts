// Structured six-panel ball cap, seen from the front: stiff front panels, top button, eyelets and a
// curved bill with rows of stitching.
import { fold, glow, mix, panel, palette, scene, seam, stitch, type Template } from './common';

// The bill is the crescent between two lower half-ellipses (the crown seam and the bill's front edge),
// tapering to the sides as a curved bill does; stitch rows interpolate between them.
const arc = (t: number) => {
  const cx = 500;
  const cy = 560;
  const rx = 224 + 14 * t;
  const ry = 70 + 170 * t;
  return { cx, cy, rx, ry, d: `M${cx - rx},${cy} A${rx} ${ry} 0 0 0 ${cx + rx},${cy}` };
};

export const cap: Template = (hex, side) => {
  const p = palette(hex);
  const crown = 'M276,560 C270,420 350,296 500,292 C650,296 730,420 724,560 A224 70 0 0 1 276,560 Z';
  const outer = arc(1);
  const inner = arc(0);
  const bill = `${outer.d} L${inner.cx + inner.rx},${inner.cy} A${inner.rx} ${inner.ry} 0 0 1 ${inner.cx - inner.rx},${inner.cy} Z`;
  const rows = [0.3, 0.45, 0.6, 0.75, 0.9].map((t) => stitch(arc(t).d, p, 1.6)).join('');
  const crownDetails =
    side === 'front'
      ? seam('M500,294 L500,628', p) +
        stitch('M491,300 L491,628', p, 1.6) +
        stitch('M509,300 L509,628', p, 1.6) +
        seam('M492,296 C410,330 356,440 340,606', p) +
        seam('M508,296 C590,330 644,440 660,606', p) +
        stitch('M478,304 C402,340 354,446 350,612', p, 1.6) +
        stitch('M522,304 C598,340 646,446 650,612', p, 1.6) +
        glow(420, 420, 70, 100, 0.14)
      : seam('M500,294 L500,630', p) +
        seam('M492,296 C440,340 420,440 420,624', p) +
        seam('M508,296 C560,340 580,440 580,624', p) +
        glow(430, 420, 60, 90, 0.12);
  const eyelet = (x: number, y: number) =>
    `<circle cx="${x}" cy="${y}" r="8" fill="${p.inner}" stroke="${mix(p.base, '#ffffff', 0.2)}" stroke-width="3"/>`;
  return scene(
    `${crown} ${bill}`,
    [
      panel(crown, p.base, p, crownDetails + fold('M300,540 C380,600 620,600 700,540', 'dark', 18, 0.16)),
      eyelet(390, 390),
      eyelet(610, 390),
      `<ellipse cx="500" cy="293" rx="20" ry="10" fill="${p.base}" stroke="${p.edge}" stroke-width="2"/>`,
      panel(bill, mix(p.base, '#ffffff', 0.04), p, rows + glow(500, 690, 150, 40, 0.12)),
    ].join(''),
    { scale: 1.25, dy: -60 },
  );
};
