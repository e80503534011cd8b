// EMS cargo pants: waistband with belt loops and button, fly, slant pockets, bellowed cargo pockets
// with flaps, a shears pocket and knee seams.
import {
  button,
  mix,
  panel,
  palette,
  scene,
  seam,
  stitch,
  fold,
  symmetric,
  type Palette,
  type Template,
} from './common';

const OUTLINE = symmetric(
  [500, 128],
  [
    { to: [330, 128] },
    { to: [312, 312], c1: [322, 190], c2: [312, 250] },
    { to: [326, 896], c1: [312, 520], c2: [322, 760] },
    { to: [488, 896] },
    { to: [500, 398], c1: [490, 720], c2: [494, 520] },
  ],
);

const cargo = (x: number, p: Palette) => {
  const body = `M${x},470 L${x + 104},470 L${x + 106},650 L${x + 2},650 Z`;
  const flap = `M${x - 4},458 L${x + 110},458 L${x + 110},512 L${x - 4},512 Z`;
  return (
    panel(body, p.base, p, stitch(`M${x + 6},476 L${x + 6},644 L${x + 102},644 L${x + 100},476`, p, 1.8)) +
    panel(
      flap,
      mix(p.base, '#000000', 0.05),
      p,
      stitch(`M${x + 2},464 L${x + 104},464 L${x + 104},506 L${x + 2},506 Z`, p, 1.6),
    ) +
    `<circle cx="${x + 53}" cy="496" r="6" fill="${p.inner}" stroke="${p.edge}" stroke-width="1.5"/>`
  );
};

export const pants: Template = (hex, side) => {
  const p = palette(hex);
  const front = side === 'front';
  const waist = 'M330,128 L670,128 L671,178 L329,178 Z';
  const loops = [352, 430, 570, 648]
    .map((x) =>
      panel(
        `M${x - 8},122 L${x + 8},122 L${x + 8},188 L${x - 8},188 Z`,
        p.base,
        p,
        stitch(`M${x - 8},128 L${x + 8},128 M${x - 8},182 L${x + 8},182`, p, 1.4),
      ),
    )
    .join('');
  const inside = [
    fold('M420,200 C430,350 420,600 410,880', 'light', 40, 0.14),
    fold('M580,200 C570,350 580,600 590,880', 'light', 40, 0.1),
    fold('M480,420 C470,500 460,600 470,700', 'dark', 12, 0.16),
    fold('M520,420 C530,500 540,600 530,700', 'dark', 12, 0.16),
    fold('M340,690 C380,700 430,700 470,692', 'dark', 10, 0.1),
    fold('M660,690 C620,700 570,700 530,692', 'dark', 10, 0.1),
    seam('M318,660 C370,670 430,670 482,664', p),
    seam('M682,660 C630,670 570,670 518,664', p),
    stitch('M318,668 C370,678 430,678 482,672', p, 1.6),
    stitch('M682,668 C630,678 570,678 518,672', p, 1.6),
    stitch('M326,874 L488,874 M512,874 L674,874', p),
    seam('M500,178 L500,398', p),
    front
      ? stitch('M526,182 L526,330 C526,360 514,380 500,392', p) +
        seam('M336,186 C376,206 396,240 404,300', p) +
        stitch('M346,186 C384,208 404,242 412,300', p, 1.6) +
        seam('M664,186 C624,206 604,240 596,300', p) +
        stitch('M654,186 C616,208 596,242 588,300', p, 1.6)
      : seam('M330,232 C400,262 450,272 500,276 C550,272 600,262 670,232', p) +
        panel(
          'M370,300 L460,300 L458,392 L372,392 Z',
          p.base,
          p,
          stitch('M376,306 L454,306 L452,386 L378,386 Z', p, 1.6),
        ) +
        panel(
          'M540,300 L630,300 L628,392 L542,392 Z',
          p.base,
          p,
          stitch('M546,306 L624,306 L622,386 L548,386 Z', p, 1.6),
        ),
  ].join('');
  const shears = front
    ? panel('M430,420 L470,420 L470,560 L430,560 Z', p.base, p, stitch('M435,426 L435,554 L465,554 L465,426', p, 1.6))
    : '';
  return scene(
    OUTLINE,
    [
      panel(OUTLINE, p.base, p, inside),
      shears,
      cargo(318, p),
      cargo(574, p),
      panel(waist, p.base, p, stitch('M330,136 L670,136 M330,170 L670,170', p, 1.6)),
      loops,
      front ? button(500, 152, 11, p) : '',
    ].join(''),
  );
};
