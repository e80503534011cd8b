import { LogoMark, LogoName } from '@web/components/logo';

/**
 * What a screen shows while its session, code and data load: the shop's header and a spinner. index.html carries the
 * same markup in #root (page-loading.unit.test.tsx keeps the two equal), so a phone on a slow network sees the shop
 * as soon as the HTML and CSS are in, not a blank page until the scripts have run, and nothing moves when React takes
 * over.
 */
export function PageLoading() {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-gray-800/80 bg-ink-950 print:hidden">
        <div className="flex h-16 items-center gap-2.5 px-4 sm:px-6">
          <LogoMark className="h-9 w-9" />
          <LogoName />
        </div>
      </header>
      <div className="flex flex-1 items-center justify-center" role="status">
        <div className="h-8 w-8 animate-spin rounded-full border-2 border-gray-600 border-t-brand-500" />
        <span className="sr-only">Loading</span>
      </div>
    </div>
  );
}
