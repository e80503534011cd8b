// Long-sleeve crew tee: the T-shirt body with full-length sleeves and rib cuffs.
import { panel, palette, scene, type Template } from './common';
import { crewNeck } from './tshirt';
import { cuffs, topDetails, topOutline } from './top';

export const longsleeve: Template = (hex, side) => {
  const p = palette(hex);
  const outline = topOutline('long', side === 'front' ? 238 : 188);
  return scene(outline, panel(outline, p.base, p, topDetails('long', p)) + cuffs(p) + crewNeck(p, side));
};
