import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contracts', include: ['contracts/src/**/*.test.ts'] } },
      { test: { name: 'theme-server', include: ['theme-server/src/**/*.test.ts'] } },
      { test: { name: 'web', include: ['web/src/**/*.test.{ts,tsx}', 'web/scripts/**/*.test.ts'] } },
      { test: { name: 'repo', include: ['tests/unit/**/*.test.ts'] } },
    ],
  },
});
