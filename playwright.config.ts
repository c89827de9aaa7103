import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';
import {
  E2E_LANES,
  E2E_PASSWORD,
  E2E_PORT,
  E2E_VERSION_POLL_MS,
  type Lane,
  lane,
} from './tests/e2e/support.ts';

/**
 * End-to-end specs in Debian's Chromium (no downloaded browsers) against the real edge serving
 * the real console build (`npm run build` first; `npm test` does it) and the real API on a
 * fresh PGlite store seeded with the demo world.
 */

type WebServer = Exclude<PlaywrightTestConfig['webServer'], readonly unknown[] | undefined>;

/**
 * A lane's servers: its API on a fresh PGlite store seeded with the demo world, then its edge.
 * Each worker drives one lane (support.ts), so spec files run `E2E_LANES` at a time, each in a
 * world of its own.
 */
function laneServers(run: Lane, index: number): WebServer[] {
  return [
    {
      // A fresh store each run; DATABASE_URL is cleared so CI's PostgreSQL is left alone. The
      // brands and the build copy are prepared first: this server starts before the edge.
      command: `node tests/e2e/e2e-prepare.ts ${index} && rm -rf ${run.dataDir} && node api/src/main.ts`,
      url: `http://127.0.0.1:${run.api}/api/healthz`,
      env: {
        API_PORT: String(run.api),
        MQTT_PORT: String(run.mqtt),
        // The embedded broker even where MQTT_URL is set (CI): the specs' devices connect to it.
        MQTT_URL: '',
        DEMO_FLEET_CSV: run.fleetCsv,
        DATA_DIR: run.dataDir,
        DATABASE_URL: '',
        REDIS_URL: '',
        SEED_DEMO: 'true',
        DEMO_PASSWORD: E2E_PASSWORD,
        MFA_REQUIRED: 'false',
        BRANDS_DIR: run.themesDir,
        WEB_DIST: run.webDist,
        WEB_VERSION_POLL_MS: String(E2E_VERSION_POLL_MS),
        LOG_LEVEL: 'warn',
      },
      reuseExistingServer: false,
      // Two lanes seed their stores at once on a small machine.
      timeout: 120_000,
    },
    {
      command: 'node theme-server/src/main.ts',
      url: `http://localhost:${run.edge}/edge/healthz`,
      env: {
        PORT: String(run.edge),
        HOST: '127.0.0.1',
        API_URL: `http://127.0.0.1:${run.api}`,
        BRANDS_DIR: run.themesDir,
        WEB_DIST: run.webDist,
        WEB_VERSION_POLL_MS: String(E2E_VERSION_POLL_MS),
        MFA_REQUIRED: 'false',
        // No tile host: the machines that run the specs are offline; the maps say so and still show positions.
        MAP_TILE_URL: 'none',
        LOG_LEVEL: 'warn',
      },
      reuseExistingServer: false,
      timeout: 60_000,
    },
  ];
}

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  // One worker a lane: the worker's parallel index picks its servers (support.ts).
  workers: E2E_LANES,
  retries: 0,
  reporter: [['list']],
  timeout: 30_000,
  use: {
    // This worker's lane's edge (support.ts reads the worker's parallel index).
    baseURL: `http://localhost:${E2E_PORT}`,
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
  // Each lane's API, then its edge (which proxies to that API).
  webServer: Array.from({ length: E2E_LANES }, (_, index) => laneServers(lane(index), index)).flat(),
});
