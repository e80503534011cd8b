import { SearchBox } from '@web/components/search-box';
import { Select } from '@web/components/ui';
import { categoryLabel } from '@shared/category-labels';
import type { CatalogFilter } from './garments';

/** Search, category and status filters over the catalogue's garments. */
export function CatalogFilters({
  filter,
  categories,
  onChange,
}: {
  filter: CatalogFilter;
  categories: string[];
  onChange: (f: CatalogFilter) => void;
}) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row">
      <SearchBox
        label="Search garments"
        value={filter.search}
        onChange={(search) => onChange({ ...filter, search })}
        placeholder="Search by garment, colour or slug"
        className="flex-1"
      />
      <label className="sm:w-44">
        <span className="sr-only">Filter by category</span>
        <Select
          value={filter.category}
          onChange={(e) => onChange({ ...filter, category: e.target.value })}
          className="text-sm"
        >
          <option value="">All categories</option>
          {categories.map((c) => (
            <option key={c} value={c}>
              {categoryLabel(c)}
            </option>
          ))}
        </Select>
      </label>
      <label className="sm:w-40">
        <span className="sr-only">Filter by status</span>
        <Select
          value={filter.active}
          onChange={(e) => onChange({ ...filter, active: e.target.value as CatalogFilter['active'] })}
          className="text-sm"
        >
          <option value="">All statuses</option>
          <option value="active">Active</option>
          <option value="inactive">Inactive</option>
        </Select>
      </label>
    </div>
  );
}
