import {
  clientIdFor,
  deviceTopics,
  helloSchema,
  PROTOCOL_VERSION,
  statusSchema,
} from '@fleetport/contracts/device-protocol';
import { connect, type MqttClient } from 'mqtt';
import type { SimDeviceProfile } from './fleet-manifest.ts';

/** A length of time drawn anew each time, in ms: `[min, max]`. */
export type Span = readonly [min: number, max: number];

/** How a simulated device connects (docs/device-protocol.md §Identity and connecting), and its timings. */
export interface SimTiming {
  /** How long a reboot keeps the device off the network. */
  rebootDelayMs: number;
  /** Wait before reconnecting after a lost connection; each device adds up to as much again. */
  reconnectPeriodMs: number;
  /** Wait after a refused CONNECT (unknown or unapproved identity, wrong secret, a clone's MAC). */
  refusedRetryMs: number;
  /** How long to wait for the retained config before the first readings. */
  configWaitMs: number;
  /** One step of flashing a firmware image (four steps, 80–100 %). */
  firmwareStepMs: number;
  /** A firmware download that receives nothing for this long fails. */
  firmwareStallMs: number;
  backupStepMs: number;
  /** Divides every telemetry interval, and a config.write's rollback_s: 60 turns five minutes into five seconds. */
  timeScale: number;
  connectTimeoutMs: number;
  /** An unreliable unit (a site that loses power): how long it stays online, then away. */
  unreliableOnlineMs: Span;
  unreliableOfflineMs: Span;
  /** A flapping unit (a dying modem, a loose cable): how long its link holds, then stays down. */
  flappingOnlineMs: Span;
  flappingOfflineMs: Span;
  /**
   * A unit whose configuration cut it off from the gateway, with no rollback asked for, stays
   * away until someone visits the site and puts the previous configuration back.
   */
  siteVisitMs: Span;
}

const MINUTE_MS = 60_000;

export const DEFAULT_TIMING: SimTiming = {
  rebootDelayMs: 5_000,
  reconnectPeriodMs: 5_000,
  refusedRetryMs: 60_000,
  configWaitMs: 2_000,
  firmwareStepMs: 1_000,
  firmwareStallMs: 30_000,
  backupStepMs: 400,
  timeScale: 1,
  connectTimeoutMs: 30_000,
  // Away about two thirds of the time: with the flapping units, about 10 % of the fleet is offline.
  unreliableOnlineMs: [20 * MINUTE_MS, 90 * MINUTE_MS],
  unreliableOfflineMs: [20 * MINUTE_MS, 180 * MINUTE_MS],
  flappingOnlineMs: [1 * MINUTE_MS, 4 * MINUTE_MS],
  flappingOfflineMs: [15_000, 90_000],
  siteVisitMs: [2 * 60 * MINUTE_MS, 8 * 60 * MINUTE_MS],
};

/**
 * The protocol's identity: client id `fp-<serial>-<MAC>`, the serial as user name, the secret as
 * password, and `offline` as the last will.
 */
export function connectDevice(
  url: string,
  profile: SimDeviceProfile,
  timing: SimTiming,
  /** Over TLS (mqtts://): the CA the broker's certificate must chain to (a unit's bundle); none: the system's. */
  ca?: string | Buffer,
): MqttClient {
  return connect(url, {
    // A unit checks the broker's certificate and its name (TLS 1.2 at least: Node's floor).
    ...(ca === undefined ? {} : { ca }),
    rejectUnauthorized: true,
    clientId: clientIdFor(profile.serial, profile.mac),
    username: profile.serial,
    password: profile.secret,
    protocolVersion: 4,
    clean: true,
    keepalive: 60,
    // Spread reconnections, so that a broker restart is not met by the whole fleet at once.
    reconnectPeriod: Math.round(timing.reconnectPeriodMs * (1 + Math.random())),
    connectTimeout: timing.connectTimeoutMs,
    resubscribe: false,
    queueQoSZero: false,
    will: {
      topic: deviceTopics(profile.serial).status,
      payload: Buffer.from(OFFLINE_STATUS),
      qos: 1,
      retain: true,
    },
  });
}

/** `offline`: the last will, and what a clean stop publishes itself. */
export const OFFLINE_STATUS = JSON.stringify(statusSchema.parse({ v: PROTOCOL_VERSION, state: 'offline' }));

/** What a device says on each connection: `hello` (always first), then its retained `online` status. */
export function greeting(profile: SimDeviceProfile, firmware: string, uptimeS: number) {
  const hello = helloSchema.parse({
    v: PROTOCOL_VERSION,
    serial: profile.serial,
    mac: profile.mac,
    model: profile.model,
    firmware,
    name: profile.name,
    uptime_s: uptimeS,
    capabilities: profile.capabilities,
  });
  const online = statusSchema.parse({ v: PROTOCOL_VERSION, state: 'online' });
  return { hello: JSON.stringify(hello), online: JSON.stringify(online) };
}

/** MQTT 3.1.1 CONNACK codes that mean "not you": retrying at once will not help. */
const REFUSALS = new Set([2, 4, 5]);
export function isRefusal(error: Error & { code?: unknown }): boolean {
  return typeof error.code === 'number' && REFUSALS.has(error.code);
}

/**
 * The broker's certificate is not one the unit trusts: not signed by its CA, expired, for another
 * name. Said in a sentence for the log; a unit tries again slowly (the operator must act).
 */
export function untrustedBroker(error: Error & { code?: unknown }): string | undefined {
  const reasons: Record<string, string> = {
    UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'is not signed by the CA the unit trusts',
    UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'is not signed by the CA the unit trusts',
    SELF_SIGNED_CERT_IN_CHAIN: 'chains to a CA the unit does not trust',
    DEPTH_ZERO_SELF_SIGNED_CERT: 'is self-signed and not the CA the unit trusts',
    CERT_HAS_EXPIRED: 'has expired',
    CERT_NOT_YET_VALID: 'is not valid yet',
    ERR_TLS_CERT_ALTNAME_INVALID: "does not name the broker's address",
  };
  const reason = typeof error.code === 'string' ? reasons[error.code] : undefined;
  return reason ? `the broker's TLS certificate ${reason} (${error.code})` : undefined;
}

/** CONNACK 3, "server unavailable": the broker is busy or its store is; a unit tries again soon. */
export function isUnavailable(error: Error & { code?: unknown }): boolean {
  return error.code === 3;
}

/** The promise's value, or undefined if it takes longer than `ms` (or fails). */
export async function withinMs<T>(ms: number, promise: Promise<T>): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  try {
    return await Promise.race([promise.catch(() => undefined), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export function parseJson(payload: Buffer): unknown {
  try {
    return JSON.parse(payload.toString('utf8'));
  } catch {
    return undefined;
  }
}
