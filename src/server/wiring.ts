import { invalidateCatalog } from './catalog';
import { onDepartmentsChanged } from './departments';

/**
 * Where a lower feature must set off a higher one, the higher one plugs in here, once, before any route runs: the
 * features themselves only ever import downwards (docs/architecture.md#the-direction-between-features).
 */
export function wireFeatures() {
  onDepartmentsChanged(invalidateCatalog);
}
