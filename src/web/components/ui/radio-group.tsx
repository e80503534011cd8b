import { useRef, type CSSProperties, type ReactNode } from 'react';
import { cx } from './cx';
import { rovingTarget } from './roving';

export type RadioOption<T extends string> = {
  value: T;
  /** The visible content; a swatch has none and names itself with ariaLabel. */
  label?: ReactNode;
  ariaLabel?: string;
  description?: ReactNode;
  disabled?: boolean;
  /** A swatch's colour. */
  color?: string;
  testId?: string;
};

export type RadioLook = 'chip' | 'card' | 'segment' | 'overlay' | 'swatch' | 'swatch-lg';

type RadioGroupProps<T extends string> = {
  /** The group's accessible name (and its visible legend unless labelHidden). */
  label: string;
  labelHidden?: boolean;
  options: readonly RadioOption<T>[];
  /** The chosen value, or '' when nothing is chosen yet (the first option takes the Tab stop). */
  value: T | '';
  onChange: (value: T) => void;
  look?: RadioLook;
  className?: string;
};

const strips: Partial<Record<RadioLook, string>> = {
  segment: 'inline-flex gap-0.5 rounded-lg border border-edge p-0.5',
  overlay: 'inline-flex gap-0.5 rounded-full bg-black/75 p-1',
};

const looks: Record<RadioLook, { base: string; on: string; off: string }> = {
  chip: {
    base: 'min-w-12 rounded-lg border px-2.5 py-1.5 text-sm',
    on: 'border-brand-400 bg-brand-500/15 text-white',
    off: 'border-edge text-gray-300 hover:border-gray-400',
  },
  card: {
    base: 'flex w-full flex-col items-start gap-0.5 rounded-lg border p-3 text-left text-sm',
    on: 'border-brand-400 bg-brand-500/10 text-white',
    off: 'border-edge text-gray-200 hover:border-gray-400',
  },
  // Buttons joined in one outlined strip (left/right side of a patch).
  segment: {
    base: 'rounded-md px-3 py-1 text-xs font-medium',
    on: 'bg-brand-500 text-ink-950',
    off: 'text-gray-300 hover:text-white',
  },
  // The same strip drawn over a photo (front/back view).
  overlay: {
    base: 'rounded-full px-3 py-1 text-xs font-medium capitalize',
    on: 'bg-white text-gray-900',
    off: 'text-gray-200 hover:text-white',
  },
  swatch: {
    base: 'h-6 w-6 rounded-full border border-white/40 ring-offset-2 ring-offset-ink-900',
    on: 'ring-2 ring-brand-400',
    off: 'hover:ring-2 hover:ring-gray-500',
  },
  'swatch-lg': {
    base: 'h-8 w-8 rounded-full border border-white/40 ring-offset-2 ring-offset-ink-900',
    on: 'ring-2 ring-brand-400',
    off: 'hover:ring-2 hover:ring-gray-500',
  },
};

/**
 * A choice of one, drawn as buttons with role="radio": one Tab stop (the chosen option), arrows move and choose,
 * as native radio buttons do.
 */
export function RadioGroup<T extends string>({
  label,
  labelHidden = true,
  options,
  value,
  onChange,
  look = 'chip',
  className,
}: RadioGroupProps<T>) {
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const chosen = options.findIndex((o) => o.value === value);
  const stop = chosen >= 0 ? chosen : options.findIndex((o) => !o.disabled);
  const style = looks[look];
  const group = (
    <div role="radiogroup" aria-label={label} className={cx(strips[look] ?? 'flex flex-wrap gap-2', className)}>
      {options.map((o, i) => {
        const on = i === chosen;
        const css: CSSProperties | undefined = o.color ? { backgroundColor: o.color } : undefined;
        return (
          <button
            key={o.value}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="radio"
            aria-checked={on}
            aria-label={o.ariaLabel}
            title={o.color ? o.ariaLabel : undefined}
            data-testid={o.testId}
            disabled={o.disabled}
            tabIndex={i === stop ? 0 : -1}
            style={css}
            onClick={() => onChange(o.value)}
            onKeyDown={(e) => {
              const next = rovingTarget(
                e,
                i,
                options.map((x) => !!x.disabled),
              );
              if (next === null) return;
              e.preventDefault();
              onChange(options[next]!.value);
              refs.current[next]?.focus();
            }}
            className={cx(
              style.base,
              on ? style.on : style.off,
              'transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400 disabled:cursor-not-allowed disabled:opacity-50',
            )}
          >
            {o.label}
            {o.description ? <span className="block text-gray-400">{o.description}</span> : null}
          </button>
        );
      })}
    </div>
  );
  if (labelHidden) return group;
  return (
    <div>
      <p aria-hidden className="mb-2 text-sm font-semibold text-gray-200">
        {label}
      </p>
      {group}
    </div>
  );
}
