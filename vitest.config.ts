import { defineConfig } from 'vitest/config';

// One runner for every kind of test; `npm test` runs all projects, e2e included.
export default defineConfig({
  test: {
    // Two workers on the 2-core machines (Vitest's default would be one): much of the run waits on servers,
    // databases and browsers, and the files of a project that must run one at a time still do (e2e).
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'packages',
          include: ['packages/*/src/**/*.test.ts'],
          exclude: ['packages/tracker/**', 'packages/simulator/**', '**/node_modules/**'],
          environment: 'node',
          // Pure functions and local servers: files share a worker's module graph (isolating each cost a third).
          isolate: false,
          // Model fits and simulations take seconds of CPU alone, more beside the browser journeys on 2 cores.
          testTimeout: 30_000,
        },
      },
      { test: { name: 'tracker', root: 'packages/tracker', include: ['src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'simulator',
          root: 'packages/simulator',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          // Each file builds its own app on its own database, so files can share a worker's module graph:
          // importing the server once per worker instead of once per file took a third of the run.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: 'apps/web/vite.config.ts',
        // One jsdom and one module graph per worker: src/test/setup.ts resets the DOM, timers, storage and the
        // session after every test, and globals are unstubbed; isolating every file cost half the run.
        // A screen's first test also loads its modules and renders it whole: seconds beside the browser journeys.
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          isolate: false,
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          exclude: ['e2e/neuromind-journeys.test.ts'],
          environment: 'node',
          testTimeout: 90_000,
          hookTimeout: 120_000,
          // One file at a time: each drives a browser against a server of its own. scripts/test.mjs runs this
          // project in a Vitest of its own beside the others, as Vitest would otherwise run it after all of them.
          fileParallelism: false,
        },
      },
      {
        // The Neuromind journeys read at human speed (about 150 s of wall clock, mostly waiting) and test the
        // classifier, not the database: they run on the embedded database only, so CI's second run (on PostgreSQL)
        // stays within its time budget, and in a project of their own, so the other projects' files run beside
        // them instead of after them. Every other journey runs on both databases.
        test: {
          name: 'journeys',
          include: process.env.DATABASE_URL ? [] : ['e2e/neuromind-journeys.test.ts'],
          environment: 'node',
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
