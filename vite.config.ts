import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { precompress } from './scripts/vite/precompress';
import { routePreloads } from './scripts/vite/route-preloads';

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
        fetch: ['/api/v1/products/'],
      },
      '/orders': { modules: ['app/layouts/orders-layout.tsx', 'features/orders/orders-page.tsx'] },
      '/checkout': { modules: ['app/layouts/checkout-layout.tsx', 'features/checkout/checkout-page.tsx'] },
    }),
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
    emptyOutDir: true,
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Each icon was its own few-hundred-byte chunk, and a screen fetched up to ten of them: on a phone every
          // request costs a round trip. One chunk holds the icons the lazy screens use (the landing's own are inline).
          // Only the icons themselves: with their dependencies the group would also take React out of the entry.
          groups: [{ name: 'icons', test: /node_modules[\\/]lucide-react/, includeDependenciesRecursively: false }],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000', '/dev': 'http://127.0.0.1:3000', '/images': 'http://127.0.0.1:3000' },
  },
});
