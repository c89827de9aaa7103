import { startLocalChanges } from './config-drift.ts';
import { SimDevice, type SimDeviceState } from './device.ts';
import type { SimTiming } from './device-connection.ts';
import type { FleetShape } from './fleet.ts';
import { loadOrCreateFleet } from './fleet-manifest.ts';

/**
 * Runs a whole fleet in this process: loads (or creates) the manifest, then connects devices in
 * batches so that ten thousand of them arrive as a steady stream, not a thundering herd.
 */
export interface FleetOptions extends FleetShape {
  /** The broker, e.g. mqtt://127.0.0.1:18830, or mqtts:// over TLS. */
  url: string;
  /** Over TLS: the CA the broker's certificate must chain to (PEM); none: the system's CAs. */
  ca?: string | Buffer;
  devices: number;
  /** The manifest CSV; created, or grown, as needed. */
  fleetFile: string;
  seed?: number;
  /** Devices that start connecting together, once per `batchIntervalMs`. */
  batchSize?: number;
  batchIntervalMs?: number;
  timing?: Partial<SimTiming>;
  /**
   * The share of firmware updates that fail (0..1, default 0), each as a checksum mismatch, a
   * power loss mid-flash or a full flash (device-firmware.ts). Drawn from each device's seeded
   * stream, so that a run with the same seed fails the same updates.
   */
  firmwareFailureRate?: number;
  /**
   * Changes someone on site makes to a unit's configuration (config-drift.ts), across the
   * fleet, per hour on average; by default a tenth of the fleet's size (5 an hour for 50), 0 for none.
   */
  localChangesPerHour?: number;
  /** A summary line this often; 0 for none. */
  summaryIntervalMs?: number;
  log?: (line: string) => void;
}

export type FleetCounts = Record<SimDeviceState, number> & { total: number };

export interface FleetHandle {
  devices: readonly SimDevice[];
  /** Identities this run added to the manifest: they need importing under Approved Devices. */
  added: number;
  /** Resolves once every device has begun connecting. */
  started: Promise<void>;
  counts(): FleetCounts;
  summary(): string;
  /** Clean by default: each device publishes `offline` and disconnects. */
  stop(options?: { clean?: boolean }): Promise<void>;
}

export async function startFleet(options: FleetOptions): Promise<FleetHandle> {
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const batchSize = Math.max(1, options.batchSize ?? 200);
  const batchIntervalMs = options.batchIntervalMs ?? 1000;
  const { devices: profiles, added } = await loadOrCreateFleet(
    options.fleetFile,
    options.devices,
    options.seed ?? 1,
    {
      testDevices: options.testDevices,
      troubledDevices: options.troubledDevices,
    },
  );
  const devices = profiles.map(
    (profile) =>
      new SimDevice({
        url: options.url,
        profile,
        timing: options.timing,
        firmwareFailureRate: options.firmwareFailureRate,
        ...(options.ca === undefined ? {} : { ca: options.ca }),
      }),
  );
  let stopping = false;
  let hinted = false;
  let untrusted = false;
  for (const device of devices) {
    device.on('refused', (error) => {
      // A broker the units do not trust: said once, in words; they keep trying slowly.
      if (/TLS certificate/.test(error.message)) {
        if (!untrusted)
          log(`sim: ${device.profile.serial} did not connect: ${error.message}; check --ca and --url.`);
        untrusted = true;
        return;
      }
      // The clone is refused by design; any other refusal suggests the manifest is not imported.
      if (hinted || device.profile.cloneOf !== undefined) return;
      hinted = true;
      log(
        `sim: ${device.profile.serial} was refused (${error.message}); are the manifest's devices approved?`,
      );
    });
    device.on('problem', (error) => console.error(`sim: ${device.profile.serial}:`, error));
  }

  const counts = (): FleetCounts => {
    const tally: FleetCounts = {
      total: devices.length,
      idle: 0,
      connecting: 0,
      online: 0,
      rebooting: 0,
      refused: 0,
      offline: 0,
      stopped: 0,
    };
    for (const device of devices) tally[device.state]++;
    return tally;
  };
  const summary = () => {
    const tally = counts();
    const parts = [
      `${tally.online}/${tally.total} online`,
      `${tally.connecting} connecting`,
      `${tally.rebooting} rebooting`,
      `${tally.refused} refused`,
      `${tally.offline} offline`,
      `${tally.idle} waiting`,
      ...(tally.stopped > 0 ? [`${tally.stopped} stopped`] : []),
    ];
    return `sim: ${parts.join(', ')}`;
  };

  const started = (async () => {
    for (let from = 0; from < devices.length && !stopping; from += batchSize) {
      if (from > 0) await new Promise((resolve) => setTimeout(resolve, batchIntervalMs));
      if (stopping) return;
      for (const device of devices.slice(from, from + batchSize)) device.start();
    }
  })();
  const stopLocalChanges = startLocalChanges(devices, {
    seed: options.seed ?? 1,
    perHour: options.localChangesPerHour ?? devices.length / 10,
    log,
  });
  const summaries =
    options.summaryIntervalMs === 0
      ? undefined
      : setInterval(() => log(summary()), options.summaryIntervalMs ?? 10_000);

  return {
    devices,
    added,
    started,
    counts,
    summary,
    stop: async ({ clean = true } = {}) => {
      stopping = true;
      clearInterval(summaries);
      stopLocalChanges();
      await started;
      await Promise.all(devices.map((device) => device.stop({ clean })));
    },
  };
}
