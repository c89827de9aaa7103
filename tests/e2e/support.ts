/** Shared by playwright.config.ts and the specs. */
export const E2E_PORT = 18_181;
export const E2E_API_PORT = 18_182;
/** The API's embedded MQTT broker in the e2e run: the specs' simulated devices connect to it. */
export const E2E_MQTT_PORT = 18_183;
/** The simulated fleet of the e2e run: written by e2e-prepare.ts, approved and seeded by the API. */
export const E2E_FLEET_CSV = 'data/e2e-fleet.csv';
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
export const E2E_THEMES_DIR = 'data/e2e-themes';
/**
 * The console build of the run: a copy of web/dist (prepared by e2e-prepare.ts), so a spec may
 * publish a new version.json without touching the real build. Edge and API share it.
 */
export const E2E_WEB_DIST = 'data/e2e-web';
/** How often edge and API read the run's version.json (ms). */
export const E2E_VERSION_POLL_MS = 200;
