import { cp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadOrCreateFleet } from '../../device-sim/src/fleet-manifest.ts';
import { E2E_FLEET_SEED, E2E_FLEET_SHAPE, E2E_FLEET_SIZE, lane } from './support.ts';

/**
 * Prepares one lane's server files (`node tests/e2e/e2e-prepare.ts <lane>`), run by
 * playwright.config.ts before the lane's servers.
 *
 * Copies themes/ to the lane's themes folder with every public_base_url moved to the lane's
 * edge: the same host on its port (http://acme.localhost:8080 → http://acme.localhost:18181).
 * The lane's edge and API both read this copy.
 *
 * Copies the console build (web/dist, `npm run build` first) to the lane's console folder.
 *
 * Writes a fresh simulated fleet's manifest, of the shape E2E_FLEET_SHAPE: the API approves it
 * and spreads it over the demo companies; devices.spec.ts runs the fleet against the API's broker.
 */
const { edge, fleetCsv, themesDir, webDist } = lane(Number(process.argv[2] ?? 0));
const root = fileURLToPath(new URL('../../', import.meta.url));
const source = path.join(root, 'themes');
const target = path.join(root, themesDir);

await rm(target, { recursive: true, force: true });
await cp(source, target, { recursive: true });
for (const entry of await readdir(target, { withFileTypes: true })) {
  if (!entry.isDirectory()) continue;
  const file = path.join(target, entry.name, 'brand.json');
  const brand = JSON.parse(await readFile(file, 'utf8')) as { public_base_url: string };
  const url = new URL(brand.public_base_url);
  url.port = String(edge);
  brand.public_base_url = `${url.origin}${url.pathname.replace(/\/$/, '')}`;
  await writeFile(file, `${JSON.stringify(brand, null, 2)}\n`);
}

const webTarget = path.join(root, webDist);
await rm(webTarget, { recursive: true, force: true });
await cp(path.join(root, 'web', 'dist'), webTarget, { recursive: true });

await rm(path.join(root, fleetCsv), { force: true });
await loadOrCreateFleet(path.join(root, fleetCsv), E2E_FLEET_SIZE, E2E_FLEET_SEED, E2E_FLEET_SHAPE);
