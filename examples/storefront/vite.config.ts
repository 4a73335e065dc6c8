import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Build: `npm run build:storefront` (or `node_modules/.bin/vite build --config examples/storefront/vite.config.ts`) from
// the repository root. dist/ is a static site: serve it with storefront.json beside index.html (README.md).
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    // No inline script or data: module preload polyfill: the pages run under script-src 'self'.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    sourcemap: false,
    target: 'es2022',
  },
});
