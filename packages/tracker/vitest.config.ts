import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Lets the tracker run on its own (`vitest run --config packages/tracker/vitest.config.ts`) while the
// root config has no tracker project; DOM test files opt into jsdom with a pragma.
export default defineConfig({
  test: {
    name: 'tracker',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['src/**/*.test.ts'],
    environment: 'node',
  },
});
