import type { ReportedCapabilities } from '@fleetport/contracts/device-protocol';
import {
  FAMILY_CYCLE,
  FIRMWARE_VERSIONS,
  findModel,
  MODEL_CATALOGUE,
  MOVER_MODELS,
  type ModelSpec,
} from './catalogue.ts';
import { PLACES, type Place, SITE_KINDS, VEHICLE_KINDS } from './places.ts';
import { createRandom, mixSeed, type Random } from './random.ts';

/**
 * The fleet, generated from a seed: the same seed always gives the same devices, so a manifest
 * of secrets (fleet-manifest.ts) written once keeps matching them. Device i depends only on the
 * seed, i and the fleet's shape, so a larger fleet starts with the devices of a smaller one.
 */
export type DeviceRole =
  | 'standard'
  | 'gps-mover'
  // Units in trouble, as in the field: TROUBLED_SLOTS.
  | 'unreliable'
  | 'flapping'
  | 'never-activated'
  | 'weak-signal'
  // Test devices: SPECIAL_INDEX.
  | 'untrusted-strings'
  | 'clone';

/** Which devices a fleet holds besides ordinary ones; identities (serial, MAC) never depend on it. */
export interface FleetShape {
  /**
   * The device with hostile strings and the clone, for tests of the console and the gateway.
   * Off by default: they do not belong in the demo world.
   */
  testDevices?: boolean;
  /** Units offline for long stretches, flapping, never activated or on weak signal. On by default. */
  troubledDevices?: boolean;
}

export interface GeoPoint {
  lat: number;
  lon: number;
}

export interface DeviceProfile {
  index: number;
  role: DeviceRole;
  serial: string;
  mac: string;
  model: string;
  firmware: string;
  name: string;
  capabilities: ReportedCapabilities;
  hardware: ModelSpec;
  place: Place;
  home: GeoPoint;
  /** The operators its modem sees; the first is its home network. */
  operators: readonly string[];
  /** A GPS mover's loop of waypoints; empty for a device that stays home. */
  route: readonly GeoPoint[];
  /**
   * A clone uses this device's serial and secret, with a MAC address of its own; the gateway
   * refuses it at CONNECT and logs reason 7.
   */
  cloneOf?: number;
  /** Seeds the device's readings (telemetry.ts). */
  seed: number;
}

/** Strings a console must render as text, never as markup (spec: every device string is untrusted). */
export const HOSTILE = {
  img: '<img src=x onerror=alert(1)>',
  script: '<script>alert("fp")</script>',
  /** For the name, which the manifest holds too: no comma or double quote, so any CSV reader keeps it. */
  scriptSingleQuoted: "<script>alert('fp')</script>",
} as const;

/**
 * The special devices, by index; present whenever the fleet has at least this many devices. The
 * movers always; the untrusted device and the clone (a copy of `cloned`) only with `testDevices`.
 */
export const SPECIAL_DEVICES_FROM = 10;
export const SPECIAL_INDEX = { movers: [0, 1], untrusted: 2, clone: 3, cloned: 4 } as const;

/**
 * Units in trouble, by position in every block of TROUBLE_CYCLE devices (with `troubledDevices`).
 * Unreliable units are away about two thirds of the time and flapping ones about a quarter
 * (SimTiming), so about 10 % of a fleet is offline at any moment; never-activated units never
 * connect (the console shows them Pending). Kept clear of the first six positions (the special
 * devices, and the demo's device with monitoring off) and of the last three (the demo leaves the
 * manifest's last rows unclaimed: api/src/seed/demo-fleet.ts). At most three weak-signal units,
 * which may change family, so that every family stays in a fleet of 50.
 */
export const TROUBLE_CYCLE = 50;
export const TROUBLED_SLOTS = {
  unreliable: [8, 16, 19, 27, 36, 44],
  flapping: [14, 39],
  'never-activated': [23, 41],
  'weak-signal': [11, 24, 31],
} as const satisfies Partial<Record<DeviceRole, readonly number[]>>;

const OUI = '00:1E:42';

export function generateFleet(count: number, options: { seed: number } & FleetShape): DeviceProfile[] {
  if (!Number.isInteger(count) || count < 0)
    throw new RangeError(`a fleet size is a whole number, not ${count}`);
  const identity = identityFormula(options.seed);
  const familyOrder = shuffled(FAMILY_CYCLE, createRandom(mixSeed(options.seed, 0xfa)));
  const special = count >= SPECIAL_DEVICES_FROM;
  const shape = {
    testDevices: options.testDevices === true,
    troubledDevices: options.troubledDevices !== false,
  };
  const devices: DeviceProfile[] = [];
  for (let index = 0; index < count; index++) {
    const random = createRandom(mixSeed(options.seed, index));
    const role = special ? roleOf(index, shape) : 'standard';
    const hardware = chooseHardware(role, familyOrder[index % familyOrder.length] ?? 'RUT', random);
    const place = random.pick(PLACES);
    const home = near(place, random.float(0.5, 15), random);
    const name =
      role === 'gps-mover'
        ? `${random.pick(VEHICLE_KINDS)} ${random.int(1, 250)} ${place.city}`
        : `${place.city} ${random.pick(SITE_KINDS)} ${random.int(1, 40)}`;
    const version = random.weighted(FIRMWARE_VERSIONS);
    devices.push({
      index,
      role,
      serial: identity.serial(index),
      mac: identity.mac(index),
      model: hardware.model,
      firmware: `${hardware.firmwarePrefix}${version}`,
      name,
      capabilities: hardware.capabilities,
      hardware,
      place,
      home,
      operators: [...place.operators],
      route: role === 'gps-mover' ? loopAround(home, random) : [],
      seed: mixSeed(options.seed, index, 0x7e1e),
    });
  }
  if (special && shape.testDevices) {
    makeUntrusted(devices[SPECIAL_INDEX.untrusted]);
    makeClone(devices, SPECIAL_INDEX.clone, SPECIAL_INDEX.cloned);
  }
  return devices;
}

function roleOf(index: number, shape: Required<FleetShape>): DeviceRole {
  if ((SPECIAL_INDEX.movers as readonly number[]).includes(index)) return 'gps-mover';
  if (shape.testDevices && index === SPECIAL_INDEX.untrusted) return 'untrusted-strings';
  if (shape.testDevices && index === SPECIAL_INDEX.clone) return 'clone';
  if (!shape.troubledDevices) return 'standard';
  const slot = index % TROUBLE_CYCLE;
  for (const [role, slots] of Object.entries(TROUBLED_SLOTS)) {
    if ((slots as readonly number[]).includes(slot)) return role as DeviceRole;
  }
  return 'standard';
}

function chooseHardware(role: DeviceRole, family: keyof typeof MODEL_CATALOGUE, random: Random): ModelSpec {
  // The untrusted device needs Wi-Fi and a modem so that its payloads reach SSIDs and operators.
  const wanted =
    role === 'gps-mover' ? random.pick(MOVER_MODELS) : role === 'untrusted-strings' ? 'RUT956' : undefined;
  const found = wanted ? findModel(wanted) : undefined;
  if (found) return found;
  if (role !== 'weak-signal') return random.pick(MODEL_CATALOGUE[family]);
  // Weak signal needs a modem: an access point or a switch becomes an outdoor unit instead.
  const cellular = MODEL_CATALOGUE[family].filter((model) => model.modem !== undefined);
  return random.pick(cellular.length > 0 ? cellular : MODEL_CATALOGUE.OTD);
}

/**
 * Serials and MAC addresses come from affine maps that are one-to-one over their ranges, so
 * they are unique without a lookup table: 10 digits starting `11`, and 24 bits after the OUI.
 */
function identityFormula(seed: number) {
  const serialRange = 100_000_000n;
  let step = BigInt(mixSeed(seed, 1) % 100_000_000) | 1n;
  if (step % 5n === 0n) step += 2n;
  const serialOffset = BigInt(mixSeed(seed, 2) % 100_000_000);
  const macRange = 0x1000000;
  const macStep = (mixSeed(seed, 3) % macRange) | 1;
  const macOffset = mixSeed(seed, 4) % macRange;
  return {
    serial: (index: number) =>
      `11${((step * BigInt(index) + serialOffset) % serialRange).toString().padStart(8, '0')}`,
    mac: (index: number) => {
      const value = (((macStep * index) % macRange) + macOffset) % macRange;
      const hex = value.toString(16).toUpperCase().padStart(6, '0');
      return `${OUI}:${hex.slice(0, 2)}:${hex.slice(2, 4)}:${hex.slice(4, 6)}`;
    },
  };
}

function makeUntrusted(device: DeviceProfile | undefined): void {
  if (!device) return;
  device.name = `Depot 7 ${HOSTILE.img} & ${HOSTILE.scriptSingleQuoted}`;
  // The payload sits before the version, so the firmware still ends in one the console can parse.
  device.firmware = device.firmware.replace(/_R_/, `_${HOSTILE.img}_R_`);
  device.operators = [HOSTILE.script, ...device.operators];
}

function makeClone(devices: DeviceProfile[], cloneIndex: number, originalIndex: number): void {
  const clone = devices[cloneIndex];
  const original = devices[originalIndex];
  if (!clone || !original) return;
  devices[cloneIndex] = {
    ...clone,
    serial: original.serial,
    model: original.model,
    firmware: original.firmware,
    name: original.name,
    capabilities: original.capabilities,
    hardware: original.hardware,
    cloneOf: originalIndex,
  };
}

function shuffled<T>(items: readonly T[], random: Random): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

const KM_PER_DEGREE = 111.32;

function offset(from: GeoPoint, km: number, bearing: number): GeoPoint {
  const lat = from.lat + (km * Math.cos(bearing)) / KM_PER_DEGREE;
  const lon = from.lon + (km * Math.sin(bearing)) / (KM_PER_DEGREE * Math.cos((from.lat * Math.PI) / 180));
  return { lat: round6(lat), lon: round6(lon) };
}

function near(from: GeoPoint, km: number, random: Random): GeoPoint {
  return offset(from, km, random.float(0, 2 * Math.PI));
}

/** A vehicle's round: six to nine stops around its home, visited in order and back again. */
function loopAround(home: GeoPoint, random: Random): GeoPoint[] {
  const stops = random.int(6, 9);
  const start = random.float(0, 2 * Math.PI);
  return Array.from({ length: stops }, (_, stop) =>
    offset(home, random.float(3, 12), start + (2 * Math.PI * stop) / stops),
  );
}

export function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
