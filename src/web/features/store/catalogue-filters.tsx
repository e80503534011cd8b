import { useTranslation } from 'react-i18next';
import { useFromEnglish } from '@web/i18n';
import { decorationOptions, type CatalogueFilter } from '@shared/catalogue-filter';
import { useDecorationKinds } from '@web/lib/use-decoration-kinds';
import { SearchBox } from '@web/components/search-box';
import { Select } from '@web/components/ui';
import { CategoryFilter } from './category-filter';

type Props = {
  filter: CatalogueFilter;
  categories: string[];
  colours: { key: string; label: string }[];
  /** `typing`: a keystroke in the search box, which replaces the history entry instead of adding one. */
  onChange: (change: Partial<CatalogueFilter>, typing?: boolean) => void;
};

/** The store's search box, colour and decoration choices, and category pills; the page keeps them in the URL. */
export function CatalogueFilters({ filter, categories, colours, onChange }: Props) {
  const set = (change: Partial<CatalogueFilter>, typing = false) => onChange(change, typing);
  const { t } = useTranslation();
  const words = useFromEnglish();
  // A kind an admin added (a department patch) is a choice too, named as the shop names it.
  const options = decorationOptions(useDecorationKinds());
  return (
    <div className="space-y-3" role="search" aria-label={t('store.findGarments')}>
      <div className="grid gap-3 sm:grid-cols-[1fr_12rem_14rem]">
        <SearchBox
          label={t('store.search')}
          value={filter.q}
          onChange={(q) => set({ q }, true)}
          placeholder={t('store.searchPlaceholder')}
          className="relative block"
        />
        <label className="block">
          <span className="sr-only">{t('store.colour')}</span>
          <Select
            dense
            value={filter.colour}
            onChange={(e) => set({ colour: e.target.value })}
            data-testid="colour-filter"
          >
            <option value="">{t('store.anyColour')}</option>
            {colours.map((c) => (
              <option key={c.key} value={c.key}>
                {c.label}
              </option>
            ))}
          </Select>
        </label>
        <label className="block">
          <span className="sr-only">{t('store.decoration')}</span>
          <Select
            dense
            value={filter.decoration}
            onChange={(e) => set({ decoration: e.target.value })}
            data-testid="decoration-filter"
          >
            <option value="">{t('store.anyDecoration')}</option>
            {options.map((d) => (
              <option key={d.key} value={d.key}>
                {words(d.label)}
              </option>
            ))}
          </Select>
        </label>
      </div>
      <CategoryFilter categories={categories} value={filter.category} onChange={(category) => set({ category })} />
    </div>
  );
}
