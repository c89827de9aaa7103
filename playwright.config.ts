import { defineConfig } from '@playwright/test';
import {
  E2E_API_PORT,
  E2E_FLEET_CSV,
  E2E_MQTT_PORT,
  E2E_PASSWORD,
  E2E_PORT,
  E2E_THEMES_DIR,
  E2E_VERSION_POLL_MS,
  E2E_WEB_DIST,
} from './tests/e2e/support.ts';

/**
 * End-to-end specs in Debian's Chromium (no downloaded browsers) against the real edge serving
 * the real console build (`npm run build` first; `npm test` does it) and the real API on a
 * fresh PGlite store seeded with the demo world.
 */
const PORT = E2E_PORT;
const API_PORT = E2E_API_PORT;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  timeout: 30_000,
  use: {
    baseURL: `http://localhost:${PORT}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    {
      // A fresh store each run; DATABASE_URL is cleared so CI's PostgreSQL is left alone. The
      // brands and the build copy are prepared first: this server starts before the edge.
      command: 'node tests/e2e/e2e-prepare.ts && rm -rf data/e2e && node api/src/main.ts',
      url: `http://127.0.0.1:${API_PORT}/api/healthz`,
      env: {
        API_PORT: String(API_PORT),
        MQTT_PORT: String(E2E_MQTT_PORT),
        // The embedded broker even where MQTT_URL is set (CI): the specs' devices connect to it.
        MQTT_URL: '',
        DEMO_FLEET_CSV: E2E_FLEET_CSV,
        DATA_DIR: 'data/e2e',
        DATABASE_URL: '',
        REDIS_URL: '',
        SEED_DEMO: 'true',
        DEMO_PASSWORD: E2E_PASSWORD,
        MFA_REQUIRED: 'false',
        BRANDS_DIR: E2E_THEMES_DIR,
        WEB_DIST: E2E_WEB_DIST,
        WEB_VERSION_POLL_MS: String(E2E_VERSION_POLL_MS),
        LOG_LEVEL: 'warn',
      },
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: 'node theme-server/src/main.ts',
      url: `http://localhost:${PORT}/edge/healthz`,
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        API_URL: `http://127.0.0.1:${API_PORT}`,
        BRANDS_DIR: E2E_THEMES_DIR,
        WEB_DIST: E2E_WEB_DIST,
        WEB_VERSION_POLL_MS: String(E2E_VERSION_POLL_MS),
        MFA_REQUIRED: 'false',
        // No tile host: the machines that run the specs are offline; the maps say so and still show positions.
        MAP_TILE_URL: 'none',
        LOG_LEVEL: 'warn',
      },
      reuseExistingServer: false,
      timeout: 30_000,
    },
  ],
});
