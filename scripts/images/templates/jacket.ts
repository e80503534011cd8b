// Softshell jacket: tall stand collar, full-length zip, chest ID panel, zipped chest and hand pockets,
// tabbed cuffs. The back shows a yoke and princess seams instead.
import { closed, mix, panel, palette, scene, seam, stitch, type P, type Palette, type Template } from './common';
import { standCollar, zipper } from './jobshirt';
import { topDetails, topOutline } from './top';

const tabbedCuffs = (p: Palette) =>
  [false, true]
    .map((right) => {
      const flip = (pts: P[]) => (right ? pts.map(([x, y]) => [1000 - x, y] as P) : pts);
      const band = flip([
        [173, 748],
        [264, 762],
        [258, 826],
        [168, 812],
      ]);
      const tab = flip([
        [200, 770],
        [262, 778],
        [260, 800],
        [198, 792],
      ]);
      const path = (q: P[]) =>
        closed(
          q[0]!,
          q.slice(1).map((to) => ({ to })),
        );
      return (
        panel(path(band), mix(p.base, '#000000', 0.1), p, stitch(path(band), p, 1.6)) +
        panel(path(tab), p.base, p, stitch(path(tab), p, 1.4))
      );
    })
    .join('');

const zipLine = (d: string, p: Palette) =>
  `<path d="${d}" fill="none" stroke="#2a2b2e" stroke-width="9" stroke-linecap="round"/>` +
  `<path d="${d}" fill="none" stroke="#9ea2a9" stroke-width="3" stroke-dasharray="2 2"/>` +
  stitch(d, p, 1.4);

export const jacket: Template = (hex, side) => {
  const p = palette(hex);
  const front = side === 'front';
  const outline = topOutline('long', front ? 196 : 186);
  const hem = stitch('M298,832 C370,836 440,838 500,838 C560,838 630,836 702,832', p);
  const frontDetails = [
    zipLine('M380,300 L382,430', p),
    `<rect x="375" y="304" width="12" height="26" rx="3" fill="#c9ccd2" stroke="#5d6168" stroke-width="1.2"/>`,
    zipLine('M338,590 L372,760', p),
    zipLine('M662,590 L628,760', p),
    seam('M300,560 C380,575 430,580 478,582', p),
    seam('M700,560 C620,575 570,580 522,582', p),
  ].join('');
  const backDetails = [
    seam('M268,262 C380,300 620,300 732,262', p),
    stitch('M270,273 C380,311 620,311 730,273', p, 1.8),
    seam('M392,292 C378,480 372,680 372,858', p),
    seam('M608,292 C622,480 628,680 628,858', p),
  ].join('');
  const idPanel = 'M566,296 L690,296 L690,352 L566,352 Z';
  return scene(
    outline,
    [
      panel(outline, p.base, p, topDetails('long', p) + hem + (front ? frontDetails : backDetails)),
      tabbedCuffs(p),
      front
        ? panel(idPanel, mix(p.base, '#000000', 0.22), p, stitch('M572,302 L684,302 L684,346 L572,346 Z', p, 1.6))
        : '',
      standCollar(p, side, 100),
      front ? `<path d="M500,196 L500,862" stroke="${p.edge}" stroke-width="20"/>` + zipper(500, 106, 860) : '',
    ].join(''),
  );
};
