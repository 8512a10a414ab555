/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The Go binary serves dist/ with an SPA fallback; `npm run dev` proxies /api to a
// running `pricelens serve` on the default address.
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 4000,
    rolldownOptions: {
      output: {
        // ag-grid is most of the bundle and changes less often than the app: its own chunk
        // caches well and only the report screens load it. React gets its own chunk so that
        // the sign-in page does not pull ag-grid in through a shared module.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 20 },
            { name: 'ag-grid', test: /node_modules[\\/]ag-grid/, priority: 10 },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:8080' } },
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'node',
  },
});
