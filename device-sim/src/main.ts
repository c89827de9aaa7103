import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { type FleetHandle, startFleet } from './fleet-runner.ts';

/**
 * `npm run sim -- --devices 10000 --url mqtt://127.0.0.1:18830 --fleet data/sim/fleet.csv --seed 1`
 * Runs the fleet until SIGINT or SIGTERM, then takes every device offline cleanly.
 */
const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const USAGE = `usage: npm run sim -- [options]
  --devices N       how many devices (env DEVICES, default 50)
  --url URL         the MQTT broker (env SIM_MQTT_URL, default mqtt://127.0.0.1:18830);
                    mqtts://host:8883 for MQTT over TLS
  --ca FILE         over TLS, the CA (PEM) the broker's certificate must chain to (env
                    SIM_MQTT_CA; default: the system's CAs)
  --fleet FILE      the manifest CSV (default data/sim/fleet.csv under the repository)
  --seed N          which fleet (default 1)
  --time-scale N    divide telemetry intervals by N, for demos (default 1)
  --batch-size N    devices connecting per second (default 200)
  --firmware-failure-rate R
                    the share of firmware updates that fail, 0 to 1 (env
                    SIM_FIRMWARE_FAILURE_RATE, default 0): a damaged download, a power
                    loss mid-flash or a full flash, the same ones for the same seed
  --local-changes-per-hour N
                    changes made on site to the units' configuration, across the fleet,
                    per hour (default: a tenth of the fleet's size; 0 for none)
  --status-file FILE
                    write the fleet's counts there every 10 s (env SIM_STATUS_FILE), for
                    a container's health check (device-sim/src/healthcheck.ts)
  --test-devices    add the test devices: one with hostile strings (markup), and a clone
  --no-troubled-devices
                    every unit stays online with usual signal: none unreliable, flapping,
                    never activated or on weak signal`;

function wholeNumber(name: string, value: string | undefined, fallback: number, min: number): number {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < min)
    throw new Error(`${name} must be a whole number ≥ ${min}, not "${value}"`);
  return number;
}

function fraction(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isFinite(number) || number < 0 || number > 1)
    throw new Error(`${name} must be a number from 0 to 1, not "${value}"`);
  return number;
}

function readOptions(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      devices: { type: 'string' },
      url: { type: 'string' },
      ca: { type: 'string' },
      fleet: { type: 'string' },
      seed: { type: 'string' },
      'time-scale': { type: 'string' },
      'batch-size': { type: 'string' },
      'firmware-failure-rate': { type: 'string' },
      'local-changes-per-hour': { type: 'string' },
      'status-file': { type: 'string' },
      'test-devices': { type: 'boolean' },
      'troubled-devices': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    allowNegative: true,
  });
  const url = values.url ?? process.env.SIM_MQTT_URL ?? 'mqtt://127.0.0.1:18830';
  if (!/^mqtts?:\/\//.test(url)) throw new Error(`--url must be an mqtt:// or mqtts:// URL, not "${url}"`);
  const caFile = values.ca ?? process.env.SIM_MQTT_CA;
  return {
    help: values.help === true,
    url,
    caFile: caFile === undefined ? undefined : path.resolve(caFile),
    devices: wholeNumber('--devices', values.devices ?? process.env.DEVICES, 50, 1),
    fleetFile: path.resolve(REPO_ROOT, values.fleet ?? 'data/sim/fleet.csv'),
    seed: wholeNumber('--seed', values.seed, 1, 0),
    timeScale: wholeNumber('--time-scale', values['time-scale'], 1, 1),
    batchSize: wholeNumber('--batch-size', values['batch-size'], 200, 1),
    firmwareFailureRate: fraction(
      '--firmware-failure-rate',
      values['firmware-failure-rate'] ?? process.env.SIM_FIRMWARE_FAILURE_RATE,
      0,
    ),
    localChangesPerHour:
      values['local-changes-per-hour'] === undefined
        ? undefined
        : wholeNumber('--local-changes-per-hour', values['local-changes-per-hour'], 0, 0),
    statusFile: values['status-file'] ?? process.env.SIM_STATUS_FILE,
    testDevices: values['test-devices'] === true,
    troubledDevices: values['troubled-devices'] !== false,
  };
}

async function main(argv: string[]): Promise<void> {
  let options: ReturnType<typeof readOptions>;
  try {
    options = readOptions(argv);
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  if (options.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  let fleet: FleetHandle;
  try {
    fleet = await startFleet({
      url: options.url,
      ...(options.caFile === undefined ? {} : { ca: readFileSync(options.caFile) }),
      devices: options.devices,
      fleetFile: options.fleetFile,
      seed: options.seed,
      batchSize: options.batchSize,
      testDevices: options.testDevices,
      troubledDevices: options.troubledDevices,
      firmwareFailureRate: options.firmwareFailureRate,
      localChangesPerHour: options.localChangesPerHour,
      timing: { timeScale: options.timeScale },
    });
  } catch (error) {
    // A manifest that cannot be read or written: say which and why, without a stack.
    console.error(`sim: ${(error as Error).message}`);
    process.exitCode = 1;
    return;
  }
  const fresh =
    fleet.added > 0 ? `; ${fleet.added} new identities: import the file under Approved Devices` : '';
  process.stdout.write(
    `sim: ${fleet.devices.length} devices from ${options.fleetFile}${fresh}; broker ${options.url}\n`,
  );

  if (options.statusFile) writeStatus(fleet, options.statusFile);
  stopOnSignal(fleet);
}

/** The fleet's counts and when they were taken, every 10 s, for the container's health check. */
function writeStatus(fleet: FleetHandle, file: string): void {
  const write = () => writeFileSync(file, JSON.stringify({ at: Date.now(), ...fleet.counts() }));
  write();
  setInterval(write, 10_000).unref();
}

/** SIGINT or SIGTERM takes every device offline cleanly; a second one exits at once. */
function stopOnSignal(fleet: FleetHandle): void {
  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    process.stdout.write(`sim: ${signal}, taking the fleet offline\n`);
    fleet.stop({ clean: true }).then(
      () => {
        process.stdout.write('sim: stopped\n');
        process.exit(0);
      },
      (error: unknown) => {
        console.error('sim: stop failed:', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

await main(process.argv.slice(2));
