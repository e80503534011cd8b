import type { HTMLAttributes } from 'react';
import { cx } from './cx';

const PADDING = { none: '', sm: 'p-3', md: 'p-4 sm:p-5', lg: 'p-5 sm:p-6' } as const;

type CardProps = HTMLAttributes<HTMLElement> & {
  /** The element it is: a section when it has its own heading, a list item in a list of cards. */
  as?: 'div' | 'section' | 'article' | 'li' | 'figure';
  /** sm for a figure tile, md for a panel, lg for a long form, none for a table or list that runs to the edges. */
  padding?: keyof typeof PADDING;
};

/** The staff screens' panel: one border, one corner, one surface, so panels side by side look alike. */
export function Card({ as: Tag = 'div', padding = 'md', className, ...props }: CardProps) {
  return <Tag {...props} className={cx('rounded-xl border border-gray-800 bg-ink-900', PADDING[padding], className)} />;
}
