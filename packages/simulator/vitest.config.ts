import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Runs the simulator's tests on their own (`vitest run --config packages/simulator/vitest.config.ts`);
// the end-to-end test stands up the real server, so timeouts are generous.
export default defineConfig({
  test: {
    name: 'simulator',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['src/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
