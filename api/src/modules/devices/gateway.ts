import { deriveCapabilities } from '@fleetport/contracts/device-capabilities';
import { configReportSchema } from '@fleetport/contracts/device-config';
import {
  CONNECTION_REASONS,
  type Command,
  type DeviceConfig,
  deviceKind,
  deviceTopics,
  helloSchema,
  PROTOCOL_VERSION,
  parseTopic,
  statusSchema,
  type TelemetryCategory,
  telemetrySchema,
} from '@fleetport/contracts/device-protocol';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import { deviceMessagesReceived } from '../../metrics.ts';
import { companyPathOf } from '../companies/queries.ts';
import type { Realtime } from '../realtime/realtime.ts';
import {
  connectedDevicesBySerials,
  type DeviceRow,
  deleteTelemetryBefore,
  deviceByIdentity,
  deviceBySerial,
  identityBySerial,
  identityIdOfDevice,
  logConnection,
  markDeviceHello,
  recordFirmwareChange,
  recordIdentityHello,
  renewDeviceCredit,
  setDeviceConnected,
  storeConfigReport,
  storeReading,
} from './gateway-queries.ts';
import { announceStatus } from './gateway-reports.ts';
import { DeviceIntake } from './intake.ts';
import { hasActiveCredit, secretMatches } from './status.ts';
import type { ConnectVerdict, DeviceTransport } from './transport.ts';

/** A credit covers a device for 30 days; a new device has a 30-day trial, an access point two years. */
export const CREDIT_DAYS = 30;
export const TRIAL_DAYS = { default: 30, access_point: 730 } as const;
const DAY_MS = 86_400_000;
/** The device-management credit types (migrations/0008): the free one is spent first. */
export const DEVICE_CREDIT_TYPES = [1, 2] as const;

export { DEVICE_STATUS_EVENT, type DeviceStatusEvent } from './gateway-reports.ts';

/** A device as the gateway keeps it between messages (one row read per connection, not per message). */
interface Known {
  id: number;
  companyId: number;
  companyPath: string;
  name: string;
  monitoring: boolean;
  creditUntil: Date | null;
  /** The reasons already logged on this connection, so a chatty device is logged once. */
  logged: Set<number>;
}

/** What the task engine hears from devices. */
export interface TaskHooks {
  hello(deviceId: number, firmware: string): Promise<void>;
  /** True when the answer was a task's. */
  result(body: unknown): Promise<boolean>;
}

export interface GatewayOptions {
  db: Db;
  log: Logger;
  realtime: Realtime | undefined;
  transport: DeviceTransport;
  now?: () => Date;
  /** Telemetry history older than this is deleted (TELEMETRY_RETENTION_DAYS); kept forever when absent. */
  retentionDays?: number;
}

/** How often old telemetry is pruned. */
const PRUNE_EVERY_MS = 3_600_000;

/**
 * The device gateway (docs/device-protocol.md): checks identities at CONNECT, keeps each
 * device's connection, latest readings and history, spends credits for monitoring, writes the
 * connection log, sends commands and configuration, and announces status changes to consoles.
 */
export class DeviceGateway {
  private readonly db: Db;
  private readonly log: Logger;
  private readonly realtime: Realtime | undefined;
  readonly transport: DeviceTransport;
  private readonly now: () => Date;
  private readonly known = new Map<string, Known>();
  /** Messages are handled one device at a time, in order: a hello is stored before its telemetry. */
  private readonly queues = new Map<string, Promise<void>>();
  /** At most a few messages handled at once, below the database pool; the rest wait in order. */
  private readonly intake = new DeviceIntake();
  private readonly retentionDays: number | undefined;
  private pruneTimer: NodeJS.Timeout | undefined;
  private tasks: TaskHooks | undefined;

  constructor(options: GatewayOptions) {
    this.db = options.db;
    this.log = options.log;
    this.realtime = options.realtime;
    this.transport = options.transport;
    this.now = options.now ?? (() => new Date());
    this.retentionDays = options.retentionDays;
  }

  async start(): Promise<void> {
    await this.transport.start((topic, payload) => this.enqueue(topic, payload));
    if (this.retentionDays !== undefined) {
      const prune = () =>
        this.pruneTelemetry().catch((error: unknown) =>
          this.log.error({ err: error }, 'telemetry pruning failed'),
        );
      void prune();
      this.pruneTimer = setInterval(prune, PRUNE_EVERY_MS);
      this.pruneTimer.unref();
    }
  }

  /** Deletes telemetry history older than the retention; answers how many readings went. */
  async pruneTelemetry(): Promise<number> {
    if (this.retentionDays === undefined) return 0;
    const before = new Date(this.now().getTime() - this.retentionDays * DAY_MS);
    return deleteTelemetryBefore(this.db, before);
  }

  async close(): Promise<void> {
    clearInterval(this.pruneTimer);
    await this.transport.close();
    await Promise.allSettled(this.queues.values());
  }

  /** Waits until every message received so far is handled (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.queues.size > 0) await Promise.allSettled([...this.queues.values()]);
  }

  /** CONNECT: the serial must be approved, the MAC the approved one and the secret right. */
  async verify(serial: string, mac: string, secret: string): Promise<ConnectVerdict> {
    const identity = await identityBySerial(this.db, serial);
    if (!identity || !secretMatches(secret, identity.secretSha256)) {
      if (identity) await this.logReason(identity.id, CONNECTION_REASONS.attempted, 'refused: wrong secret');
      return { ok: false };
    }
    if (identity.mac !== mac) {
      await this.logReason(identity.id, CONNECTION_REASONS.serialWithOtherMac, `MAC ${mac}`);
      return { ok: false };
    }
    return { ok: true };
  }

  /** A device's connection ended: offline now, whatever it last said. */
  disconnected(serial: string): void {
    this.enqueueTask(serial, () => this.setConnected(serial, false));
  }

  /** The task engine hears each hello and each answer first (modules/tasks/engine.ts). */
  setTaskHooks(hooks: TaskHooks): void {
    this.tasks = hooks;
  }

  /** Publishes a task's command; the device answers on its result topic, which the engine follows. */
  async sendTaskCommand(serial: string, command: Command): Promise<void> {
    await this.transport.publish(deviceTopics(serial).command, JSON.stringify(command), { retain: false });
  }

  /** Publishes a device's configuration (retained), after a change in the console. */
  async pushConfig(serial: string): Promise<void> {
    this.known.delete(serial);
    const device = await deviceBySerial(this.db, serial);
    if (device) await this.publishConfig(device);
  }

  /**
   * The same for many devices, read 500 at a time. Only the connected ones are sent theirs now:
   * the others are sent it when they next say hello.
   */
  async pushConfigs(serials: readonly string[]): Promise<void> {
    for (let at = 0; at < serials.length; at += 500) {
      const slice = serials.slice(at, at + 500);
      for (const serial of slice) this.known.delete(serial);
      for (const device of await connectedDevicesBySerials(this.db, slice)) await this.publishConfig(device);
    }
  }

  /** Forgets what is cached about a device (it moved, was deleted or changed in the console). */
  forget(serial: string): void {
    this.known.delete(serial);
  }

  private enqueue(topic: string, payload: Buffer): void {
    const parsed = parseTopic(topic);
    if (!parsed) return;
    // The embedded broker hands back our own commands and configuration too: not counted.
    if (parsed.kind !== 'cmd' && parsed.kind !== 'config') deviceMessagesReceived.inc({ kind: parsed.kind });
    this.enqueueTask(parsed.serial, () => this.handle(topic, payload));
  }

  private enqueueTask(serial: string, task: () => Promise<void>): void {
    const previous = this.queues.get(serial) ?? Promise.resolve();
    const next = previous
      .then(() => this.intake.run(task))
      .catch((error: unknown) => this.log.error({ err: error, serial }, 'device message failed'))
      .finally(() => {
        if (this.queues.get(serial) === next) this.queues.delete(serial);
      });
    this.queues.set(serial, next);
  }

  private async handle(topic: string, payload: Buffer): Promise<void> {
    const parsed = parseTopic(topic);
    if (!parsed) return;
    let body: unknown;
    try {
      body = JSON.parse(payload.toString('utf8'));
    } catch {
      this.log.warn({ serial: parsed.serial, topic }, 'device message is not JSON');
      return;
    }
    switch (parsed.kind) {
      case 'hello':
        return this.hello(parsed.serial, body);
      case 'status': {
        const status = statusSchema.safeParse(body);
        if (status.success) await this.setConnected(parsed.serial, status.data.state === 'online');
        return;
      }
      case 'telemetry':
        return this.telemetry(parsed.serial, parsed.category, body);
      case 'config/report':
        return this.configReport(parsed.serial, body);
      case 'cmd/result':
        // Every command is a task's: an answer to none (a stale or unknown id) is dropped.
        await this.tasks?.result(body);
        return;
      default:
        return; // our own commands and configuration, echoed by the broker
    }
  }

  private async hello(serial: string, body: unknown): Promise<void> {
    const result = helloSchema.safeParse(body);
    if (!result.success || result.data.serial !== serial) {
      this.log.warn({ serial, issues: result.error?.issues.slice(0, 3) }, 'device hello refused');
      return;
    }
    const hello = result.data;
    const now = this.now();
    const identity = await identityBySerial(this.db, serial);
    if (!identity) return;
    if (identity.mac !== hello.mac) {
      await this.logReason(identity.id, CONNECTION_REASONS.serialWithOtherMac, `MAC ${hello.mac}`);
      return;
    }
    await recordIdentityHello(this.db, identity.id, hello, now);
    const row = await deviceByIdentity(this.db, identity.id);
    if (!row) return; // approved, not in a company yet: its hello waits for "Add device"
    const capabilities = deriveCapabilities(hello.model, hello.firmware, hello.capabilities);
    const trialDays =
      deviceKind(hello.model) === 'access_point' ? TRIAL_DAYS.access_point : TRIAL_DAYS.default;
    const creditUntil = row.creditUntil ?? new Date(now.getTime() + trialDays * DAY_MS);
    const device = await markDeviceHello(this.db, row.id, {
      model: hello.model,
      firmware: hello.firmware,
      capabilities,
      firstSeenAt: row.firstSeenAt ?? now,
      lastSeenAt: now,
      creditUntil,
    });
    if (!device) return;
    if (row.firmware !== hello.firmware) {
      await recordFirmwareChange(this.db, row.id, row.firmware, hello.firmware, now);
    }
    await this.logReason(identity.id, CONNECTION_REASONS.connected, `${hello.model} ${hello.firmware}`);
    const known = await this.remember(device);
    await this.ensureCredit(serial, known);
    await this.publishConfig({ ...device, creditUntil: known.creditUntil });
    announceStatus(this.realtime, known, { ...device, creditUntil: known.creditUntil }, this.now());
    await this.tasks?.hello(device.id, hello.firmware);
  }

  private async telemetry(serial: string, category: TelemetryCategory, body: unknown): Promise<void> {
    const known = await this.lookup(serial);
    if (!known) return;
    const result = telemetrySchema(category).safeParse(body);
    if (!result.success) {
      this.log.warn(
        { serial, category, issues: result.error.issues.slice(0, 3) },
        'device telemetry refused',
      );
      return;
    }
    if (!known.monitoring) {
      await this.logOnce(known, CONNECTION_REASONS.monitoringDisabled);
      return;
    }
    if (!(await this.ensureCredit(serial, known))) return;
    const reading = { at: result.data.at, data: result.data.data };
    await storeReading(this.db, known.id, category, reading, this.now());
  }

  /** The device's configuration tree after a change (or at its hello): kept as the device's last word. */
  private async configReport(serial: string, body: unknown): Promise<void> {
    const known = await this.lookup(serial);
    if (!known) return;
    const result = configReportSchema.safeParse(body);
    if (!result.success) {
      this.log.warn(
        { serial, issues: result.error.issues.slice(0, 3) },
        'device configuration report refused',
      );
      return;
    }
    await storeConfigReport(this.db, known.id, result.data, this.now());
  }

  private async setConnected(serial: string, connected: boolean): Promise<void> {
    const now = this.now();
    const device = await setDeviceConnected(this.db, serial, connected, now);
    if (!connected) {
      const known = this.known.get(serial);
      if (known) known.logged.clear();
    }
    if (!device) return;
    const known = await this.remember(device);
    announceStatus(this.realtime, known, device, this.now());
  }

  /**
   * Monitoring needs an active credit. An expired one is renewed from the company's pool (one
   * credit, 30 days; free credits first); with none left, reason 15 and no monitoring.
   */
  private async ensureCredit(serial: string, known: Known): Promise<boolean> {
    const now = this.now();
    if (hasActiveCredit(known.creditUntil, now)) return true;
    const until = new Date(now.getTime() + CREDIT_DAYS * DAY_MS);
    const renewed = await renewDeviceCredit(this.db, known, DEVICE_CREDIT_TYPES, until).catch(
      (error: unknown) => {
        // Another message of this company spent the last credit first: not renewed this time.
        this.log.debug({ err: error, serial }, 'device credit not renewed');
        return undefined;
      },
    );
    if (renewed) {
      known.creditUntil = renewed;
      return true;
    }
    await this.logOnce(known, CONNECTION_REASONS.noActiveCredit);
    return false;
  }

  private async publishConfig(device: DeviceRow): Promise<void> {
    const config: DeviceConfig = {
      v: PROTOCOL_VERSION,
      monitoring: device.monitoring && hasActiveCredit(device.creditUntil, this.now()),
      intervals_s: { dynamic: device.dynamicIntervalS, static: device.staticIntervalS },
    };
    await this.transport.publish(deviceTopics(device.serial).config, JSON.stringify(config), {
      retain: true,
    });
  }

  private async lookup(serial: string): Promise<Known | undefined> {
    const cached = this.known.get(serial);
    if (cached) return cached;
    const device = await deviceBySerial(this.db, serial);
    return device ? this.remember(device) : undefined;
  }

  private async remember(device: DeviceRow): Promise<Known> {
    const companyPath = await companyPathOf(this.db, device.companyId);
    const previous = this.known.get(device.serial);
    const known: Known = {
      id: device.id,
      companyId: device.companyId,
      companyPath: companyPath ?? '',
      name: device.name,
      monitoring: device.monitoring,
      creditUntil: device.creditUntil,
      logged: previous?.logged ?? new Set(),
    };
    this.known.set(device.serial, known);
    return known;
  }

  private async logOnce(known: Known, reason: number): Promise<void> {
    if (known.logged.has(reason)) return;
    known.logged.add(reason);
    const identityId = await identityIdOfDevice(this.db, known.id);
    if (identityId !== undefined) await this.logReason(identityId, reason, null);
  }

  private async logReason(identityId: number, reason: number, detail: string | null): Promise<void> {
    await logConnection(this.db, identityId, reason, detail);
  }
}
