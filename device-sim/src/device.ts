import { EventEmitter } from 'node:events';
import type { ConfigReport } from '@fleetport/contracts/device-config';
import {
  commandResultSchema,
  commandSchema,
  type DeviceConfig,
  deviceConfigSchema,
  deviceTopics,
  PROTOCOL_VERSION,
  type TelemetryCategory,
} from '@fleetport/contracts/device-protocol';
import type { MqttClient } from 'mqtt';
import { type ConfigChanges, type ConfigStore, createConfigStore, type Outcome } from './config-store.ts';
import { type CommandHost, runCommand } from './device-commands.ts';
import { type ConfigHost, commitLocally } from './device-config.ts';
import {
  connectDevice,
  DEFAULT_TIMING,
  greeting,
  isRefusal,
  isUnavailable,
  OFFLINE_STATUS,
  parseJson,
  type SimTiming,
  type Span,
  untrustedBroker,
  withinMs,
} from './device-connection.ts';
import { createFirmwareFaults, DEFAULT_FLASH_FREE_BYTES, type FirmwareFailure } from './device-firmware.ts';
import { type OutageClock, outageClockOf } from './device-outages.ts';
import { createReporting, type Reporting } from './device-reporting.ts';
import { createDeviceShell, type DeviceShell } from './device-shell.ts';
import type { SimDeviceProfile } from './fleet-manifest.ts';
import { createRandom, mixSeed } from './random.ts';
import { categoriesOf, checkedTelemetryMessage, createTelemetry, type Telemetry } from './telemetry.ts';

/** `offline`: out of reach by its role, in an outage or never activated (fleet.ts TROUBLED_SLOTS). */
export type SimDeviceState =
  | 'idle'
  | 'connecting'
  | 'online'
  | 'rebooting'
  | 'refused'
  | 'offline'
  | 'stopped';

export interface SimDeviceEvents {
  online: [];
  offline: [];
  refused: [error: Error];
  config: [config: DeviceConfig];
  problem: [error: unknown];
}

/** How long a clean stop waits for the broker to acknowledge `offline`. */
const STOP_WAIT_MS = 3_000;

/**
 * One virtual device. It knows nothing of Fleetport but the MQTT protocol of
 * docs/device-protocol.md, and behaves like a unit in the field: it connects with its serial
 * and secret, says hello, reports what its retained config asks for, and answers commands.
 */

/** How many command ids a unit remembers (real units keep a small table, surviving a restart). */
const APPLIED_MEMORY = 256;
type AppliedOutcome = 'running' | Parameters<CommandHost['respond']>[0];

export class SimDevice extends EventEmitter<SimDeviceEvents> {
  readonly profile: SimDeviceProfile;
  readonly topics: ReturnType<typeof deviceTopics>;
  #url: string;
  #ca: string | Buffer | undefined;
  #timing: SimTiming;
  #state: SimDeviceState = 'idle';
  #client: MqttClient | undefined;
  #firmware: string;
  readonly #applied = new Map<string, AppliedOutcome>();
  #telemetry: Telemetry;
  #configuration: ConfigStore;
  /** Final answers to send after the next hello: a command the unit rolled back while away. */
  #answersOnReturn: Parameters<CommandHost['respond']>[0][] = [];
  /** Puts back the configuration that cut the unit off; runs once, at its return or its stop. */
  #restore: (() => void) | undefined;
  #shell: DeviceShell;
  #reporting: Reporting;
  #outages: OutageClock | undefined;
  #flashFreeBytes: number;
  #firmwareFaults: ReturnType<typeof createFirmwareFaults>;
  #timers = new Set<NodeJS.Timeout>();

  constructor(options: {
    url: string;
    profile: SimDeviceProfile;
    timing?: Partial<SimTiming>;
    /** Flash free for a firmware image; DEFAULT_FLASH_FREE_BYTES (48 MiB) if not given. */
    flashFreeBytes?: number;
    /** The share of firmware updates that fail, each in a random FirmwareFailure mode; 0 by default. */
    firmwareFailureRate?: number;
    /** Over TLS: the CA the broker's certificate must chain to (PEM). */
    ca?: string | Buffer;
  }) {
    super();
    this.profile = options.profile;
    this.topics = deviceTopics(options.profile.serial);
    this.#url = options.url;
    this.#ca = options.ca;
    this.#timing = { ...DEFAULT_TIMING, ...options.timing };
    this.#firmware = options.profile.firmware;
    this.#configuration = createConfigStore(options.profile);
    this.#shell = createDeviceShell({
      profile: options.profile,
      firmware: () => this.#firmware,
      telemetry: () => this.#telemetry,
      config: this.#configuration,
      commit: (next) => commitLocally(next, this.#configHost(this.#client)),
    });
    this.#telemetry = createTelemetry(options.profile, { settings: () => this.#shell.settings() });
    this.#reporting = createReporting({
      publish: (category) => this.#publishReading(category),
      categories: () => this.categories,
      timeScale: this.#timing.timeScale,
    });
    this.#outages = outageClockOf(options.profile.role, this.#timing);
    this.#flashFreeBytes = options.flashFreeBytes ?? DEFAULT_FLASH_FREE_BYTES;
    // A stream of its own, from the fleet's seed: the same run fails the same updates.
    this.#firmwareFaults = createFirmwareFaults(
      options.firmwareFailureRate ?? 0,
      createRandom(mixSeed(options.profile.seed, 0xf1a5)),
    );
  }

  get state(): SimDeviceState {
    return this.#state;
  }

  get firmware(): string {
    return this.#firmware;
  }

  get config(): DeviceConfig {
    return this.#reporting.config;
  }

  get categories(): TelemetryCategory[] {
    return categoriesOf(this.profile.model, this.#firmware, this.profile.capabilities);
  }

  /** Its configuration as it reports it: revision, who changed it last, the tree with secrets masked. */
  configuration(): ConfigReport {
    return this.#configuration.report();
  }

  /**
   * A change made on the unit itself (someone on site: config-drift.ts), as `uci commit` makes
   * it: checked whole, a new revision, reported with `by: local`.
   */
  changeLocally(changes: ConfigChanges): Outcome<{ revision: number }> {
    const planned = this.#configuration.plan(changes);
    if (!planned.ok) return planned;
    const { revision, afterwards } = commitLocally(planned.next, this.#configHost(this.#client));
    afterwards?.();
    return { ok: true, revision };
  }

  /** Makes the next firmware update fail this way (device-firmware.ts), for tests of the console. */
  injectFirmwareFailure(mode: FirmwareFailure | undefined): void {
    this.#firmwareFaults.inject(mode);
  }

  /** Switches the unit on: a new one, or one stopped before (powered off, then on again). */
  start(): void {
    if (this.#state !== 'idle' && this.#state !== 'stopped') return;
    // Approved and added to a company, but never switched on in the field.
    if (this.profile.role === 'never-activated') {
      this.#state = 'offline';
      return;
    }
    this.#connect();
  }

  /**
   * Abruptly by default, like pulling the plug: the broker publishes the last will. With
   * `clean`, the device publishes `offline` itself and disconnects properly.
   */
  async stop(options: { clean?: boolean } = {}): Promise<void> {
    this.#state = 'stopped';
    this.#reporting.stop();
    this.#outages?.disarm();
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
    // A rollback pending in flash happens at the next start at the latest: do it now.
    this.#restore?.();
    const client = this.#client;
    this.#client = undefined;
    if (!client) return;
    if (options.clean && client.connected) {
      const published = await withinMs(
        STOP_WAIT_MS,
        client.publishAsync(this.topics.status, OFFLINE_STATUS, { qos: 1, retain: true }).then(() => true),
      );
      // Unacknowledged: end without DISCONNECT, and the will says the same thing.
      await client.endAsync(published !== true);
    } else {
      await client.endAsync(true);
    }
  }

  #connect(): void {
    const timing = this.#timing;
    this.#state = 'connecting';
    const client = connectDevice(this.#url, this.profile, timing, this.#ca);
    this.#client = client;
    const mine =
      <A extends unknown[]>(handler: (...args: A) => void) =>
      (...args: A) => {
        if (this.#client === client) handler(...args);
      };
    client.on(
      'connect',
      mine(() => {
        this.#greet(client).catch((error: unknown) => this.#problem(client, error));
      }),
    );
    client.on(
      'message',
      mine((topic: string, payload: Buffer) => this.#receive(client, topic, payload)),
    );
    client.on(
      'close',
      mine(() => this.#lost()),
    );
    client.on(
      'error',
      mine((error: Error) => this.#failed(client, error)),
    );
  }

  async #greet(client: MqttClient): Promise<void> {
    this.#reporting.reset();
    const { hello, online } = greeting(this.profile, this.#firmware, this.#telemetry.uptime());
    // Written in this order on one connection: hello is always the first message. The
    // configuration follows, so that the gateway knows the tree (and what changed while away).
    await Promise.all([
      client.publishAsync(this.topics.hello, hello, { qos: 1 }),
      client.publishAsync(this.topics.status, online, { qos: 1, retain: true }),
      client.subscribeAsync([this.topics.command, this.topics.config], { qos: 1 }),
      client.publishAsync(this.topics.configReport, JSON.stringify(this.#configuration.report()), { qos: 1 }),
    ]);
    if (this.#client !== client) return;
    this.#state = 'online';
    this.emit('online');
    // A unit in trouble (device-outages.ts) goes out of reach after a while online.
    this.#outages?.arm((awayMs, rebootsOnReturn) => {
      if (this.#client !== client || this.#state !== 'online') return;
      this.#drop(client, 'offline', awayMs, () => {
        if (rebootsOnReturn) this.#telemetry.reboot();
      });
    });
    // The retained config follows the subscription; without one, the defaults apply.
    this.#later(this.#timing.configWaitMs, () => {
      if (this.#client === client) this.#reporting.begin();
    });
    // What it could not say while away: remembered for its ids, so a lost one is answered again.
    for (const answer of this.#answersOnReturn.splice(0)) {
      await this.#respond(client, answer).catch(() => undefined);
    }
  }

  #receive(client: MqttClient, topic: string, payload: Buffer): void {
    const message = parseJson(payload);
    if (topic === this.topics.config) {
      const config = deviceConfigSchema.safeParse(message);
      if (!config.success) return;
      this.#reporting.configure(config.data);
      this.emit('config', config.data);
      return;
    }
    if (topic !== this.topics.command) return;
    const command = commandSchema.safeParse(message);
    if (command.success) {
      const { id } = command.data;
      const known = this.#applied.get(id);
      // A command sent again (the console restarted, or the answer was lost): never applied twice.
      // One still running answers on its own; one done is answered from memory.
      if (known === 'running') return;
      if (known) {
        this.#respond(client, known).catch(() => undefined);
        return;
      }
      this.#remember(id, 'running');
      const host = this.#commandHost(client);
      runCommand(command.data, {
        ...host,
        respond: async (result) => {
          if (result.state === 'done' || result.state === 'failed') this.#remember(id, result);
          await host.respond(result);
        },
        // A restart ends the command: what a second copy of it hears is that it is done.
        reboot: (firmware) => {
          this.#remember(id, { id, state: 'done' });
          host.reboot(firmware);
        },
        // Nothing was applied, and a second copy must not hear `done`.
        powerLoss: (error) => {
          this.#remember(id, { id, state: 'failed', error });
          host.powerLoss(error);
        },
      }).catch((error: unknown) => this.#problem(client, error));
      return;
    }
    // A command this device cannot read still gets an answer, if it has an id to answer to.
    const id = (message as { id?: unknown } | undefined)?.id;
    if (typeof id === 'string') {
      this.#respond(client, { id, state: 'failed', error: 'invalid command' }).catch(() => undefined);
    }
  }

  #publishReading(category: TelemetryCategory): void {
    const client = this.#client;
    if (!client?.connected || !this.#reporting.config.monitoring) return;
    const message = checkedTelemetryMessage(category, this.#telemetry.read(category));
    client.publish(this.topics.telemetry(category), JSON.stringify(message), { qos: 0 });
  }

  /** The commands this unit has seen (the newest APPLIED_MEMORY), and their final answers. */
  #remember(id: string, outcome: AppliedOutcome): void {
    this.#applied.delete(id);
    this.#applied.set(id, outcome);
    const oldest = this.#applied.keys().next().value;
    if (this.#applied.size > APPLIED_MEMORY && oldest !== undefined) this.#applied.delete(oldest);
  }

  async #respond(client: MqttClient, result: Parameters<CommandHost['respond']>[0]): Promise<void> {
    const message = commandResultSchema.parse({ v: PROTOCOL_VERSION, ...result });
    await client.publishAsync(this.topics.commandResult, JSON.stringify(message), { qos: 1 });
  }

  #commandHost(client: MqttClient): CommandHost {
    return {
      ...this.#configHost(client),
      respond: (result) => this.#respond(client, result),
      shell: this.#shell,
      firmware: () => this.#firmware,
      monitoring: () => this.#reporting.config.monitoring,
      reportAll: () => this.#reporting.reportAll(),
      reboot: (firmware) => this.#reboot(client, firmware),
      powerLoss: () => this.#reboot(client),
      current: () => this.#client === client && this.#state === 'online',
      wait: (ms) => new Promise((resolve) => this.#later(ms, resolve)),
      flashFreeBytes: this.#flashFreeBytes,
      firmwareFailure: () => this.#firmwareFaults.next(),
      steps: {
        firmwareMs: this.#timing.firmwareStepMs,
        firmwareStallMs: this.#timing.firmwareStallMs,
        backupMs: this.#timing.backupStepMs,
      },
    };
  }

  /** What a change of configuration needs of the unit (device-config.ts), on the connection it came by. */
  #configHost(client: MqttClient | undefined): Omit<ConfigHost, 'respond'> {
    return {
      profile: this.profile,
      config: this.#configuration,
      reportConfig: async () => {
        const current = this.#client;
        // Away or not yet greeted: the report after the next hello carries the change.
        if (!current?.connected || this.#state !== 'online') return;
        const report = JSON.stringify(this.#configuration.report());
        await current.publishAsync(this.topics.configReport, report, { qos: 1 }).catch(() => undefined);
      },
      cutOff: (awayMs, restore) => this.#cutOff(client, awayMs, restore),
      answerOnReturn: (answer) => {
        this.#remember(answer.id, answer);
        this.#answersOnReturn.push(answer);
      },
      rollbackMs: (seconds) => Math.max(1, Math.round((seconds * 1000) / this.#timing.timeScale)),
      siteVisitMs: () => drawMs(this.#timing.siteVisitMs),
    };
  }

  /**
   * The unit can no longer reach the gateway: the connection drops without DISCONNECT (the will
   * fires) and stays down for `awayMs`; then `restore` puts the configuration right and it
   * comes back with a hello.
   */
  #cutOff(client: MqttClient | undefined, awayMs: number, restore: () => void): void {
    const once = () => {
      if (this.#restore !== once) return;
      this.#restore = undefined;
      restore();
    };
    this.#restore = once;
    if (client && this.#client === client) this.#drop(client, 'offline', awayMs, once);
    else this.#later(awayMs, once);
  }

  #reboot(client: MqttClient, firmware?: string): void {
    this.#drop(client, 'rebooting', this.#timing.rebootDelayMs, () => {
      if (firmware) this.#firmware = firmware;
      this.#telemetry.reboot();
    });
  }

  /**
   * No DISCONNECT: the connection just drops, so the broker publishes the last will. After
   * `awayMs` the unit is back, unless it was stopped meanwhile.
   */
  #drop(client: MqttClient, state: 'rebooting' | 'offline', awayMs: number, beforeReturn: () => void): void {
    if (this.#client !== client) return;
    this.#state = state;
    this.#reporting.stop();
    this.#client = undefined;
    client.end(true);
    this.emit('offline');
    this.#later(awayMs, () => {
      if (this.#state !== state) return;
      beforeReturn();
      this.#connect();
    });
  }

  #lost(): void {
    this.#reporting.stop();
    if (this.#state !== 'online') return;
    this.#state = 'connecting';
    this.emit('offline');
  }

  #failed(client: MqttClient, error: Error): void {
    const untrusted = untrustedBroker(error);
    if (untrusted) {
      // No secret is sent to a broker the unit does not trust; it tries again slowly.
      this.#refuse(client, new Error(untrusted));
      return;
    }
    if (isUnavailable(error)) {
      // mqtt.js gives up on this too; the unit tries again after a while, spread like reconnects.
      this.#client = undefined;
      client.end(true);
      this.#later(Math.round(this.#timing.reconnectPeriodMs * (1 + Math.random()) * 2), () => {
        if (this.#state === 'connecting') this.#connect();
      });
      return;
    }
    if (!isRefusal(error)) return;
    this.#refuse(client, error);
  }

  /** mqtt.js gives up after a refusal; a real unit keeps trying, slowly. */
  #refuse(client: MqttClient, error: Error): void {
    this.#state = 'refused';
    this.emit('refused', error);
    this.#client = undefined;
    client.end(true);
    this.#later(Math.round(this.#timing.refusedRetryMs * (1 + Math.random())), () => {
      if (this.#state === 'refused') this.#connect();
    });
  }

  /** A connection that drops midway is just retried; anything else is a bug worth seeing. */
  #problem(client: MqttClient, error: unknown): void {
    if (client.connected && this.#client === client) this.emit('problem', error);
  }

  #later(ms: number, run: () => void): void {
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      run();
    }, ms);
    this.#timers.add(timer);
  }
}

function drawMs([min, max]: Span): number {
  return Math.round(min + Math.random() * (max - min));
}
