import { readFileSync } from 'node:fs';
import { startFleet } from '@fleetport/device-sim/fleet-runner';

/**
 * Parts 8, 11, 12 and 13's simulated fleet, in its own process (as `npm run sim` runs it):
 * device-sim's `startFleet` against the broker under test. Once a second it prints one JSON line
 * with the fleet's counts and the telemetry rate its online devices are configured for, which the
 * bench sets against what the API stored. SIGTERM drops every connection at once (no clean goodbye: the
 * API under test is stopped next anyway) and exits.
 *
 *   node bench/workers/device-fleet.ts '{"url":"mqtt://127.0.0.1:18830","devices":10000,…}'
 */

interface Options {
  url: string;
  /** Over TLS (mqtts://): the CA file the broker's certificate must chain to (part 13). */
  caFile?: string;
  devices: number;
  fleetFile: string;
  batchSize: number;
  timeScale: number;
  /** Part 11: the share of firmware updates that fail (device-sim's modes), and faster flashing. */
  firmwareFailureRate?: number;
  firmwareStepMs?: number;
  rebootDelayMs?: number;
}

const options = JSON.parse(process.argv[2] ?? '{}') as Options;
const started = performance.now();
const fleet = await startFleet({
  url: options.url,
  ...(options.caFile === undefined ? {} : { ca: readFileSync(options.caFile) }),
  devices: options.devices,
  fleetFile: options.fleetFile,
  seed: 1,
  // As part-device-ingest.ts writes the manifest: every device connects and stays connected.
  troubledDevices: false,
  batchSize: options.batchSize,
  timing: {
    timeScale: options.timeScale,
    ...(options.firmwareStepMs === undefined ? {} : { firmwareStepMs: options.firmwareStepMs }),
    ...(options.rebootDelayMs === undefined ? {} : { rebootDelayMs: options.rebootDelayMs }),
  },
  firmwareFailureRate: options.firmwareFailureRate ?? 0,
  summaryIntervalMs: 0,
  log: (line) => process.stderr.write(`${line}\n`),
});

/**
 * Readings per second the online devices are set to send: each reports every category but
 * `static` once per dynamic interval (from the retained config the API sent it), divided by the
 * time scale. `static` comes once a day and is left out.
 */
function offeredPerSecond(): number {
  let rate = 0;
  for (const device of fleet.devices) {
    if (device.state !== 'online' || !device.config.monitoring) continue;
    const frequent = device.categories.filter((category) => category !== 'static').length;
    rate += (frequent * options.timeScale) / device.config.intervals_s.dynamic;
  }
  return rate;
}

const report = () =>
  process.stdout.write(
    `${JSON.stringify({ t: performance.now() - started, ...fleet.counts(), offered: offeredPerSecond() })}\n`,
  );
report();
const timer = setInterval(report, 1000);

process.once('SIGTERM', () => {
  clearInterval(timer);
  fleet.stop({ clean: false }).finally(() => process.exit(0));
});
