// Pullover hoodie: lined hood with drawcords, kangaroo pocket, rib cuffs and hem band.
// From the back the hood lies over the shoulders with its centre seam, and there is no pocket.
import { fold, panel, palette, scene, seam, stitch, type Palette, type Template } from './common';
import { cuffs, topDetails, topOutline, waistband } from './top';

const HOOD_BEHIND = 'M372,205 C350,110 425,58 500,58 C575,58 650,110 628,205 Z';

const cord = (x: number, bend: number, p: Palette) => {
  const d = `M${x},252 C${x + bend},320 ${x - bend},380 ${x + bend / 2},448`;
  return (
    `<circle cx="${x}" cy="250" r="9" fill="#c9ccd2" stroke="#5d6168" stroke-width="2"/><circle cx="${x}" cy="250" r="4" fill="${p.inner}"/>` +
    `<path d="${d}" fill="none" stroke="#00000033" stroke-width="10" stroke-linecap="round" transform="translate(3 4)"/>` +
    `<path d="${d}" fill="none" stroke="#e9e8e4" stroke-width="8" stroke-linecap="round"/>` +
    `<rect x="${x + bend / 2 - 5}" y="440" width="10" height="26" rx="3" fill="#b9bcc2" stroke="#5d6168" stroke-width="1.4"/>`
  );
};

const pocket = (p: Palette) => {
  const d = 'M382,590 L618,590 C626,660 660,720 694,756 L694,806 L306,806 L306,756 C340,720 374,660 382,590 Z';
  return panel(
    d,
    p.base,
    p,
    fold('M330,760 C360,720 380,660 386,600', 'dark', 14, 0.3) +
      fold('M670,760 C640,720 620,660 614,600', 'dark', 14, 0.3) +
      stitch('M388,598 L612,598', p, 1.8) +
      stitch('M318,760 C350,724 382,664 390,598', p, 1.8) +
      stitch('M682,760 C650,724 618,664 610,598', p, 1.8),
  );
};

export const hoodie: Template = (hex, side) => {
  const p = palette(hex);
  const outline = topOutline('long', side === 'front' ? 270 : 186);
  const silhouette = `${outline} ${HOOD_BEHIND}`;
  const body = panel(outline, p.base, p, topDetails('long', p));
  if (side === 'back') {
    const hood =
      'M372,205 C350,110 425,58 500,58 C575,58 650,110 628,205 C622,300 566,392 500,420 C434,392 378,300 372,205 Z';
    return scene(
      silhouette,
      [
        body,
        cuffs(p),
        waistband(p),
        fold('M380,330 C420,420 580,420 620,330', 'dark', 14, 0.35),
        panel(
          hood,
          p.base,
          p,
          seam('M500,60 L500,418', p) +
            stitch('M490,64 L490,412', p, 1.8) +
            stitch('M510,64 L510,412', p, 1.8) +
            fold('M420,120 C400,200 420,300 470,380', 'dark', 18, 0.2) +
            fold('M580,120 C600,200 580,300 530,380', 'dark', 18, 0.2),
        ),
      ].join(''),
    );
  }
  const lining =
    'M405,182 C398,122 445,94 500,94 C555,94 602,122 595,182 C575,222 535,258 500,272 C465,258 425,222 405,182 Z';
  return scene(
    silhouette,
    [
      panel(HOOD_BEHIND, p.base, p),
      body,
      cuffs(p),
      waistband(p),
      pocket(p),
      `<path d="${lining}" fill="${p.inner}"/>`,
      fold('M430,130 C470,110 530,110 570,130', 'dark', 20, 0.4),
      `<path d="${lining}" fill="none" stroke="${p.edge}" stroke-width="30"/>`,
      `<path d="${lining}" fill="none" stroke="${p.base}" stroke-width="26"/>`,
      `<path d="${lining}" fill="none" stroke="#fff" stroke-opacity="0.08" stroke-width="26"/>`,
      stitch('M418,184 C412,132 452,108 500,108 C548,108 588,132 582,184', p, 1.6),
      cord(470, 6, p),
      cord(530, -6, p),
    ].join(''),
  );
};
