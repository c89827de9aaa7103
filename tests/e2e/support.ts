/** Shared by playwright.config.ts and the specs. */

/**
 * The run's lanes: each Playwright worker drives servers of its own (an edge, and an API with its
 * store, its broker, its brands and its console copy), so two spec files run at once without
 * sharing a world (the suite's time). `E2E_LANES=1` runs everything in one lane, in order.
 */
export const E2E_LANES = Math.max(1, Number(process.env.E2E_LANES ?? 2));
/** This process's lane: the worker's parallel index (kept by the worker that replaces it), 0 elsewhere. */
export const E2E_LANE = Number(process.env.TEST_PARALLEL_INDEX ?? 0);

/**
 * What a lane's servers use: ports for the edge, the API and the API's embedded MQTT broker
 * (18181-18183, 18191-18193 …), and its own copies of the run's files (e2e-prepare.ts writes them).
 */
export interface Lane {
  edge: number;
  api: number;
  mqtt: number;
  /** The simulated fleet's manifest: the API approves it and spreads it over the demo companies. */
  fleetCsv: string;
  /** The brands: a copy of themes/ whose public_base_url points at the lane's edge. */
  themesDir: string;
  /** The console build: a copy of web/dist, so a spec may publish a new version.json. */
  webDist: string;
  /** The API's store. */
  dataDir: string;
}

export function lane(index: number): Lane {
  const base = 18_181 + 10 * index;
  return {
    edge: base,
    api: base + 1,
    mqtt: base + 2,
    fleetCsv: `data/e2e-${index}-fleet.csv`,
    themesDir: `data/e2e-${index}-themes`,
    webDist: `data/e2e-${index}-web`,
    dataDir: `data/e2e-${index}`,
  };
}

const here = lane(E2E_LANE);
export const E2E_PORT = here.edge;
export const E2E_API_PORT = here.api;
/** The API's embedded MQTT broker in the e2e run: the specs' simulated devices connect to it. */
export const E2E_MQTT_PORT = here.mqtt;
/** The simulated fleet of the e2e run: written by e2e-prepare.ts, approved and seeded by the API. */
export const E2E_FLEET_CSV = here.fleetCsv;
export const E2E_FLEET_SIZE = 12;
export const E2E_FLEET_SEED = 7;
/**
 * Its shape: the test devices (hostile strings, a clone), which the specs check the console
 * against; no units in trouble, so that a device a spec finds online stays online.
 */
export const E2E_FLEET_SHAPE = { testDevices: true, troubledDevices: false } as const;
/** The demo world's password in the end-to-end run (DEMO_PASSWORD of its API). */
export const E2E_PASSWORD = 'e2e demo password';
/**
 * The brands of the run: a copy of themes/ whose public_base_url points at the e2e edge, so
 * links in captured e-mails lead back into it (prepared by e2e-prepare.ts; edge and API share it).
 */
export const E2E_THEMES_DIR = here.themesDir;
/**
 * The console build of the run: a copy of web/dist (prepared by e2e-prepare.ts), so a spec may
 * publish a new version.json without touching the real build. Edge and API share it.
 */
export const E2E_WEB_DIST = here.webDist;
/** How often edge and API read the run's version.json (ms). */
export const E2E_VERSION_POLL_MS = 200;
