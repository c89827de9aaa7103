import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadOrCreateFleet } from '../device-sim/src/fleet-manifest.ts';
import { Supervisor } from './supervise.ts';

/**
 * `npm start`: builds what is missing or stale, then runs the product on its embedded defaults
 * (no database, broker or cache to install) and prints where to open it.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 22)) {
  console.error(`Fleetport needs Node.js 22.22 or newer (24 LTS recommended); this is ${process.version}.`);
  process.exit(1);
}

function newest(target: string): number {
  const info = statSync(target, { throwIfNoEntry: false });
  if (!info) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  return Math.max(0, ...readdirSync(target).map((name) => newest(path.join(target, name))));
}

const built = newest(path.join(root, 'web/dist/index.html'));
const sources = Math.max(
  ...['web/src', 'web/index.html', 'web/vite.config.ts', 'contracts/src', 'CHANGELOG.md'].map((item) =>
    newest(path.join(root, item)),
  ),
);
if (built === 0 || built < sources) {
  console.log(
    built === 0 ? 'Building the console (first start)…' : 'Sources changed: rebuilding the console…',
  );
  const build = spawnSync('npm', ['run', 'build', '--workspace', '@fleetport/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// Brands edited in the console are written where the edge reads them. The shipped themes/ are
// the seed: the first start copies them to data/themes (git-ignored), so console edits never
// change the repository's files. BRANDS_DIR set in the environment wins.
const brandsDir = process.env.BRANDS_DIR ?? path.join(root, 'data', 'themes');
if (!process.env.BRANDS_DIR && !existsSync(brandsDir)) {
  cpSync(path.join(root, 'themes'), brandsDir, {
    recursive: true,
    filter: (source) => !source.endsWith('.md'),
  });
}

// The simulated fleet (device-sim): its manifest is written first, so the API approves its
// devices and spreads them over the demo companies while it seeds; the fleet then connects.
// DEVICES sets its size (default 50); DEVICES=0 runs no simulator.
const devices = Number(process.env.DEVICES ?? '50');
const fleetFile = path.join(root, 'data', 'sim', 'fleet.csv');
if (devices > 0) await loadOrCreateFleet(fleetFile, devices, 1);

const port = process.env.PORT ?? '8080';
const apiPort = process.env.API_PORT ?? '3000';
// The demo: seeded world, MFA not required (one setting for the API and the edge's
// /localrms-config.json). Any of these set in the environment wins.
const shared = {
  SEED_DEMO: 'true',
  MFA_REQUIRED: 'false',
  ...process.env,
  PORT: port,
  API_PORT: apiPort,
  API_URL: process.env.API_URL ?? `http://127.0.0.1:${apiPort}`,
  BRANDS_DIR: brandsDir,
  ...(devices > 0 && !process.env.DEMO_FLEET_CSV ? { DEMO_FLEET_CSV: fleetFile } : {}),
  SIM_MQTT_URL:
    process.env.SIM_MQTT_URL ??
    process.env.MQTT_URL ??
    `mqtt://127.0.0.1:${process.env.MQTT_PORT ?? '18830'}`,
};
// A child that dies is started again (the log says so); the launcher stops only when one keeps
// dying right after it starts, or on Ctrl+C.
const supervisor = new Supervisor({
  onGiveUp: (name) => {
    console.error(`${name} cannot stay up; stopping Fleetport.`);
    void stop(1);
  },
});
function run(name: string, script: string): void {
  supervisor.start({
    name,
    command: process.execPath,
    args: [script],
    options: { cwd: root, stdio: 'inherit', env: shared },
  });
}

let stopping = false;
async function stop(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  // A child that ignores SIGTERM past its own shutdown timeout does not hold the launcher.
  setTimeout(() => process.exit(code), 15_000).unref();
  await supervisor.stop();
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

run('api', 'api/src/main.ts');
run('edge', 'theme-server/src/main.ts');
// The devices retry until the API's broker listens.
if (devices > 0) run('sim', 'device-sim/src/main.ts');

console.log(`
  Fleetport is starting:
    http://localhost:${port}             Fleetport (default brand)
    http://acme.localhost:${port}        Acme Networks (reseller brand)
    http://northwind.localhost:${port}   Northwind Logistics
  The API (behind the edge at /api) keeps its data in ${process.env.DATABASE_URL ? 'DATABASE_URL' : 'data/ (PGlite)'}.
  Brand administration: set BRAND_ADMIN_TOKEN, then /edge/brands. Stop with Ctrl+C.
`);
