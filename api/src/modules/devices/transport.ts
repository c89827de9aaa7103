import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:net';
import { Readable } from 'node:stream';
import { createServer as createTlsServer, type Server as TlsServer } from 'node:tls';
import {
  parseClientId,
  parseTopic,
  TELEMETRY_CATEGORIES,
  TOPIC_ROOT,
} from '@fleetport/contracts/device-protocol';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import persistenceModule, { type AedesMemoryPersistence } from 'aedes-persistence';
import mqtt, { type MqttClient } from 'mqtt';
import type { Logger } from 'pino';
import { DEVICE_TLS_MIN_VERSION, type DeviceTlsFiles, followDeviceTls, readDeviceTls } from './broker-tls.ts';
import type { ConnectThrottle } from './connect-throttle.ts';

/**
 * How device messages reach the gateway: an MQTT broker inside the API (aedes, the default: a
 * fresh install needs nothing else) or an external broker the API subscribes to (MQTT_URL, for
 * several API replicas: EMQX, Mosquitto). The gateway sees the same messages either way.
 */
export interface DeviceTransport {
  start(onMessage: (topic: string, payload: Buffer) => void): Promise<void>;
  publish(topic: string, payload: string, options: { retain: boolean }): Promise<void>;
  /**
   * Ends the connections of a device whose identity was removed, now; answers how many there were.
   * It cannot come back: the broker checks every CONNECT against Approved Devices.
   */
  disconnect(serial: string): number;
  close(): Promise<void>;
  /** Where devices connect (for logs and the README). */
  readonly address: string;
}

/** What the gateway decides at CONNECT: the identity is good, or refused (and why, for the log). */
export type ConnectVerdict = { ok: true } | { ok: false };

export interface EmbeddedBrokerOptions {
  port: number;
  host: string;
  log: Logger;
  /** Checks a device's CONNECT: serial (user name), MAC (from the client id) and secret. */
  verify: (serial: string, mac: string, secret: string) => Promise<ConnectVerdict>;
  /** A device's connection ended (cleanly or not): the will, if any, was published first. */
  onDisconnect: (serial: string) => void;
  /** Slows secret guessing; the broker closes it with itself. */
  throttle: ConnectThrottle;
  /** Plain MQTT on host:port (chooseListeners); true unless said. */
  plain?: boolean;
  /** MQTT over TLS on its own host and port, with the operator's certificate (broker-tls.ts). */
  tls?: (DeviceTlsFiles & { host: string; port: number; pollMs?: number }) | undefined;
}

const DEVICE_PUBLISHES: ReadonlySet<string> = new Set([
  'hello',
  'status',
  'telemetry',
  'cmd/result',
  'config/report',
]);
const DEVICE_SUBSCRIBES: ReadonlySet<string> = new Set(['cmd', 'config']);

/** The topics of the given kinds under one serial (or `+`), a telemetry kind once per category. */
function topicsOf(serial: string, kinds: ReadonlySet<string>, categories: readonly string[]): string[] {
  return [...kinds].flatMap((kind) =>
    kind === 'telemetry'
      ? categories.map((category) => `${TOPIC_ROOT}/${serial}/telemetry/${category}`)
      : [`${TOPIC_ROOT}/${serial}/${kind}`],
  );
}

/** Every topic mayPublish allows a device, spelled out: an external broker's ACLs (dynsec.ts). */
export const devicePublishTopics = (serial: string): string[] =>
  topicsOf(serial, DEVICE_PUBLISHES, TELEMETRY_CATEGORIES);

/** Every topic maySubscribe allows a device, spelled out. */
export const deviceSubscribeTopics = (serial: string): string[] =>
  topicsOf(serial, DEVICE_SUBSCRIBES, TELEMETRY_CATEGORIES);

/** What the gateway subscribes to on an external broker: every kind of message a device sends. */
export const GATEWAY_SUBSCRIPTIONS: readonly string[] = topicsOf('+', DEVICE_PUBLISHES, ['+']);

/** What the gateway publishes: each device's commands and configuration. */
export const GATEWAY_PUBLISHES: readonly string[] = topicsOf('+', DEVICE_SUBSCRIBES, ['+']);

function refusal(): AuthenticateError {
  // One answer for every refusal: the device cannot learn which check failed.
  return Object.assign(new Error('bad user name or password'), { returnCode: 4 }) as AuthenticateError;
}

/** A banned source address: nothing was checked (docs/device-protocol.md, "Wrong secrets"). */
function banned(): AuthenticateError {
  return Object.assign(new Error('not authorized'), { returnCode: 5 }) as AuthenticateError;
}

/** The protocol is MQTT 3.1.1 (protocol level 4); aedes would also take 3.1 (level 3). */
const MQTT_3_1_1 = 4;

type AedesPacket = Parameters<AedesMemoryPersistence['storeRetained']>[0];

// A CommonJS package whose types declare an ES default: imported, it is the factory itself.
const memoryPersistence = persistenceModule as unknown as () => AedesMemoryPersistence;
const WILDCARD = /[+#]/;

/**
 * aedes' in-memory persistence with its retained messages also kept by exact topic. aedes asks
 * for the retained messages of each new subscription, and the stock store answers by testing
 * every retained topic against the pattern: with ten thousand devices (a retained status and a
 * retained configuration each), every connection scanned twenty thousand topics, and connecting
 * the fleet slowed to a stall (bench part 8). A device subscribes to exact topics, so those are
 * answered by lookup; a pattern with a wildcard still goes to the stock scan.
 */
export function indexedPersistence(): AedesMemoryPersistence {
  const persistence = memoryPersistence();
  const retained = new Map<string, unknown>();
  const store = persistence.storeRetained.bind(persistence);
  const scanAll = persistence.createRetainedStreamCombi.bind(persistence);
  const scan = persistence.createRetainedStream.bind(persistence);
  const exact = (patterns: readonly string[]) =>
    Readable.from(patterns.flatMap((pattern) => (retained.has(pattern) ? [retained.get(pattern)] : [])));
  // aedes calls it without a callback and waits for the promise it returns.
  persistence.storeRetained = ((packet: AedesPacket, done?: (error: Error | null | undefined) => void) => {
    const { topic, payload } = packet as unknown as { topic: string; payload: { length: number } };
    if (payload.length === 0) retained.delete(topic);
    else retained.set(topic, { ...packet });
    return store(packet, done as (error: Error | null | undefined) => void);
  }) as AedesMemoryPersistence['storeRetained'];
  persistence.createRetainedStreamCombi = (patterns) =>
    patterns.some((pattern) => WILDCARD.test(pattern)) ? scanAll(patterns) : exact(patterns);
  persistence.createRetainedStream = (pattern) => (WILDCARD.test(pattern) ? scan(pattern) : exact([pattern]));
  return persistence;
}

/** A device may publish only under its own serial, only its own kinds of message. */
export function mayPublish(clientId: string, topic: string): boolean {
  const parsed = parseTopic(topic);
  const own = parseClientId(clientId)?.serial;
  return (
    parsed !== undefined && own !== undefined && parsed.serial === own && DEVICE_PUBLISHES.has(parsed.kind)
  );
}

/** A device may subscribe only to its own commands and configuration. */
export function maySubscribe(clientId: string, topic: string): boolean {
  const parsed = parseTopic(topic);
  const own = parseClientId(clientId)?.serial;
  return (
    parsed !== undefined && own !== undefined && parsed.serial === own && DEVICE_SUBSCRIBES.has(parsed.kind)
  );
}

function listen(server: Server | TlsServer, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
}

function portOf(server: Server | TlsServer, fallback: number): number {
  const address = server.address();
  return typeof address === 'object' && address ? address.port : fallback;
}

/** The broker inside the API. Each device may publish and subscribe under its own serial only. */
export class EmbeddedBroker implements DeviceTransport {
  private readonly options: EmbeddedBrokerOptions;
  private broker: Aedes | undefined;
  private server: Server | undefined;
  private tlsServer: TlsServer | undefined;
  private unfollow: (() => void) | undefined;
  /** The connected devices' clients, by serial. */
  private readonly devices = new Map<string, Set<Client>>();
  /** Where devices connect: the TLS address when there is one, else the plain one. */
  address = '';
  /** The plain MQTT address (mqtt://), while that listener is open. */
  plainAddress = '';
  /** The MQTT over TLS address (mqtts://), while that listener is open. */
  tlsAddress = '';

  constructor(options: EmbeddedBrokerOptions) {
    this.options = options;
  }

  async start(onMessage: (topic: string, payload: Buffer) => void): Promise<void> {
    const { log, verify, onDisconnect, throttle } = this.options;
    const broker = await Aedes.createBroker({
      persistence: indexedPersistence(),
      preConnect: (_client, packet, callback) => {
        // aedes answers levels other than 3 and 4 with CONNACK 1 ("unacceptable protocol
        // version"); level 3 gets the same answer, so the broker speaks exactly what the
        // protocol document says.
        if (packet.protocolVersion !== MQTT_3_1_1) Object.assign(packet, { protocolVersion: 0 });
        callback(null, true);
      },
      authenticate: (client, username, password, done) => {
        const id = parseClientId(client.id);
        const address = (client.conn as { remoteAddress?: string }).remoteAddress;
        // A malformed CONNECT is a failure of its address too; it names no serial of its own.
        const serial = id && id.serial === username && password ? id.serial : '';
        throttle
          .attempt(
            address,
            serial,
            async () =>
              id !== undefined &&
              serial !== '' &&
              password !== undefined &&
              (await verify(id.serial, id.mac, password.toString('utf8'))).ok,
            () => client.closed,
          )
          .then(
            (outcome) => {
              if (outcome === 'accepted') done(null, true);
              else if (outcome === 'banned') done(banned(), false);
              else if (outcome === 'refused') done(refusal(), false);
            },
            (error: unknown) => {
              log.error({ err: error, serial: id?.serial }, 'device authentication failed');
              done(
                Object.assign(new Error('server unavailable'), { returnCode: 3 }) as AuthenticateError,
                false,
              );
            },
          );
      },
      authorizePublish: (client, packet, callback) => {
        // The broker's own publishes (commands, configuration) have no client.
        if (!client) {
          callback(null);
          return;
        }
        callback(mayPublish(client.id, packet.topic) ? null : new Error('not allowed'));
      },
      authorizeSubscribe: (client, subscription, callback) => {
        // A foreign topic is granted as failure (SUBACK 128); the connection stays.
        callback(null, maySubscribe(client.id, subscription.topic) ? subscription : null);
      },
    });
    // Each device's connections, by serial (aedes does not publish its own registry of clients).
    broker.on('client', (client) => {
      const id = parseClientId(client.id);
      if (!id) return;
      const held = this.devices.get(id.serial) ?? new Set<Client>();
      this.devices.set(id.serial, held.add(client));
    });
    broker.on('clientDisconnect', (client) => {
      const id = parseClientId(client.id);
      if (!id) return;
      const held = this.devices.get(id.serial);
      held?.delete(client);
      if (held?.size === 0) this.devices.delete(id.serial);
      onDisconnect(id.serial);
    });
    broker.on('clientError', (client, error) =>
      log.debug({ err: error, client: client.id }, 'device client error'),
    );
    await new Promise<void>((resolve) =>
      broker.subscribe(
        `${TOPIC_ROOT}/#`,
        (packet, done) => {
          onMessage(
            packet.topic,
            Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload),
          );
          done();
        },
        resolve,
      ),
    );
    // The certificate is checked before anything listens: a bad one stops the start, in words.
    const tls = this.options.tls;
    const material = tls ? readDeviceTls(tls) : undefined;
    this.broker = broker;
    if (this.options.plain ?? true) {
      const server = createServer(broker.handle);
      await listen(server, this.options.port, this.options.host);
      this.server = server;
      this.plainAddress = `mqtt://${this.options.host}:${portOf(server, this.options.port)}`;
    }
    if (tls && material) {
      const secure = createTlsServer(
        { cert: material.cert, key: material.key, minVersion: DEVICE_TLS_MIN_VERSION },
        broker.handle,
      );
      // A handshake that fails (a device that does not trust the certificate, a port scan) is
      // the device's problem, said once at debug level; the listener goes on.
      secure.on('tlsClientError', (error) => log.debug({ err: error }, 'device TLS handshake failed'));
      await listen(secure, tls.port, tls.host);
      this.tlsServer = secure;
      this.tlsAddress = `mqtts://${tls.host}:${portOf(secure, tls.port)}`;
      this.unfollow = followDeviceTls(secure, tls, log, tls.pollMs);
      log.info(
        { address: this.tlsAddress, valid_to: material.validTo.toISOString() },
        'devices connect over TLS',
      );
    }
    this.address = this.tlsAddress || this.plainAddress;
  }

  /** Devices connected to this broker now (metrics). */
  get connectedClients(): number {
    return this.broker?.connectedClients ?? 0;
  }

  /** The plain listener's port (0 when there is none). */
  get port(): number {
    return this.server ? portOf(this.server, 0) : 0;
  }

  /** The TLS listener's port (0 when there is none). */
  get tlsPort(): number {
    return this.tlsServer ? portOf(this.tlsServer, 0) : 0;
  }

  publish(topic: string, payload: string, options: { retain: boolean }): Promise<void> {
    const broker = this.broker;
    if (!broker) return Promise.reject(new Error('the broker is not started'));
    return new Promise((resolve, reject) =>
      broker.publish(
        { cmd: 'publish', topic, payload: Buffer.from(payload), qos: 1, retain: options.retain, dup: false },
        (error) => (error ? reject(error) : resolve()),
      ),
    );
  }

  disconnect(serial: string): number {
    const clients = [...(this.devices.get(serial) ?? [])];
    for (const client of clients) client.close();
    return clients.length;
  }

  async close(): Promise<void> {
    const servers = [this.server, this.tlsServer];
    const broker = this.broker;
    this.server = undefined;
    this.tlsServer = undefined;
    this.broker = undefined;
    this.devices.clear();
    this.unfollow?.();
    this.unfollow = undefined;
    this.options.throttle.close();
    if (broker) await new Promise<void>((resolve) => broker.close(() => resolve()));
    for (const server of servers) {
      if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  }
}

/** What went wrong with the external broker, in a sentence for the log. */
export function brokerTrouble(address: string, error: Error & { code?: unknown }): string {
  // CONNACK 4 and 5 (MQTT 3.1.1), 134 and 135 (MQTT 5): the broker refused who Fleetport is.
  if (error.code === 4 || error.code === 5 || error.code === 134 || error.code === 135) {
    return `the device broker at ${address} refused Fleetport's own credentials (MQTT_URL's user name and password): ${error.message}`;
  }
  if (typeof error.code === 'number') {
    return `the device broker at ${address} refused the API's connection (code ${error.code}): ${error.message}`;
  }
  return `the device broker at ${address} cannot be reached: ${error.message}`;
}

/** The gateway's subscriptions as the API replicas share them (each message reaches one replica). */
export const sharedSubscriptions = (group: string): string[] =>
  GATEWAY_SUBSCRIPTIONS.map((topic) => `$share/${group}/${topic}`);

/** The external broker's reconnection pause: from 1 s, doubled after each failure, at most 30 s. */
const RECONNECT_FIRST_MS = 1000;
const RECONNECT_MAX_MS = 30_000;
/** How long the start waits for the external broker before the API serves without it. */
const START_WAIT_MS = 5000;

/**
 * An external broker (MQTT_URL). The broker authenticates devices and confines them to their
 * own topics: EMQX by asking the API's hooks (emqx-hooks.ts), Mosquitto through the clients and
 * roles Fleetport gives its dynamic-security plugin (dynsec.ts; docs/device-protocol.md, "EMQX",
 * "Mosquitto (dynamic security)"). The API subscribes with a shared subscription, so each message
 * reaches one API replica.
 */
export class ExternalBroker implements DeviceTransport {
  private readonly url: string;
  private readonly log: Logger;
  private client: MqttClient | undefined;
  private retry: NodeJS.Timeout | undefined;
  readonly address: string;

  private readonly group: string;

  private readonly startWaitMs: number;

  constructor(url: string, log: Logger, group = 'fleetport', startWaitMs = START_WAIT_MS) {
    this.url = url;
    this.log = log;
    this.group = group;
    this.startWaitMs = startWaitMs;
    const parsed = new URL(url);
    this.address = `${parsed.protocol}//${parsed.host}`;
  }

  /**
   * Connects without waiting for the broker: an unreachable broker at start or mid-run never
   * stops the API serving the console. It tries again with a growing pause (1 s doubling to 30 s,
   * back to 1 s once connected) and subscribes again on every connection; each state change is one
   * log line in words.
   */
  async start(onMessage: (topic: string, payload: Buffer) => void): Promise<void> {
    const client = mqtt.connect(this.url, {
      clientId: `fleetport-api-${randomUUID()}`,
      protocolVersion: 5,
      clean: true,
      // The pauses between attempts are this class's (growing), not mqtt.js's fixed period.
      reconnectPeriod: 0,
      connectTimeout: 10_000,
      resubscribe: false,
    });
    let pause = RECONNECT_FIRST_MS;
    let down = false;
    client.on('connect', () => {
      pause = RECONNECT_FIRST_MS;
      if (down) this.log.info({ broker: this.address }, 'device broker reachable again');
      down = false;
      client
        .subscribeAsync(sharedSubscriptions(this.group), { qos: 1 })
        .catch((error: unknown) => this.log.error({ err: error }, 'device broker refused the subscription'));
    });
    client.on('error', (error: Error & { code?: unknown }) => {
      this.log.error({ err: error, broker: this.address }, brokerTrouble(this.address, error));
    });
    client.on('close', () => {
      if (this.client !== client) return;
      if (!down)
        this.log.warn(
          { broker: this.address },
          'device broker unreachable; devices wait, the console goes on',
        );
      down = true;
      clearTimeout(this.retry);
      this.retry = setTimeout(() => {
        if (this.client === client && !client.connected) client.reconnect();
      }, pause);
      pause = Math.min(RECONNECT_MAX_MS, pause * 2);
    });
    client.on('message', (topic, payload) => {
      const parsed = parseTopic(topic);
      if (parsed && DEVICE_PUBLISHES.has(parsed.kind)) onMessage(topic, payload);
    });
    // No backpressure by holding the next message: the stream that brings it also brings the
    // acknowledgements of what the gateway publishes (a device's configuration, a command), which
    // its handlers wait for (bench part 13 stalled so). The gateway's intake paces the work.
    this.client = client;
    // A reachable broker is connected before the gateway goes on, as before; an unreachable one
    // is waited for a moment only, then left to the retries.
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      new Promise<void>((resolve) => client.once('connect', () => resolve())),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, this.startWaitMs);
      }),
    ]);
    clearTimeout(timer);
  }

  /** Whether the broker is connected now (readiness, metrics). */
  get connected(): boolean {
    return this.client?.connected ?? false;
  }

  async publish(topic: string, payload: string, options: { retain: boolean }): Promise<void> {
    if (!this.client?.connected) throw new Error('the device broker is not connected');
    await this.client.publishAsync(topic, payload, { qos: 1, retain: options.retain });
  }

  /**
   * Nothing to do here: the broker holds the connections. Mosquitto provisioned by Fleetport
   * (MQTT_DYNSEC) disconnects the device when its client is deleted (dynsec.ts, `remove`). EMQX's
   * hooks refuse its next CONNECT (emqx-hooks.ts); a connection already open lasts until it ends.
   */
  disconnect(): number {
    return 0;
  }

  async close(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    clearTimeout(this.retry);
    await client?.endAsync(!client.connected);
  }
}
