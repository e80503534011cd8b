// Template registry: one drawing per garment kind of the catalogue.
import type { GarmentKind } from '../../../src/server/catalog/catalog-data';
import type { Template } from './common';
import { cap } from './cap';
import { hoodie } from './hoodie';
import { jacket } from './jacket';
import { jobshirt } from './jobshirt';
import { longsleeve } from './longsleeve';
import { pants } from './pants';
import { polo } from './polo';
import { tshirt } from './tshirt';

export type { Side, Template } from './common';
export const TEMPLATES: Record<GarmentKind, Template> = {
  tshirt,
  longsleeve,
  polo,
  jobshirt,
  pants,
  jacket,
  hoodie,
  cap,
};
