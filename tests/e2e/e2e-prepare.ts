import { cp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadOrCreateFleet } from '../../device-sim/src/fleet-manifest.ts';
import {
  E2E_FLEET_CSV,
  E2E_FLEET_SEED,
  E2E_FLEET_SHAPE,
  E2E_FLEET_SIZE,
  E2E_PORT,
  E2E_THEMES_DIR,
  E2E_WEB_DIST,
} from './support.ts';

/**
 * Prepares the servers' files, run by playwright.config.ts before them.
 *
 * Copies themes/ to E2E_THEMES_DIR with every public_base_url moved to the e2e edge: the same
 * host on port E2E_PORT (http://acme.localhost:8080 → http://acme.localhost:18181). The edge
 * and the API of the run both read this copy.
 *
 * Copies the console build (web/dist, `npm run build` first) to E2E_WEB_DIST.
 *
 * Writes a fresh simulated fleet's manifest (E2E_FLEET_CSV), of the shape E2E_FLEET_SHAPE: the API
 * approves it and spreads it over the demo companies; devices.spec.ts runs the fleet against the
 * API's broker.
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
const source = path.join(root, 'themes');
const target = path.join(root, E2E_THEMES_DIR);

await rm(target, { recursive: true, force: true });
await cp(source, target, { recursive: true });
for (const entry of await readdir(target, { withFileTypes: true })) {
  if (!entry.isDirectory()) continue;
  const file = path.join(target, entry.name, 'brand.json');
  const brand = JSON.parse(await readFile(file, 'utf8')) as { public_base_url: string };
  const url = new URL(brand.public_base_url);
  url.port = String(E2E_PORT);
  brand.public_base_url = `${url.origin}${url.pathname.replace(/\/$/, '')}`;
  await writeFile(file, `${JSON.stringify(brand, null, 2)}\n`);
}

const webTarget = path.join(root, E2E_WEB_DIST);
await rm(webTarget, { recursive: true, force: true });
await cp(path.join(root, 'web', 'dist'), webTarget, { recursive: true });

await rm(path.join(root, E2E_FLEET_CSV), { force: true });
await loadOrCreateFleet(path.join(root, E2E_FLEET_CSV), E2E_FLEET_SIZE, E2E_FLEET_SEED, E2E_FLEET_SHAPE);
