import type { ComponentProps, ReactNode } from 'react';
import { cx } from './cx';

type CheckboxProps = Omit<ComponentProps<'input'>, 'type'> & {
  /** The visible label; without one, give the box an aria-label. */
  label?: ReactNode;
  hint?: ReactNode;
};

const box = 'h-4 w-4 shrink-0 cursor-pointer accent-brand-500 disabled:cursor-not-allowed';

/** A native checkbox (so Space and forms work as usual), optionally inside its clickable label. */
export function Checkbox({ label, hint, className, ...props }: CheckboxProps) {
  if (label === undefined) return <input {...props} type="checkbox" className={cx(box, className)} />;
  return (
    <label className={cx('flex cursor-pointer items-start gap-2 text-sm text-gray-200', className)}>
      <input {...props} type="checkbox" className={cx(box, 'mt-0.5')} />
      <span>
        {label}
        {hint ? <span className="block text-gray-400">{hint}</span> : null}
      </span>
    </label>
  );
}
