import type { ReactNode } from 'react';
import { BUSINESS } from '@shared/business';

/** Standalone page for approvers: no login, no shop navigation, just the shop's name. */
export function ApprovalShell({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-ink-950">
      <header className="border-b border-gray-800 bg-ink-900">
        <div className="mx-auto flex max-w-3xl items-center gap-3 px-4 py-4">
          <span
            className="flex h-9 w-9 items-center justify-center rounded-lg bg-brand-500 font-black text-ink-950"
            aria-hidden
          >
            CS
          </span>
          <span className="text-lg font-bold text-white">{BUSINESS.name}</span>
        </div>
      </header>
      <main className="mx-auto max-w-3xl px-4 py-6 sm:py-8">
        <h1 className="mb-5 text-2xl font-bold text-white">{title}</h1>
        {children}
      </main>
    </div>
  );
}
