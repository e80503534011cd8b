import { useTranslation } from 'react-i18next';
import { useFromEnglish } from '@web/i18n';
import { useRef } from 'react';
import { categoryLabel } from '@shared/category-labels';
import { Button } from '@web/components/ui';
import { rovingTarget } from '@web/components/ui/roving';

/**
 * The category pills: one Tab stop (a toolbar: the arrows, Home and End move between pills, Enter or Space picks
 * one). Six stops here made a keyboard shopper press Tab twelve times more on the way to the cart and back.
 */
export function CategoryFilter({
  categories,
  value,
  onChange,
}: {
  categories: string[];
  value: string;
  onChange: (c: string) => void;
}) {
  const { t } = useTranslation();
  const words = useFromEnglish();
  const options = ['', ...categories];
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const chosen = Math.max(0, options.indexOf(value));
  return (
    // The pills wrap: one scrolling row hid the last ones on a phone, with nothing to say there were more.
    <nav aria-label={t('store.categories')}>
      <div role="toolbar" aria-label={t('store.category')} className="flex flex-wrap gap-2">
        {options.map((c, i) => (
          <Button
            key={c || 'all'}
            ref={(el) => {
              refs.current[i] = el;
            }}
            variant="toggle"
            aria-pressed={value === c}
            tabIndex={i === chosen ? 0 : -1}
            onClick={() => onChange(c)}
            onKeyDown={(e) => {
              const next = rovingTarget(
                e,
                i,
                options.map(() => false),
              );
              if (next === null) return;
              e.preventDefault();
              refs.current[next]?.focus();
            }}
          >
            {c ? words(categoryLabel(c)) : t('store.all')}
          </Button>
        ))}
      </div>
    </nav>
  );
}
