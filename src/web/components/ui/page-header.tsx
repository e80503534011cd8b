import type { ReactNode } from 'react';
import { cx } from './cx';

/**
 * A screen's title, a line on what it is for, and its actions: at the right on a wide screen, below the title on a
 * phone (they wrap). `children` sit under the description, for a control that belongs to the title (a toggle).
 */
export function PageHeader({
  title,
  description,
  actions,
  children,
  flush = false,
  className,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
  /** No margin below: the page spaces its parts itself (a `space-y-*` column). */
  flush?: boolean;
  className?: string;
}) {
  return (
    <header className={cx('flex flex-wrap items-end justify-between gap-3', !flush && 'mb-4', className)}>
      <div className="min-w-0">
        <h1 className="text-2xl font-bold break-words text-white">{title}</h1>
        {description ? <p className="mt-1 max-w-3xl text-sm text-gray-400">{description}</p> : null}
        {children}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </header>
  );
}
