// Polo: knit fold-over collar, three-button placket, rib sleeve bands and a pen pocket on the left sleeve.
import { button, mix, panel, palette, ribLines, scene, seam, stitch, type Palette, type Template } from './common';
import { topDetails, topOutline } from './top';

const sleeveBands = (p: Palette) =>
  ['M148,405 L236,455 L251,428 L163,378 Z', 'M852,405 L764,455 L749,428 L837,378 Z']
    .map((d) => panel(d, p.rib, p, ribLines(d, 140, 860, 360, 470, p, 6)))
    .join('');

const penPocket = (p: Palette) =>
  `<g transform="rotate(-31 800 322)">` +
  `<rect x="784" y="288" width="32" height="68" rx="3" fill="${mix(p.base, '#000000', 0.08)}" stroke="${p.edge}" stroke-width="1.6"/>` +
  stitch('M788,292 L788,352 L812,352 L812,292', p, 1.6) +
  `<path d="M784,290 L816,290" stroke="${p.inner}" stroke-width="3"/></g>`;

export const polo: Template = (hex, side) => {
  const p = palette(hex);
  const front = side === 'front';
  const outline = topOutline('short', front ? 262 : 188);
  const body = panel(outline, p.base, p, topDetails('short', p));
  if (!front) {
    const collar = 'M376,182 C420,140 580,140 624,182 L612,222 C575,232 540,236 500,236 C460,236 425,232 388,222 Z';
    return scene(
      outline,
      body +
        sleeveBands(p) +
        panel(collar, p.rib, p, ribLines(collar, 370, 630, 130, 240, p, 6)) +
        stitch('M392,215 C430,226 465,229 500,229 C535,229 570,226 608,215', p, 1.8),
    );
  }
  const placket = 'M476,250 L524,250 L524,432 L476,432 Z';
  const wingL = 'M384,178 C420,200 470,240 500,262 L452,306 C425,282 392,236 372,192 Z';
  const wingR = 'M616,178 C580,200 530,240 500,262 L548,306 C575,282 608,236 628,192 Z';
  const backBand = 'M384,178 C430,146 570,146 616,178 L592,190 C560,172 440,172 408,190 Z';
  return scene(
    outline,
    [
      body,
      sleeveBands(p),
      penPocket(p),
      panel(placket, p.base, p, stitch('M482,256 L482,426 L518,426 L518,256', p, 1.8) + seam('M500,262 L500,432', p)),
      `<path d="M408,188 C440,174 560,174 592,188 L500,268 Z" fill="${p.inner}"/>`,
      panel(backBand, p.rib, p, ribLines(backBand, 380, 620, 140, 195, p, 6)),
      panel(
        wingL,
        p.rib,
        p,
        ribLines(wingL, 370, 505, 170, 310, p, 6) + stitch('M380,194 C402,238 430,278 454,296', p, 1.6),
      ),
      panel(
        wingR,
        p.rib,
        p,
        ribLines(wingR, 495, 630, 170, 310, p, 6) + stitch('M620,194 C598,238 570,278 546,296', p, 1.6),
      ),
      button(500, 330, 9, p),
      button(500, 378, 9, p),
      button(500, 418, 8, p),
    ].join(''),
  );
};
