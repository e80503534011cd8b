import type { ComponentProps } from 'react';
import { cx } from './cx';

type DigitBoxProps = ComponentProps<'input'> & { compact?: boolean };

/** One box of a one-time code: a single large digit, its border brighter once filled and red when invalid. */
export function DigitBox({ compact, value, className, ...props }: DigitBoxProps) {
  return (
    <input
      {...props}
      value={value}
      className={cx(
        compact ? 'h-11 w-10 text-xl' : 'h-14 w-11 text-2xl sm:w-12',
        'rounded-lg border bg-ink-950 text-center font-mono font-semibold text-gray-100 caret-brand-500 transition outline-none focus:border-brand-400 focus:ring-2 focus:ring-brand-400/50 disabled:opacity-60 aria-invalid:border-red-400',
        value ? 'border-gray-400' : 'border-edge',
        className,
      )}
    />
  );
}
