import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadOrCreateFleet } from '../device-sim/src/fleet-manifest.ts';
import { logMode, TerminalLogs } from './start-logs.ts';
import { Supervisor } from './supervise.ts';

/**
 * `npm start` (after scripts/preflight.cjs, which checks Node.js and installs the dependencies):
 * builds what is missing or stale, then runs the product on its embedded defaults (no database,
 * broker or cache to install) and prints where to open it.
 */
const root = fileURLToPath(new URL('..', import.meta.url));

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
const mode = logMode(process.env, process.stdout.isTTY === true);
/** A folder as the summary names it: relative inside the repository, absolute elsewhere. */
const shown = (folder: string) => {
  const relative = path.relative(root, folder);
  return relative === '' || relative.startsWith('..') || path.isAbsolute(relative) ? folder : relative;
};
const dataDir = process.env.DATA_DIR ?? path.join(root, 'data');
if (built === 0 || built < sources) {
  console.error(
    built === 0 ? '  Building the console (first start)…' : '  Sources changed: rebuilding the console…',
  );
  // In a terminal the build's chunk list goes to the log file; the screen gets it only on failure.
  const quiet = mode === 'terminal';
  const build = spawnSync('npm', ['run', 'build', '--workspace', '@fleetport/web'], {
    cwd: root,
    stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    encoding: 'utf8',
  });
  if (quiet) {
    const output = `${build.stdout ?? ''}${build.stderr ?? ''}`;
    mkdirSync(path.join(dataDir, 'logs'), { recursive: true });
    writeFileSync(path.join(dataDir, 'logs', 'build.log'), output);
    if (build.status !== 0) console.error(output);
  }
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
  // A few firmware updates fail as real ones do (a damaged download, power lost mid-flash, a
  // full flash), so a campaign's health gate has something to catch in the demo.
  SIM_FIRMWARE_FAILURE_RATE: process.env.SIM_FIRMWARE_FAILURE_RATE ?? '0.05',
  SIM_MQTT_URL:
    process.env.SIM_MQTT_URL ??
    process.env.MQTT_URL ??
    `mqtt://127.0.0.1:${process.env.MQTT_PORT ?? '18830'}`,
};
const urls = `    http://localhost:${port}             Fleetport (default brand)
    http://acme.localhost:${port}        Acme Networks (reseller brand)
    http://northwind.localhost:${port}   Northwind Logistics`;
const mail = process.env.SMTP_URL
  ? '  E-mail is sent through SMTP_URL.'
  : '  E-mail is not sent but kept: sign in as the platform admin and open System services → E-mail outbox.';
const logs =
  mode === 'terminal'
    ? new TerminalLogs(path.join(dataDir, 'logs'), (line) => console.error(line), {
        names: ['api', 'edge'],
        onReady: () =>
          console.error(`
  Fleetport is ready. Open:
${urls}
${mail}
  Warnings and errors show here; every log line is in ${shown(path.join(dataDir, 'logs'))}/. Stop with Ctrl+C.
`),
      })
    : undefined;

// A child that dies is started again (the log says so); the launcher stops only when one keeps
// dying right after it starts, or on Ctrl+C.
const supervisor = new Supervisor({
  onGiveUp: (name) => {
    console.error(`${name} cannot stay up; stopping Fleetport.`);
    void stop(1);
  },
  onSpawn: (name, child) => logs?.attach(name, child),
});
function run(name: string, script: string): void {
  supervisor.start({
    name,
    command: process.execPath,
    args: [script],
    options: { cwd: root, stdio: logs ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: shared },
  });
}

let stopping = false;
async function stop(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  // A child that ignores SIGTERM past its own shutdown timeout does not hold the launcher.
  setTimeout(() => process.exit(code), 15_000).unref();
  await supervisor.stop();
  logs?.close();
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

run('api', 'api/src/main.ts');
run('edge', 'theme-server/src/main.ts');
// The devices retry until the API's broker listens.
if (devices > 0) run('sim', 'device-sim/src/main.ts');

const store = process.env.DATABASE_URL ? 'DATABASE_URL' : `${shown(dataDir)}/ (PGlite)`;
if (logs) {
  console.error(`\n  Fleetport is starting (data in ${store})…`);
} else {
  console.log(`
  Fleetport is starting:
${urls}
${mail}
  The API (behind the edge at /api) keeps its data in ${store}.
  Brand administration: set BRAND_ADMIN_TOKEN, then /edge/brands. Stop with Ctrl+C.
`);
}
