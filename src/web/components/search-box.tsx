import { Search } from 'lucide-react';

/** A search field whose name is for screen readers only; the magnifier is decoration. */
export function SearchBox({
  label,
  value,
  onChange,
  placeholder,
  className,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  className: string;
}) {
  return (
    <label className={className}>
      <span className="sr-only">{label}</span>
      <Search className="pointer-events-none absolute top-2.5 left-3 h-4 w-4 text-gray-500" aria-hidden />
      <input
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        className="w-full rounded-lg border border-gray-700 bg-ink-950 py-2 pr-3 pl-9 text-sm text-gray-100 placeholder:text-gray-500 focus:border-brand-500 focus:outline-none"
      />
    </label>
  );
}
