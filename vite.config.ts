import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const mockTarget = `http://127.0.0.1:${process.env.MOCK_PORT || 8787}`;

// The console: root client/, built to dist/client (the mock server serves it). Dev proxies the API and the
// real-time socket to the mock server. Vitest's config is separate (vitest.config.ts).
export default defineConfig({
  root: fileURLToPath(new URL('./client', import.meta.url)),
  base: './',
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('./dist/client', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 800,
  },
  server: {
    proxy: {
      '/api': { target: mockTarget, changeOrigin: false },
      '/ws': { target: mockTarget, ws: true },
    },
  },
});
