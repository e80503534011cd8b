import { categoryLabel } from '@shared/category-labels';
import { Button } from '@web/components/ui';

export function CategoryFilter({
  categories,
  value,
  onChange,
}: {
  categories: string[];
  value: string;
  onChange: (c: string) => void;
}) {
  const options = ['', ...categories];
  return (
    // The pills wrap: one scrolling row hid the last ones on a phone, with nothing to say there were more.
    <nav aria-label="Categories">
      <ul className="flex flex-wrap gap-2">
        {options.map((c) => (
          <li key={c || 'all'}>
            <Button variant="toggle" aria-pressed={value === c} onClick={() => onChange(c)}>
              {c ? categoryLabel(c) : 'All'}
            </Button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
