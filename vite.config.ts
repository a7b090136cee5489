import { defineConfig } from 'vite';
import path from 'node:path';
import react from '@vitejs/plugin-react';

const api = process.env.API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [react()],
  build: {
    // DIST_DIR lets parallel builds (e.g. several worktrees' e2e runs) keep apart.
    outDir: path.resolve(process.env.DIST_DIR ?? 'dist', 'web'),
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': api,
      '/adx': api,
    },
  },
});
