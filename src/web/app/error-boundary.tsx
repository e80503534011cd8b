import { Component, type ErrorInfo, type ReactNode } from 'react';
import { englishOnly, i18next } from '@web/i18n';
import { isChunkLoadError, reloadOnceForChunk } from './chunk-reload';

type State = { failed: boolean; reloading: boolean };

/**
 * The last stop for an error thrown while rendering a screen (a chunk that failed to download after a deploy, a
 * bug): a message and a reload instead of an empty page. React Router's data router drew its own such page; the
 * declarative router the app uses instead (it needs none of the data APIs, and is ~16 kB gzip lighter) does not.
 */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false, reloading: false };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    // A screen's chunk gone after a deploy: the new build is one reload away.
    if (isChunkLoadError(error) && reloadOnceForChunk()) {
      this.setState({ reloading: true });
      return;
    }
    console.error('Screen failed to render', error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    // Above the router and its layouts: a staff screen's English copy is picked by the address.
    const t = (window.location.pathname.startsWith('/admin') ? englishOnly : i18next).t;
    if (this.state.reloading)
      return (
        <p role="status" className="flex min-h-screen items-center justify-center px-6 text-center text-gray-300">
          {t('shell.reloading')}
        </p>
      );
    return (
      <div role="alert" className="flex min-h-screen flex-col items-center justify-center gap-4 px-6 text-center">
        <h1 className="text-xl font-semibold text-white">{t('shell.failedTitle')}</h1>
        <p className="max-w-md text-gray-300">{t('shell.failedText')}</p>
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="rounded-lg bg-brand-500 px-4 py-2 font-semibold text-ink-950 hover:bg-brand-400"
        >
          {t('shell.reload')}
        </button>
      </div>
    );
  }
}
