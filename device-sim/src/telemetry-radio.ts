import type { TelemetryData } from '@fleetport/contracts/device-protocol';
import type { WifiBand } from './catalogue.ts';
import type { DeviceProfile } from './fleet.ts';
import { type Random, walk } from './random.ts';

/** What the readings of one boot share: the device, its random stream and its clock. */
export interface SensorContext {
  profile: DeviceProfile;
  random: Random;
  /** Milliseconds since the epoch when the device (re)started. */
  bootedAt: number;
  settings: () => DeviceSettings;
}

/** Settings a user can change through config.write, which the readings report back. */
export interface DeviceSettings {
  hostname: string;
  lanIp: string;
  /** The Wi-Fi networks it broadcasts; without them, the ones its model would have. */
  ssids?: readonly { ssid: string; band: WifiBand }[];
}

export interface RadioSnapshot {
  connectionType: string;
  operator: string | undefined;
  rssi: number | undefined;
  rsrp: number | undefined;
  rsrq: number | undefined;
  sinr: number | undefined;
  simSlot: number;
  wanIp: string | undefined;
  rxBytes: number;
  txBytes: number;
}

const NO_SERVICE = '';
const TYPES_5G: readonly (readonly [string, number])[] = [
  ['5G-NSA', 60],
  ['LTE', 33],
  ['5G-SA', 4],
  ['WCDMA', 3],
];
const TYPES_4G: readonly (readonly [string, number])[] = [
  ['LTE', 86],
  ['WCDMA', 10],
  ['GSM', 4],
];
/** LTE-style measurements exist on LTE and 5G (an NSA anchor is LTE); 3G and 2G give RSSI only. */
const HAS_LTE_METRICS = new Set(['LTE', '5G-NSA', '5G-SA']);

interface Level {
  /** Where the first reading falls. */
  from: readonly [number, number];
  /** Where the walk stays. */
  min: number;
  max: number;
  step: number;
}
/**
 * RSRP (dBm), RSRQ (dB) and SINR (dB). RSSI follows RSRP (+22 dB). A usual unit wanders from
 * fair to excellent, now and then poor; a unit at the edge of coverage stays poor: RSSI −112 to
 * −101 dBm, below the console's "fair" floor of −100 (contracts/src/devices.ts
 * SIGNAL_BUCKET_FLOORS).
 */
const SIGNAL_LEVELS: Record<'usual' | 'weak', { rsrp: Level; rsrq: Level; sinr: Level }> = {
  usual: {
    rsrp: { from: [-115, -80], min: -125, max: -70, step: 3 },
    rsrq: { from: [-15, -6], min: -20, max: -3, step: 1 },
    sinr: { from: [0, 22], min: -5, max: 30, step: 2 },
  },
  weak: {
    rsrp: { from: [-130, -125], min: -134, max: -123, step: 2 },
    rsrq: { from: [-18, -14], min: -20, max: -13, step: 1 },
    sinr: { from: [-3, 2], min: -5, max: 3, step: 1 },
  },
};

/**
 * The modem: signal metrics wander, the network type changes now and then and, rarely, service
 * drops. Byte counters grow with time for the SIM in use and start at zero on every boot.
 */
export function createRadio(context: SensorContext) {
  const { profile, random } = context;
  const mobile = profile.capabilities.mobile && profile.hardware.modem !== undefined;
  const types = profile.hardware.fiveG ? TYPES_5G : TYPES_4G;
  const rate = { rx: random.float(200, 30_000), tx: 0 };
  rate.tx = rate.rx * random.float(0.15, 0.6);
  const counters = Array.from({ length: profile.capabilities.sim_count }, (_, slot) => ({
    sim: slot + 1,
    rx_bytes: 0,
    tx_bytes: 0,
  }));
  let countedAt = context.bootedAt;
  let simSlot = 1;
  let connectionType = random.weighted(types);
  let operator = profile.operators[0];
  const levels = SIGNAL_LEVELS[profile.role === 'weak-signal' ? 'weak' : 'usual'];
  let rsrp = random.float(...levels.rsrp.from);
  let rsrq = random.float(...levels.rsrq.from);
  let sinr = random.float(...levels.sinr.from);
  let temperature = random.float(380, 560);
  let wanIp = carrierAddress(random);
  const outdoor = profile.hardware.family === 'OTD';

  const advance = (now: number) => {
    const seconds = Math.max(0, (now - countedAt) / 1000);
    countedAt = Math.max(countedAt, now);
    const active = counters[simSlot - 1];
    if (active && connectionType !== NO_SERVICE) {
      active.rx_bytes += Math.round(rate.rx * seconds * random.float(0.4, 1.6));
      active.tx_bytes += Math.round(rate.tx * seconds * random.float(0.4, 1.6));
    }
    temperature = walk(
      random,
      temperature,
      outdoor ? { min: -150, max: 600, step: 15 } : { min: 300, max: 650, step: 8 },
    );
    if (!mobile) return;
    rsrp = walk(random, rsrp, levels.rsrp);
    rsrq = walk(random, rsrq, levels.rsrq);
    sinr = walk(random, sinr, levels.sinr);
    if (connectionType === NO_SERVICE) {
      if (random.chance(0.5)) connectionType = random.weighted(types);
    } else if (random.chance(0.01)) {
      connectionType = NO_SERVICE;
    } else if (random.chance(0.05)) {
      connectionType = random.weighted(types);
    }
    if (random.chance(0.02)) operator = random.pick(profile.operators);
    if (counters.length > 1 && random.chance(0.01)) {
      simSlot = simSlot === 1 ? 2 : 1;
      wanIp = carrierAddress(random);
    }
  };

  const snapshot = (): RadioSnapshot => {
    const inService = mobile && connectionType !== NO_SERVICE;
    const lte = inService && HAS_LTE_METRICS.has(connectionType);
    const totals = counters.reduce(
      (sum, counter) => ({ rx: sum.rx + counter.rx_bytes, tx: sum.tx + counter.tx_bytes }),
      { rx: 0, tx: 0 },
    );
    return {
      connectionType: mobile ? connectionType : NO_SERVICE,
      operator: inService ? operator : undefined,
      rssi: inService ? Math.round(Math.min(-51, Math.max(-113, rsrp + 22))) : undefined,
      rsrp: lte ? Math.round(rsrp) : undefined,
      rsrq: lte ? Math.round(rsrq) : undefined,
      sinr: lte ? Math.round(sinr * 10) / 10 : undefined,
      simSlot,
      wanIp: inService ? wanIp : undefined,
      rxBytes: totals.rx,
      txBytes: totals.tx,
    };
  };

  const dynamic = (now: number): TelemetryData['dynamic'] => {
    advance(now);
    const radio = snapshot();
    return {
      signal: radio.rssi ?? null,
      rsrp: radio.rsrp ?? null,
      rsrq: radio.rsrq ?? null,
      sinr: radio.sinr ?? null,
      operator: radio.operator ?? null,
      connection_type: mobile ? radio.connectionType : null,
      temperature: Math.round(temperature),
      uptime_s: uptimeSeconds(context.bootedAt, now),
      sim_slot: mobile ? simSlot : null,
      wan_ip: radio.wanIp ?? null,
      mobile: counters.map((counter) => ({ ...counter })),
    };
  };

  return { dynamic, snapshot };
}

export type Radio = ReturnType<typeof createRadio>;

export function createStaticSensor(context: SensorContext) {
  const { profile, random } = context;
  const mobile = profile.capabilities.mobile && profile.hardware.modem !== undefined;
  const mnc = String(random.int(1, 15)).padStart(2, '0');
  const identity = {
    imei: withLuhn(`86${digits(random, 12)}`),
    iccid: withLuhn(`89${profile.place.mcc.slice(0, 2)}${mnc}${digits(random, 13)}`),
    imsi: `${profile.place.mcc}${mnc}${digits(random, 10)}`,
  };
  return (): TelemetryData['static'] => {
    const settings = context.settings();
    return {
      hostname: settings.hostname,
      imei: mobile ? identity.imei : null,
      iccid: mobile ? identity.iccid : null,
      imsi: mobile ? identity.imsi : null,
      lan_ip: profile.capabilities.lan ? settings.lanIp : null,
      modem: mobile ? (profile.hardware.modem ?? null) : null,
    };
  };
}

export function uptimeSeconds(bootedAt: number, now: number): number {
  return Math.max(0, Math.floor((now - bootedAt) / 1000));
}

/** Operators hand out private addresses behind carrier-grade NAT (RFC 6598). */
function carrierAddress(random: Random): string {
  return `100.${random.int(64, 127)}.${random.int(0, 255)}.${random.int(1, 254)}`;
}

function digits(random: Random, count: number): string {
  return Array.from({ length: count }, () => random.int(0, 9)).join('');
}

/** IMEIs and ICCIDs end in a Luhn check digit. */
function withLuhn(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let digit = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}
