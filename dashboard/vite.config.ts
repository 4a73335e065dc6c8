import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Build: `node_modules/.bin/vite build --config dashboard/vite.config.ts` from the repository root.
// The service serves dashboard/dist/ at /dashboard/ (index.html for every /dashboard/* path that is not a file).
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/dashboard/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    // No inline <script> or data: module preload polyfill: the page's CSP is script-src 'self'.
    modulePreload: { polyfill: false },
    // Keep every asset a file (CSS, SVG) so nothing lands inline in index.html.
    assetsInlineLimit: 0,
    sourcemap: false,
    target: 'es2022',
  },
  server: {
    // `vite --config dashboard/vite.config.ts` for development: API calls go to a running service.
    proxy: { '/v1': 'http://localhost:3999', '/login': 'http://localhost:3999' },
  },
});
