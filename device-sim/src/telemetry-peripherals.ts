import type { TelemetryData } from '@fleetport/contracts/device-protocol';
import { type GeoPoint, HOSTILE, round6 } from './fleet.ts';
import { walk } from './random.ts';
import type { SensorContext } from './telemetry-radio.ts';

/** Readings beyond the modem: I/O, position, Wi-Fi, hotspot, DDNS and L2TP (spec §9). */

export function createIoSensor({ profile, random }: SensorContext) {
  const layout = profile.hardware.io;
  const digital = Array.from({ length: layout.digitalIn }, () => (random.chance(0.3) ? 1 : 0));
  const analog = Array.from({ length: layout.analogIn }, () => random.float(500, 12_000));
  const loops = Array.from({ length: layout.currentLoop }, () => random.float(0.004, 0.02));
  const outputs = Array.from({ length: layout.digitalOut }, () => (random.chance(0.2) ? 1 : 0));
  const relays = Array.from({ length: layout.relays }, () => (random.chance(0.5) ? 1 : 0));
  const toggle = (values: number[], probability: number) => {
    values.forEach((value, at) => {
      if (random.chance(probability)) values[at] = value === 1 ? 0 : 1;
    });
  };
  return (): TelemetryData['io'] => {
    toggle(digital, 0.08);
    toggle(outputs, 0.02);
    toggle(relays, 0.02);
    analog.forEach((value, at) => {
      analog[at] = walk(random, value, { min: 0, max: 24_000, step: 400 });
    });
    loops.forEach((value, at) => {
      loops[at] = walk(random, value, { min: 0.004, max: 0.02, step: 0.0006 });
    });
    return {
      inputs: [
        ...digital.map((value, at) => ({ id: `din${at + 1}`, kind: 'digital' as const, value })),
        // Millivolts, as the device reports them (the console shows volts).
        ...analog.map((value, at) => ({
          id: `ain${at + 1}`,
          kind: 'analog' as const,
          value: Math.round(value),
        })),
        // Amperes (the console shows milliamperes).
        ...loops.map((value, at) => ({
          id: `acl${at + 1}`,
          kind: 'current_loop' as const,
          value: Math.round(value * 1e5) / 1e5,
        })),
      ],
      outputs: [
        ...outputs.map((value, at) => ({ id: `dout${at + 1}`, kind: 'digital' as const, value })),
        ...relays.map((value, at) => ({ id: `relay${at + 1}`, kind: 'relay' as const, value })),
      ],
    };
  };
}

/**
 * A mover advances along its loop of waypoints by one stretch per report; a device at home
 * reports its fixed position with a few metres of jitter.
 */
export function createGpsSensor({ profile, random }: SensorContext) {
  const route = profile.route;
  let leg = 0;
  let along = 0;
  let altitude = random.float(40, 320);
  return (now: number): TelemetryData['gps'] => {
    altitude = walk(random, altitude, { min: 0, max: 900, step: route.length > 0 ? 8 : 0.5 });
    const fix = {
      altitude: Math.round(altitude * 10) / 10,
      satellites: random.int(6, 16),
      fix_at: new Date(now).toISOString(),
    };
    if (route.length === 0) {
      const jitter = () => random.float(-0.00003, 0.00003);
      return {
        lat: round6(profile.home.lat + jitter()),
        lon: round6(profile.home.lon + jitter()),
        speed: 0,
        ...fix,
      };
    }
    along += random.float(0.25, 0.45);
    let arrived = false;
    while (along >= 1) {
      along -= 1;
      leg = (leg + 1) % route.length;
      arrived = true;
    }
    const from = route[leg] as GeoPoint;
    const to = route[(leg + 1) % route.length] as GeoPoint;
    return {
      lat: round6(from.lat + (to.lat - from.lat) * along),
      lon: round6(from.lon + (to.lon - from.lon) * along),
      // A vehicle that just reached a stop is standing still.
      speed: arrived ? 0 : Math.round(random.float(18, 72) * 10) / 10,
      ...fix,
    };
  };
}

export function createWirelessSensor({ profile, random, settings }: SensorContext) {
  const suffix = profile.mac.replaceAll(':', '').slice(-4);
  const busy = profile.hardware.family === 'TAP' ? 45 : 12;
  const ssids = profile.hardware.bands.flatMap((band) => {
    const own = profile.role === 'untrusted-strings' ? HOSTILE.img : `${profile.model}_${suffix}`;
    const guest = random.chance(0.4) ? [{ ssid: `${profile.place.city} Guest`, band }] : [];
    return [{ ssid: band === '5GHz' ? `${own.slice(0, 28)}_5G` : own, band }, ...guest];
  });
  const load = ssids.map(() => random.float(0, busy / 2));
  return (): TelemetryData['wireless'] => ({
    // The networks its configuration broadcasts, when it has one (device-shell.ts).
    ssids: (settings().ssids ?? ssids).map((entry, at) => {
      load[at] = walk(random, load[at] ?? 0, { min: 0, max: busy, step: 2 });
      return { ssid: entry.ssid, band: entry.band, clients: Math.round(load[at] ?? 0) };
    }),
  });
}

export function createHotspotSensor({ random, bootedAt }: SensorContext) {
  let sessions = random.float(0, 15);
  let countedAt = bootedAt;
  const totals = { rx: 0, tx: 0 };
  return (now: number): TelemetryData['hotspot'] => {
    const seconds = Math.max(0, (now - countedAt) / 1000);
    countedAt = Math.max(countedAt, now);
    sessions = walk(random, sessions, { min: 0, max: 40, step: 3 });
    totals.rx += Math.round(seconds * sessions * random.float(200, 4_000));
    totals.tx += Math.round(seconds * sessions * random.float(50, 800));
    return { sessions: Math.round(sessions), rx_bytes: totals.rx, tx_bytes: totals.tx };
  };
}

export function createDdnsSensor({ profile, random }: SensorContext) {
  const hostname = random.chance(0.8) ? `r${profile.serial}.dyndns.example.net` : undefined;
  return (): TelemetryData['ddns'] => {
    if (!hostname) return { hostname: null, status: 'disabled' };
    return { hostname, status: random.chance(0.04) ? 'failed' : 'updated' };
  };
}

export function createL2tpSensor({ random }: SensorContext) {
  const names = ['l2tp_office', 'l2tp_backup', 'l2tp_scada'];
  const instances = names
    .slice(0, random.int(0, 2))
    .map((name) => ({ name, enabled: random.chance(0.85), up: random.chance(0.9) }));
  return (): TelemetryData['l2tp'] => ({
    instances: instances.map((instance) => {
      // A tunnel flaps now and then; it can only run when enabled and be online when running.
      if (random.chance(0.03)) instance.up = !instance.up;
      const running = instance.enabled && (instance.up || random.chance(0.5));
      return { name: instance.name, enabled: instance.enabled, running, online: running && instance.up };
    }),
  });
}
