import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Vitest projects keep the repository root as working directory, so paths are built from this file.
const setupFile = fileURLToPath(new URL('./src/test/setup.ts', import.meta.url));

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  build: { outDir: 'dist' },
  test: {
    environment: 'jsdom',
    setupFiles: [setupFile],
    css: false,
    unstubGlobals: true,
    restoreMocks: true,
  },
});
