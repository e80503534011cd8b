import { useTranslation } from 'react-i18next';
import { RadioGroup } from '@web/components/ui';

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
  const { t } = useTranslation();
  return (
    <RadioGroup
      label={t('store.colour')}
      look={size === 'sm' ? 'swatch' : 'swatch-lg'}
      value={selected}
      onChange={onSelect}
      options={options.map((o) => ({ value: o.slug, ariaLabel: o.color, color: o.color_hex }))}
    />
  );
}
