import { useId, useRef, type ReactNode } from 'react';
import { cx } from './cx';
import { rovingTarget } from './roving';

export type TabItem<T extends string> = { value: T; label: ReactNode; disabled?: boolean };

type TabsProps<T extends string> = {
  /** The tab list's accessible name. */
  label: string;
  tabs: readonly TabItem<T>[];
  value: T;
  onChange: (value: T) => void;
  /** Prefix of the tab and panel ids (`<idPrefix>tab-<value>`, `<idPrefix>panel-<value>`). */
  idPrefix?: string;
  className?: string;
  /** The selected tab's panel. */
  children: ReactNode;
};

/**
 * Tabs as the WAI-ARIA pattern has them: one Tab stop on the selected tab, arrows, Home and End move and select.
 * The row wraps on narrow screens so no tab is ever hidden behind a scroll.
 */
export function Tabs<T extends string>({ label, tabs, value, onChange, idPrefix, className, children }: TabsProps<T>) {
  const made = useId().replace(/:/g, '');
  const prefix = idPrefix ?? `${made}-`;
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const selected = tabs.findIndex((t) => t.value === value);
  return (
    <div className={className}>
      <div role="tablist" aria-label={label} className="flex flex-wrap gap-x-1 border-b border-gray-800">
        {tabs.map((t, i) => {
          const on = i === selected;
          return (
            <button
              key={t.value}
              ref={(el) => {
                refs.current[i] = el;
              }}
              id={`${prefix}tab-${t.value}`}
              type="button"
              role="tab"
              aria-selected={on}
              aria-controls={`${prefix}panel-${t.value}`}
              tabIndex={on || (selected < 0 && i === 0) ? 0 : -1}
              disabled={t.disabled}
              onClick={() => onChange(t.value)}
              onKeyDown={(e) => {
                const next = rovingTarget(
                  e,
                  i,
                  tabs.map((x) => !!x.disabled),
                );
                if (next === null) return;
                e.preventDefault();
                onChange(tabs[next]!.value);
                refs.current[next]?.focus();
              }}
              className={cx(
                '-mb-px inline-flex items-center gap-2 border-b-2 px-4 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-400 disabled:opacity-50',
                on ? 'border-brand-400 text-brand-400' : 'border-transparent text-gray-300 hover:text-white',
              )}
            >
              {t.label}
            </button>
          );
        })}
      </div>
      {selected >= 0 ? (
        <div
          role="tabpanel"
          id={`${prefix}panel-${value}`}
          aria-labelledby={`${prefix}tab-${value}`}
          tabIndex={0}
          className="pt-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400"
        >
          {children}
        </div>
      ) : null}
    </div>
  );
}
