// Puts the built stylesheet ahead of the entry script and its module preloads in index.html. Vite writes it last;
// the browser then asks for eight scripts before the one file the first paint waits for, and on a phone's few
// connections the stylesheet (and with it the page painted from index.html) waited behind them.
import type { Plugin } from 'vite';

const STYLESHEET = /[ \t]*<link rel="stylesheet"[^>]*>\n?/g;

export function stylesheetFirst(): Plugin {
  return {
    name: 'stylesheet-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const sheets = html.match(STYLESHEET) ?? [];
        const rest = html.replace(STYLESHEET, '');
        const at = rest.search(/[ \t]*<script type="module"/);
        if (!sheets.length || at < 0) return html;
        return `${rest.slice(0, at)}${sheets.map((s) => (s.endsWith('\n') ? s : `${s}\n`)).join('')}${rest.slice(at)}`;
      },
    },
  };
}
