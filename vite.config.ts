import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { keepPreviousAssets } from './scripts/vite/keep-previous-assets.js';
import { precompress } from './scripts/vite/precompress.js';
import { routePreloads } from './scripts/vite/route-preloads.js';
import { stylesheetFirst } from './scripts/vite/stylesheet-first.js';

const CUSTOMER_COMMON = new RegExp(
  [
    'components/ui/(radio-group|roving)\\.tsx?$',
    'src/shared/(time|category-labels|department-catalog-texts)\\.ts$',
    'components/orders/money-summary\\.tsx$',
    'components/profile-menu(-face)?\\.tsx$',
    'app/layouts/(account-menu\\.tsx|use-logout\\.ts)$',
    'features/allowance/',
    'features/messages/(index\\.ts|order-messages-lazy\\.tsx|api/mine\\.ts)$',
    '@tanstack/(query-core/build/modern/mutationObserver|react-query/build/modern/useMutation)\\.js$',
  ]
    .map((p) => p.replaceAll('/', '[\\\\/]'))
    .join('|'),
);

export default defineConfig({
  root: 'src/web',
  publicDir: fileURLToPath(new URL('./public', import.meta.url)),
  plugins: [
    react(),
    tailwindcss(),
    // The screens of each route as src/web/app/router.tsx loads them, and the public data they read first.
    routePreloads({
      '/store': {
        modules: ['app/layouts/store-layout.tsx', 'features/store/store-page.tsx'],
        // The session check too: the guard renders the store once it has answered.
        fetch: ['/api/v1/products/', '/api/v1/auth/me'],
      },
      '/orders': { modules: ['app/layouts/orders-layout.tsx', 'features/orders/orders-page.tsx'] },
      '/checkout': { modules: ['app/layouts/checkout-layout.tsx', 'features/checkout/checkout-page.tsx'] },
    }),
    stylesheetFirst(),
    keepPreviousAssets(),
    precompress(),
  ],
  resolve: {
    alias: {
      '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)),
      '@web': fileURLToPath(new URL('./src/web', import.meta.url)),
    },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
    // Not emptied: running instances still serve the previous build's files (scripts/vite/keep-previous-assets.ts).
    emptyOutDir: false,
    manifest: true,
    rolldownOptions: {
      // The controls' index only re-exports: kept as a side effect, every screen importing a Button through it also
      // loaded the chunk holding the Radix dialog.
      treeshake: { moduleSideEffects: (id: string) => !/components[\\/]ui[\\/]index\.ts$/.test(id) },
      output: {
        codeSplitting: {
          // Each icon was its own few-hundred-byte chunk, and a screen fetched up to ten of them: on a phone every
          // request costs a round trip. One chunk holds the icons the lazy screens use (the landing's own are inline).
          // Only the icons themselves: with their dependencies the group would also take React out of the entry.
          groups: [
            { name: 'icons', test: /node_modules[\\/]lucide-react/, includeDependenciesRecursively: false },
            // The small modules the customer screens share (0.1 to 3 kB each), one chunk instead of ten: the store
            // asked for 14 chunks beside the entry's 8, and on a phone's few connections each was a round trip
            // before the first product could be drawn. None is in the landing's entry (the build's bundle report
            // says so). The colour swatches' RadioGroup is here too: left to the shared controls chunk, it put the
            // Radix dialog (~15 kB gzip) on the store's first load, which shows no dialog.
            {
              name: 'customer-common',
              test: CUSTOMER_COMMON,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000', '/dev': 'http://127.0.0.1:3000', '/images': 'http://127.0.0.1:3000' },
  },
});
