import type { ComponentProps } from 'react';
import { cx } from './cx';
import { Spinner } from './spinner';

export type ButtonVariant =
  'primary' | 'secondary' | 'danger' | 'danger-quiet' | 'success' | 'ghost' | 'link' | 'plain' | 'icon' | 'toggle';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'xl';

// Filled buttons keep contrast at 4.5:1 or more: dark ink on the brand orange (6.4:1), white on the dark
// red (6.4:1) and on the dark green (5.4:1).
const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brand-500 font-semibold text-ink-950 hover:bg-brand-400',
  secondary: 'border border-edge bg-transparent font-medium text-gray-100 hover:bg-gray-800',
  danger: 'bg-danger-600 font-semibold text-white hover:bg-danger-700',
  'danger-quiet': 'border border-red-400/70 font-medium text-red-300 hover:bg-red-950',
  success: 'bg-success-600 font-semibold text-white hover:bg-success-700',
  ghost: 'font-medium text-gray-300 hover:bg-gray-800 hover:text-white',
  link: 'font-medium text-brand-400 underline underline-offset-2 hover:text-brand-300',
  // A button that draws nothing itself (a whole list row, a card): the caller lays out its content.
  plain: '',
  // A pill that stays pressed (a filter): give it aria-pressed, which draws the pressed state.
  toggle:
    'rounded-full border border-edge font-medium whitespace-nowrap text-gray-300 hover:text-white aria-pressed:border-brand-500 aria-pressed:bg-brand-500 aria-pressed:text-ink-950',
  // A square icon-only button; it needs an aria-label.
  icon: 'text-gray-300 hover:bg-gray-800 hover:text-white',
};

const bare = new Set<ButtonVariant>(['link', 'plain']);

const sizes: Record<ButtonSize, string> = {
  sm: 'px-3 py-1.5 text-sm',
  md: 'px-4 py-2',
  lg: 'px-5 py-2.5 text-base',
  xl: 'h-12 px-6 text-base',
};

const paddings: Partial<Record<ButtonVariant, Record<ButtonSize, string>>> = {
  icon: { sm: 'p-1.5', md: 'p-2', lg: 'p-2.5', xl: 'p-3' },
  toggle: { sm: 'px-3 py-1 text-xs', md: 'px-4 py-1.5 text-sm', lg: 'px-5 py-2', xl: 'px-6 py-2.5' },
};

export type ButtonStyle = { variant?: ButtonVariant; size?: ButtonSize; block?: boolean; className?: string };

/** The classes of a button, for a router Link that must look like one. */
export function buttonClasses({ variant = 'primary', size = 'md', block, className }: ButtonStyle = {}): string {
  return cx(
    variant !== 'plain' && 'inline-flex items-center justify-center gap-2',
    variant !== 'plain' && variant !== 'toggle' && 'rounded-lg',
    'transition focus-visible:outline-2 focus-visible:outline-brand-400 disabled:cursor-not-allowed disabled:opacity-60',
    // A plain button is often a whole row inside a clipped list: its ring goes inside.
    variant === 'plain' ? 'focus-visible:-outline-offset-2' : 'focus-visible:outline-offset-2',
    bare.has(variant) ? '' : (paddings[variant] ?? sizes)[size],
    variants[variant],
    block && 'w-full',
    className,
  );
}

export type ButtonProps = ComponentProps<'button'> & ButtonStyle & { loading?: boolean };

/** A button; `type` defaults to "button" so a button inside a form submits only when it says so. */
export function Button({
  variant,
  size,
  block,
  loading,
  disabled,
  className,
  type = 'button',
  children,
  ...props
}: ButtonProps) {
  return (
    <button
      {...props}
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={buttonClasses({ variant, size, block, className: cx(loading && 'cursor-wait', className) })}
    >
      {loading ? <Spinner /> : null}
      {children}
    </button>
  );
}
