import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * The QA cockpit (cockpit/): a page of its own, built apart from the console into dist/cockpit, so the console's
 * production bundle holds none of it (tests/e2e/cockpit.e2e.test.ts checks dist/client). The mock serves it at
 * `/__control/cockpit/` in dev and test modes only (mock-server/control/cockpit-page.ts). `npm run build:cockpit`.
 * Its public folder is the console's: the same logo and the same zod setting the page's CSP needs.
 */
export default defineConfig({
  root: fileURLToPath(new URL('./cockpit', import.meta.url)),
  base: './',
  publicDir: fileURLToPath(new URL('./client/public', import.meta.url)),
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('./dist/cockpit', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 2000,
  },
});
