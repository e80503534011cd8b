import { RadioButton, RadioGroup } from './radio-buttons';

type Swatch = { slug: string; color: string; color_hex: string };

/** Colour choice as round swatches; the selected one is ringed. */
export function ColorSwatches({
  options,
  selected,
  onSelect,
  size = 'sm',
}: {
  options: Swatch[];
  selected: string;
  onSelect: (slug: string) => void;
  size?: 'sm' | 'md';
}) {
  const dim = size === 'sm' ? 'h-5 w-5' : 'h-8 w-8';
  return (
    <RadioGroup label="Colour" className="flex flex-wrap gap-2">
      {options.map((o) => (
        <RadioButton
          key={o.slug}
          checked={o.slug === selected}
          onSelect={() => onSelect(o.slug)}
          aria-label={o.color}
          title={o.color}
          className={`${dim} rounded-full border border-white/30 ring-offset-2 ring-offset-ink-900 transition ${o.slug === selected ? 'ring-2 ring-brand-500' : 'hover:ring-2 hover:ring-gray-500'}`}
          style={{ backgroundColor: o.color_hex }}
        />
      ))}
    </RadioGroup>
  );
}
