import type { ModelFamily, ReportedCapabilities } from '@fleetport/contracts/device-protocol';

/**
 * The hardware the simulator can be: a few real-looking models per family (spec §9). Each
 * model's capabilities stay within its family's table in contracts/src/device-capabilities.ts,
 * so the console never has to clip what a simulated unit reports.
 */
export interface IoLayout {
  digitalIn: number;
  analogIn: number;
  currentLoop: number;
  digitalOut: number;
  relays: number;
}

export type WifiBand = '2.4GHz' | '5GHz';

export interface ModelSpec {
  model: string;
  family: ModelFamily;
  /** The firmware name up to its version: `RUT9M_R_` + `00.07.06.1`. */
  firmwarePrefix: string;
  capabilities: ReportedCapabilities;
  /** The cellular module, for static telemetry; undefined without one. */
  modem: string | undefined;
  fiveG: boolean;
  bands: readonly WifiBand[];
  io: IoLayout;
}

const NO_IO: IoLayout = { digitalIn: 0, analogIn: 0, currentLoop: 0, digitalOut: 0, relays: 0 };
const BASIC_IO: IoLayout = { ...NO_IO, digitalIn: 1, digitalOut: 1 };

const NOTHING: ReportedCapabilities = {
  wifi: false,
  gps: false,
  hotspot: false,
  io: false,
  ddns: false,
  l2tp: false,
  mobile: false,
  sim_count: 0,
  port_count: 0,
  lan: true,
  second_modem: false,
  webfilter: false,
  vpn: false,
};
/** What a cellular router's software offers, whatever the hardware. */
const ROUTER_SOFTWARE = { ddns: true, l2tp: true, vpn: true, mobile: true } as const;

function spec(
  model: string,
  family: ModelFamily,
  firmwarePrefix: string,
  details: Partial<Omit<ModelSpec, 'model' | 'family' | 'firmwarePrefix' | 'capabilities'>> & {
    capabilities: Partial<ReportedCapabilities>;
  },
): ModelSpec {
  const capabilities = { ...NOTHING, ...details.capabilities };
  const io = details.io ?? NO_IO;
  return {
    model,
    family,
    firmwarePrefix,
    modem: details.modem,
    fiveG: details.fiveG ?? false,
    bands: capabilities.wifi ? (details.bands ?? ['2.4GHz']) : [],
    io,
    capabilities: { ...capabilities, io: io !== NO_IO },
  };
}

const RUT = { ...ROUTER_SOFTWARE, hotspot: true, webfilter: true } as const;

export const MODEL_CATALOGUE: Record<ModelFamily, readonly ModelSpec[]> = {
  RUT: [
    spec('RUT200', 'RUT', 'RUT2M_R_', {
      capabilities: { ...RUT, wifi: true, sim_count: 1, port_count: 2 },
      modem: 'Quectel EC200A-EU',
      io: BASIC_IO,
    }),
    spec('RUT241', 'RUT', 'RUT2M_R_', {
      capabilities: { ...RUT, wifi: true, sim_count: 1, port_count: 2 },
      modem: 'Quectel EC21-E',
      io: BASIC_IO,
    }),
    spec('RUT956', 'RUT', 'RUT9M_R_', {
      capabilities: { ...RUT, wifi: true, gps: true, sim_count: 2, port_count: 4 },
      modem: 'Quectel EC25-EU',
      io: { digitalIn: 3, analogIn: 1, currentLoop: 0, digitalOut: 3, relays: 1 },
    }),
    spec('RUTX11', 'RUT', 'RUTX_R_', {
      capabilities: { ...RUT, wifi: true, gps: true, sim_count: 2, port_count: 5 },
      modem: 'Quectel EG06-E',
      bands: ['2.4GHz', '5GHz'],
      io: BASIC_IO,
    }),
    spec('RUTX12', 'RUT', 'RUTX_R_', {
      capabilities: { ...RUT, wifi: true, gps: true, sim_count: 2, port_count: 5, second_modem: true },
      modem: 'Quectel EG06-E',
      bands: ['2.4GHz', '5GHz'],
      io: BASIC_IO,
    }),
    spec('RUTX50', 'RUT', 'RUTX_R_', {
      capabilities: { ...RUT, wifi: true, gps: true, sim_count: 2, port_count: 5 },
      modem: 'Quectel RG501Q-EU',
      fiveG: true,
      bands: ['2.4GHz', '5GHz'],
      io: BASIC_IO,
    }),
  ],
  TRB: [
    spec('TRB140', 'TRB', 'TRB1_R_', {
      capabilities: { ...ROUTER_SOFTWARE, sim_count: 1, port_count: 1 },
      modem: 'Quectel EG06-E',
      io: BASIC_IO,
    }),
    spec('TRB141', 'TRB', 'TRB1_R_', {
      capabilities: { ...ROUTER_SOFTWARE, sim_count: 1, port_count: 0, lan: false },
      modem: 'Quectel EG915U-EU',
      io: { digitalIn: 3, analogIn: 1, currentLoop: 1, digitalOut: 3, relays: 1 },
    }),
    spec('TRB245', 'TRB', 'TRB2M_R_', {
      capabilities: { ...ROUTER_SOFTWARE, gps: true, sim_count: 2, port_count: 1 },
      modem: 'Quectel EC25-EU',
      io: { digitalIn: 2, analogIn: 1, currentLoop: 1, digitalOut: 2, relays: 1 },
    }),
  ],
  TCR: [
    spec('TCR100', 'TCR', 'TCR1_R_', {
      capabilities: {
        ...ROUTER_SOFTWARE,
        l2tp: false,
        wifi: true,
        hotspot: true,
        webfilter: true,
        sim_count: 1,
        port_count: 2,
      },
      modem: 'Quectel EC25-EU',
      bands: ['2.4GHz', '5GHz'],
    }),
  ],
  TAP: [
    spec('TAP100', 'TAP', 'TAP100_R_', { capabilities: { wifi: true, hotspot: true, port_count: 1 } }),
    spec('TAP200', 'TAP', 'TAP200_R_', {
      capabilities: { wifi: true, hotspot: true, port_count: 2 },
      bands: ['2.4GHz', '5GHz'],
    }),
  ],
  TSW: [
    spec('TSW101', 'TSW', 'TSW1_R_', { capabilities: { port_count: 5 }, io: BASIC_IO }),
    spec('TSW202', 'TSW', 'TSW2_R_', { capabilities: { port_count: 10 } }),
    spec('TSW212', 'TSW', 'TSW2_R_', { capabilities: { port_count: 10 } }),
  ],
  OTD: [
    spec('OTD140', 'OTD', 'OTD1_R_', {
      capabilities: { ...ROUTER_SOFTWARE, sim_count: 2, port_count: 2 },
      modem: 'Quectel EG06-E',
    }),
    spec('OTD500', 'OTD', 'OTD5_R_', {
      capabilities: { ...ROUTER_SOFTWARE, gps: true, sim_count: 2, port_count: 2 },
      modem: 'Quectel RG520N-EU',
      fiveG: true,
    }),
  ],
};

/** Models a vehicle carries: the GPS movers are among these. */
export const MOVER_MODELS = ['RUT956', 'RUTX11', 'TRB245'] as const;

/**
 * A fleet's mix, repeated every 20 devices so that any fleet of 20 or more holds every family.
 * Cellular routers dominate, as they do in the field.
 */
export const FAMILY_CYCLE: readonly ModelFamily[] = [
  ...Array<ModelFamily>(9).fill('RUT'),
  ...Array<ModelFamily>(3).fill('TRB'),
  ...Array<ModelFamily>(2).fill('TCR'),
  ...Array<ModelFamily>(2).fill('TAP'),
  ...Array<ModelFamily>(2).fill('TSW'),
  ...Array<ModelFamily>(2).fill('OTD'),
];

/** Firmware versions in the field, by share; 06.x predates L2TP and web filter support. */
export const FIRMWARE_VERSIONS: readonly (readonly [string, number])[] = [
  ['00.07.08', 20],
  ['00.07.07.3', 20],
  ['00.07.06.1', 25],
  ['00.07.04.5', 15],
  ['00.07.02.7', 10],
  ['00.06.08.6', 5],
];

export function findModel(model: string): ModelSpec | undefined {
  for (const specs of Object.values(MODEL_CATALOGUE)) {
    const found = specs.find((entry) => entry.model === model);
    if (found) return found;
  }
  return undefined;
}
