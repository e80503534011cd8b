// Crew-neck T-shirt: rib collar, set-in short sleeves with hemmed ends, inside neck label.
import { panel, palette, ribLines, scene, stitch, type Template } from './common';
import { topDetails, topOutline } from './top';

export const crewNeck = (p: ReturnType<typeof palette>, side: 'front' | 'back') => {
  if (side === 'back') {
    const band =
      'M382,174 C420,198 460,206 500,206 C540,206 580,198 618,174 L595,168 C560,184 530,188 500,188 C470,188 440,184 405,168 Z';
    return (
      panel(band, p.rib, p, ribLines(band, 380, 620, 160, 210, p)) +
      stitch('M390,180 C425,199 462,202 500,202 C538,202 575,199 610,180', p, 1.8)
    );
  }
  const inside = 'M405,168 C440,204 560,204 595,168 C580,205 540,238 500,238 C460,238 420,205 405,168 Z';
  const backRib = 'M405,168 C440,188 560,188 595,168 C560,204 440,204 405,168 Z';
  const front =
    'M382,174 C400,230 460,262 500,262 C540,262 600,230 618,174 L595,168 C580,205 540,238 500,238 C460,238 420,205 405,168 Z';
  return [
    `<path d="${inside}" fill="${p.inner}"/>`,
    `<rect x="482" y="203" width="36" height="18" rx="2" fill="#ecebe7" fill-opacity="0.9"/>`,
    `<path d="M486,209 L514,209 M490,214 L510,214" stroke="#9a968c" stroke-width="1.6"/>`,
    panel(backRib, p.dark, p),
    panel(front, p.rib, p, ribLines(front, 380, 620, 160, 270, p)),
    stitch('M390,176 C408,228 462,255 500,255 C538,255 592,228 610,176', p, 1.8),
  ].join('');
};

export const tshirt: Template = (hex, side) => {
  const p = palette(hex);
  const outline = topOutline('short', side === 'front' ? 238 : 188);
  return scene(outline, panel(outline, p.base, p, topDetails('short', p)) + crewNeck(p, side));
};
