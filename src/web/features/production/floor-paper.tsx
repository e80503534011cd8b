import type { ReactNode } from 'react';
import { formatShopDateTime } from '@shared/time';
import { plural } from '@shared/plural';

/**
 * A sheet for the floor: black on white on screen too (so the screen shows what prints), headed by what it covers,
 * its counts and when it was printed, so two copies on the bench can be told apart.
 */
export function FloorPaper({
  testId,
  title,
  scope,
  orders,
  pieces,
  children,
}: {
  testId: string;
  title: string;
  scope: string;
  orders: number;
  pieces: number;
  children: ReactNode;
}) {
  return (
    <article
      data-testid={testId}
      className="paper floor-paper mx-auto max-w-5xl rounded-lg bg-white p-3 text-sm text-gray-950 shadow-xl sm:p-6 print:max-w-none print:rounded-none print:p-0 print:shadow-none"
    >
      <header className="mb-4 flex flex-wrap items-baseline justify-between gap-2 border-b-2 border-gray-900 pb-2">
        <h2 className="text-xl font-bold">{title}</h2>
        <p className="text-gray-700">
          {scope} · {plural(orders, 'order')} · {plural(pieces, 'piece')} · printed {formatShopDateTime(new Date())}
        </p>
      </header>
      {children}
    </article>
  );
}
