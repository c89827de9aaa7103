import { type ModelFamily, modelFamily, type ReportedCapabilities } from './device-protocol.ts';

/**
 * Spec §3 "Device capabilities (derived from model and firmware version)": what the console
 * shows for a device. A family's table says what its models can have; the device's hello says
 * what this unit has; firmware gates the features that came later. A capability is on only
 * when all three agree, so a device can never claim a feature its family lacks.
 */
export interface DeviceCapabilities extends ReportedCapabilities {
  series: ModelFamily | 'unknown';
  firmware_version: string;
  data_usage: boolean;
  metrics: boolean;
}

type FamilyTable = Omit<ReportedCapabilities, 'sim_count' | 'port_count'> & {
  max_sims: number;
  max_ports: number;
};

const NONE: FamilyTable = {
  wifi: false,
  gps: false,
  hotspot: false,
  io: false,
  ddns: false,
  l2tp: false,
  mobile: false,
  lan: false,
  second_modem: false,
  webfilter: false,
  vpn: false,
  max_sims: 0,
  max_ports: 0,
};

/** What each family's models can have (our table; the spec's is not shown). */
export const FAMILY_CAPABILITIES: Record<ModelFamily, FamilyTable> = {
  // Cellular routers.
  RUT: {
    ...NONE,
    wifi: true,
    gps: true,
    hotspot: true,
    io: true,
    ddns: true,
    l2tp: true,
    mobile: true,
    lan: true,
    second_modem: true,
    webfilter: true,
    vpn: true,
    max_sims: 2,
    max_ports: 5,
  },
  // Industrial gateways: no Wi-Fi, rich I/O.
  TRB: {
    ...NONE,
    gps: true,
    io: true,
    ddns: true,
    l2tp: true,
    mobile: true,
    lan: true,
    vpn: true,
    max_sims: 2,
    max_ports: 1,
  },
  // Home and office cellular routers.
  TCR: {
    ...NONE,
    wifi: true,
    hotspot: true,
    ddns: true,
    mobile: true,
    lan: true,
    webfilter: true,
    vpn: true,
    max_sims: 1,
    max_ports: 4,
  },
  // Access points.
  TAP: { ...NONE, wifi: true, hotspot: true, lan: true, max_ports: 2 },
  // Switches.
  TSW: { ...NONE, lan: true, io: true, max_ports: 28 },
  // Outdoor 5G units.
  OTD: {
    ...NONE,
    gps: true,
    ddns: true,
    l2tp: true,
    mobile: true,
    lan: true,
    vpn: true,
    max_sims: 2,
    max_ports: 2,
  },
};

/** Features that need a firmware of at least this major.minor. */
const FIRMWARE_GATES: Partial<Record<keyof ReportedCapabilities, readonly [number, number]>> = {
  webfilter: [7, 4],
  l2tp: [7, 0],
};

/** `RUT2_R_00.07.06.1` → [7, 6]; a firmware without a recognisable version counts as 0.0. */
export function firmwareVersion(firmware: string): readonly [number, number] {
  const match = /(\d{1,3})\.(\d{1,3})(?:\.(\d{1,3}))?(?:\.\d+)?$/.exec(firmware.trim());
  if (!match) return [0, 0];
  const numbers = match
    .slice(1)
    .filter((part): part is string => part !== undefined)
    .map(Number);
  // Vendor firmwares carry a leading 00 (00.07.06): the version is what follows it.
  const [major = 0, minor = 0] = numbers.length === 3 && numbers[0] === 0 ? numbers.slice(1) : numbers;
  return [major, minor];
}

function atLeast(version: readonly [number, number], gate: readonly [number, number]): boolean {
  return version[0] > gate[0] || (version[0] === gate[0] && version[1] >= gate[1]);
}

export function deriveCapabilities(
  model: string,
  firmware: string,
  reported: ReportedCapabilities,
): DeviceCapabilities {
  const family = modelFamily(model);
  const table = family ? FAMILY_CAPABILITIES[family] : NONE;
  const version = firmwareVersion(firmware);
  const flag = (key: Exclude<keyof ReportedCapabilities, 'sim_count' | 'port_count'>): boolean => {
    const gate = FIRMWARE_GATES[key];
    return table[key] && reported[key] && (!gate || atLeast(version, gate));
  };
  const mobile = flag('mobile');
  return {
    series: family ?? 'unknown',
    firmware_version: firmware,
    wifi: flag('wifi'),
    gps: flag('gps'),
    hotspot: flag('hotspot'),
    io: flag('io'),
    ddns: flag('ddns'),
    l2tp: flag('l2tp'),
    mobile,
    sim_count: mobile ? Math.min(reported.sim_count, table.max_sims) : 0,
    port_count: Math.min(reported.port_count, table.max_ports),
    lan: flag('lan'),
    second_modem: flag('second_modem'),
    webfilter: flag('webfilter'),
    vpn: flag('vpn'),
    data_usage: mobile,
    metrics: family !== undefined,
  };
}
