import type { ReactNode } from 'react';

/** The top bar every layout shares: left, optional centre and right slots; `contained` lines it up with page content. */
export function Header({
  left,
  center,
  right,
  contained = false,
}: {
  left?: ReactNode;
  center?: ReactNode;
  right?: ReactNode;
  contained?: boolean;
}) {
  return (
    <header data-testid="header" className="sticky top-0 z-30 border-b print:hidden border-gray-800/80 bg-ink-950">
      <div
        className={`relative flex h-16 items-center justify-between gap-3 sm:px-6 ${contained ? 'mx-auto max-w-6xl px-5' : 'px-4'}`}
      >
        <div className="flex min-w-0 items-center gap-3">{left}</div>
        {center ? <div className="absolute left-1/2 -translate-x-1/2">{center}</div> : null}
        <div className="flex items-center gap-2">{right}</div>
      </div>
    </header>
  );
}
