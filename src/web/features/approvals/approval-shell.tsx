import type { ReactNode } from 'react';
import { Logo } from '@web/components/logo';
import { LanguageSwitch } from '@web/features/language';

/** Standalone page for approvers: no login, no shop navigation, just the shop's shield and name, and the language. */
export function ApprovalShell({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-ink-950">
      <header className="border-b border-gray-800 bg-ink-900">
        <div className="mx-auto flex max-w-3xl items-center justify-between gap-3 px-4 py-4">
          <Logo />
          <LanguageSwitch />
        </div>
      </header>
      <main className="mx-auto max-w-3xl px-4 py-6 sm:py-8">
        <h1 className="mb-5 text-2xl font-bold text-white">{title}</h1>
        {children}
      </main>
    </div>
  );
}
