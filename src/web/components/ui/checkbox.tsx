import type { ComponentProps, ReactNode } from 'react';
import { cx } from './cx';

type CheckboxProps = Omit<ComponentProps<'input'>, 'type'> & {
  /** The visible label; without one, give the box an aria-label. */
  label?: ReactNode;
  hint?: ReactNode;
};

// 24 px: the smallest pointer target WCAG 2.2 allows (2.5.8); a 16 px box was easy to miss on a phone.
const box = 'h-6 w-6 shrink-0 cursor-pointer accent-brand-500 disabled:cursor-not-allowed';

/** A native checkbox (so Space and forms work as usual), optionally inside its clickable label. */
export function Checkbox({ label, hint, className, ...props }: CheckboxProps) {
  if (label === undefined) return <input {...props} type="checkbox" className={cx(box, className)} />;
  return (
    <label className={cx('flex cursor-pointer items-center gap-2 text-sm text-gray-200', className)}>
      <input {...props} type="checkbox" className={box} />
      <span>
        {label}
        {hint ? <span className="block text-gray-400">{hint}</span> : null}
      </span>
    </label>
  );
}
