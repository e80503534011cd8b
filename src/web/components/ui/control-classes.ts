import { cx } from './cx';

// The look every text control shares. Borders use the "edge" grey (3:1 against the page, WCAG 1.4.11) and the
// focus ring the light brand orange (8:1); the ratios are pinned by src/web/styles/contrast.unit.test.ts.
const base =
  'rounded-lg border border-edge bg-ink-950 text-gray-100 placeholder:text-gray-500 focus:border-brand-400 focus:ring-2 focus:ring-brand-400/50 focus:outline-none aria-invalid:border-red-400 disabled:cursor-not-allowed disabled:opacity-60 read-only:text-gray-400';

export type ControlLook = {
  /** Tighter padding, for controls inside a row of other things. */
  dense?: boolean;
};

/** The control's classes; it fills its container unless the caller gives it a width of its own. */
export function controlClasses(dense: boolean | undefined, className: string | undefined): string {
  const ownWidth = /(^|\s)(w-|flex-1|basis-)/.test(className ?? '');
  return cx(base, dense ? 'px-2 py-1' : 'px-3 py-2', !ownWidth && 'w-full', className);
}
