import type { ReactNode } from 'react';
import { cx } from './ui';

/**
 * A printed sheet's table on a screen narrower than the paper: it scrolls sideways in a named region that takes
 * focus, so the keyboard can scroll it too; on paper it shows whole.
 */
export function PaperScroll({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      className={cx('overflow-x-auto print:overflow-visible', className)}
      role="region"
      aria-label={label}
      tabIndex={0}
    >
      {children}
    </div>
  );
}
