import { availableParallelism } from 'node:os';
import { defineConfig, type TestProjectConfiguration } from 'vitest/config';

const api = (name: string, store: 'pglite' | 'postgres'): TestProjectConfiguration => ({
  test: {
    name,
    include: ['api/src/**/*.test.ts'],
    globalSetup: ['api/src/testing/global-setup.ts'],
    env: { FLEETPORT_TEST_STORE: store },
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});

// The API suite runs on PGlite always, and again on PostgreSQL whenever DATABASE_URL is set
// (.ci/run sets it): then that run is part of the suite, never skipped.
const apiProjects = [
  api('api', 'pglite'),
  ...(process.env.DATABASE_URL ? [api('api-postgres', 'postgres')] : []),
];

export default defineConfig({
  test: {
    // Vitest's default on a 2-core machine is one worker, which leaves a core idle while a test
    // waits on its servers (most of the suite's time): two workers, whatever the core count.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { test: { name: 'contracts', include: ['contracts/src/**/*.test.ts'] } },
      { test: { name: 'theme-server', include: ['theme-server/src/**/*.test.ts'] } },
      { test: { name: 'device-sim', include: ['device-sim/src/**/*.test.ts'] } },
      ...apiProjects,
      {
        test: {
          name: 'web',
          include: ['web/src/**/*.test.{ts,tsx}', 'web/scripts/**/*.test.ts'],
          setupFiles: ['web/src/testing/setup.ts'],
        },
      },
      { test: { name: 'repo', include: ['tests/unit/**/*.test.ts'] } },
    ],
  },
});
