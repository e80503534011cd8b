import { categoryLabel } from '@shared/category-labels';

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
    <nav aria-label="Categories" className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <ul className="flex gap-2 pb-1">
        {options.map((c) => (
          <li key={c || 'all'}>
            <button
              type="button"
              aria-pressed={value === c}
              onClick={() => onChange(c)}
              className={`rounded-full border px-4 py-1.5 text-sm font-medium whitespace-nowrap transition ${value === c ? 'border-brand-500 bg-brand-500 text-white' : 'border-gray-700 text-gray-300 hover:border-gray-500 hover:text-white'}`}
            >
              {c ? categoryLabel(c) : 'All'}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
