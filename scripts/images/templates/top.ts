// Geometry shared by every upper-body garment: one flat-lay body with short or long sleeves, so all
// tops line up at the same scale and the catalogue grid looks consistent.
import {
  closed,
  fold,
  glow,
  mirrorPath,
  open,
  panel,
  ribLines,
  seam,
  stitch,
  symmetric,
  type P,
  type Palette,
  type Seg,
} from './common';

export type Sleeves = 'short' | 'long';
export const NECK: P = [405, 168];

const shoulder: Seg = { to: [262, 205], c1: [360, 178], c2: [300, 192] };
const shortSleeve: Seg[] = [
  { to: [148, 405], c1: [212, 262], c2: [172, 345] },
  { to: [236, 455] },
  { to: [302, 374], c1: [262, 425], c2: [288, 398] },
];
const longSleeve: Seg[] = [
  { to: [168, 812], c1: [215, 330], c2: [178, 640] },
  { to: [258, 826] },
  { to: [306, 385], c1: [268, 640], c2: [292, 480] },
];
const sideAndHem: Seg[] = [
  { to: [300, 858], c1: [308, 520], c2: [296, 700] },
  { to: [500, 864], c1: [370, 862], c2: [440, 865] },
];

/** The garment outline with the neckline dipping to `neckDepth` at the centre. */
export const topOutline = (sleeves: Sleeves, neckDepth: number) =>
  symmetric(
    [500, neckDepth],
    [
      { to: NECK, c1: [458, neckDepth], c2: [420, 168 + (neckDepth - 168) * 0.6] },
      shoulder,
      ...(sleeves === 'short' ? shortSleeve : longSleeve),
      ...sideAndHem,
    ],
  );

const both = (start: P, segs: Seg[]) => `${open(start, segs)} ${mirrorPath(start, segs)}`;

/** Set-in sleeve seams with their top-stitching, plus the usual flat-lay folds. */
export const topDetails = (sleeves: Sleeves, p: Palette) => {
  const armhole = both([264, 207], [{ to: [303, 378], c1: [284, 262], c2: [296, 322] }]);
  const armStitch = both([274, 209], [{ to: [312, 372], c1: [293, 262], c2: [305, 320] }]);
  const parts = [
    fold(both([315, 420], [{ to: [400, 560], c1: [350, 470], c2: [380, 500] }]), 'dark', 22, 0.22),
    fold(both([330, 760], [{ to: [430, 700], c1: [370, 745], c2: [400, 720] }]), 'dark', 18, 0.18),
    glow(410, 380, 80, 150, 0.1),
    glow(590, 380, 80, 150, 0.07),
    seam(armhole, p),
    stitch(armStitch, p),
    stitch(both([296, 840], [{ to: [500, 846], c1: [370, 844], c2: [440, 846] }]), p),
  ];
  if (sleeves === 'short') {
    parts.push(stitch(both([140, 384], [{ to: [250, 446] }]), p), glow(205, 320, 30, 70, 0.1));
  } else {
    parts.push(
      glow(218, 480, 30, 200, 0.1),
      glow(782, 480, 30, 200, 0.07),
      fold(both([190, 520], [{ to: [270, 560], c1: [220, 530], c2: [250, 540] }]), 'dark', 10, 0.25),
      fold(both([186, 610], [{ to: [268, 640], c1: [215, 618], c2: [245, 630] }]), 'dark', 10, 0.2),
    );
  }
  return parts.join('');
};

/** Rib-knit cuffs on long sleeves. */
export const cuffs = (p: Palette) =>
  [false, true]
    .map((right) => {
      const pts: P[] = [
        [172, 758],
        [263, 772],
        [258, 826],
        [168, 812],
      ];
      const q = right ? pts.map(([x, y]) => [1000 - x, y] as P) : pts;
      const d = closed(
        q[0]!,
        q.slice(1).map((to) => ({ to })),
      );
      const xs = q.map(([x]) => x);
      return panel(d, p.rib, p, ribLines(d, Math.min(...xs), Math.max(...xs), 740, 840, p));
    })
    .join('');

/** A knitted hem band across the bottom of the body. */
export const waistband = (p: Palette) => {
  const d = symmetric(
    [500, 812],
    [
      { to: [299, 806], c1: [440, 812], c2: [370, 810] },
      { to: [300, 858] },
      { to: [500, 864], c1: [370, 862], c2: [440, 865] },
    ],
  );
  return panel(d, p.rib, p, ribLines(d, 296, 704, 800, 870, p));
};
