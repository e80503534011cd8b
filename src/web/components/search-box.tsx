import { Search } from 'lucide-react';
import { cx, Input } from './ui';

/**
 * A search field whose name is for screen readers only; the magnifier is decoration. The field is the shared Input,
 * so its border and focus ring match the filters beside it.
 */
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
  /** Where the box sits in its row (a width, a margin). */
  className?: string;
}) {
  return (
    <label className={cx('relative block', className)}>
      <span className="sr-only">{label}</span>
      <Search
        className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-gray-500"
        aria-hidden
      />
      <Input
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        className="pl-9 text-sm"
      />
    </label>
  );
}
