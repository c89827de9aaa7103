import { randomUUID } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import type { Logger } from 'pino';

/**
 * Mosquitto's dynamic-security plugin, spoken to over its control topics: a message of JSON
 * commands (`{"commands": [...]}`) published to `$CONTROL/dynamic-security/v1`, its answers
 * (`{"responses": [...]}`, one per command, in order, each `{command, error?, data?}`) published
 * on `…/v1/response` to every admin listening. So each command carries a `correlationData` the
 * plugin echoes, and a replica takes only the answers to its own messages.
 */
export const CONTROL_TOPIC = '$CONTROL/dynamic-security/v1';
export const RESPONSE_TOPIC = `${CONTROL_TOPIC}/response`;

export interface DynsecCommand {
  command: string;
  [field: string]: unknown;
}

export interface DynsecAnswer {
  command: string;
  /** The plugin's own words: 'Client already exists', 'Role not found', … */
  error?: string;
  data?: unknown;
}

/** The broker could not be asked, or did not answer: nothing after the failing message was sent. */
export class DynsecUnavailable extends Error {}

/**
 * Commands per message. The plugin handles a message's commands one after another, and Mosquitto
 * 2.0 writes its whole configuration file after each change, so a message stays small enough to
 * be answered well within the timeout on a broker of ten thousand devices.
 */
const COMMANDS_PER_MESSAGE = 100;
/** How long a message may go unanswered (a plugin that is not loaded never answers). */
const ANSWER_TIMEOUT_MS = 120_000;
/** The connection's fixed pause between attempts; the gateway's own connection logs the troubles. */
const RECONNECT_MS = 2000;
/** How long the start waits for the broker before the API serves without it. */
const START_WAIT_MS = 5000;

interface Waiting {
  resolve: (answers: DynsecAnswer[]) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

export interface DynsecControlOptions {
  /** MQTT_URL, whose user is the plugin's admin client. */
  url: string;
  log: Logger;
  answerTimeoutMs?: number;
  startWaitMs?: number;
}

/** One admin connection to the plugin; its messages go one at a time, in order. */
export class DynsecControl {
  private readonly options: DynsecControlOptions;
  private client: MqttClient | undefined;
  private readonly waiting = new Map<string, Waiting>();
  private line: Promise<unknown> = Promise.resolve();
  /** The plugin's admin, as MQTT_URL names it (the API's own MQTT user). */
  readonly username: string;

  constructor(options: DynsecControlOptions) {
    this.options = options;
    this.username = decodeURIComponent(new URL(options.url).username);
  }

  /**
   * Connects (waiting a moment at most); `onConnect` runs each time a connection listens for the
   * answers, the first time before this resolves.
   */
  async start(onConnect: () => void): Promise<void> {
    const client = mqtt.connect(this.options.url, {
      clientId: `fleetport-dynsec-${randomUUID()}`,
      protocolVersion: 5,
      clean: true,
      reconnectPeriod: RECONNECT_MS,
      connectTimeout: 10_000,
      resubscribe: false,
    });
    let listening: () => void = () => undefined;
    const firstListening = new Promise<void>((resolve) => {
      listening = resolve;
    });
    client.on('connect', () => {
      client.subscribeAsync(RESPONSE_TOPIC, { qos: 1 }).then(
        () => {
          onConnect();
          listening();
        },
        (error: unknown) =>
          this.options.log.error(
            { err: error },
            "the device broker refused Fleetport's subscription to the dynamic-security answers: MQTT_URL's user needs the plugin's admin role",
          ),
      );
    });
    client.on('close', () => this.failAll('the connection to the device broker closed before it answered'));
    client.on('error', (error) =>
      this.options.log.debug({ err: error }, 'dynamic-security connection error'),
    );
    client.on('message', (topic, payload) => {
      if (topic === RESPONSE_TOPIC) this.answer(payload);
    });
    this.client = client;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      firstListening,
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, this.options.startWaitMs ?? START_WAIT_MS);
      }),
    ]);
    clearTimeout(timer);
  }

  get connected(): boolean {
    return this.client?.connected ?? false;
  }

  /**
   * Sends the commands in messages of at most a hundred, one message at a time (after any other
   * caller's), and answers one answer per command, in order. Throws DynsecUnavailable when the
   * broker is not connected, goes away or does not answer; answers already received are lost with
   * it, and the caller says which commands may not have been carried out.
   */
  send(commands: readonly DynsecCommand[]): Promise<DynsecAnswer[]> {
    const run = async () => {
      const answers: DynsecAnswer[] = [];
      for (let at = 0; at < commands.length; at += COMMANDS_PER_MESSAGE) {
        answers.push(...(await this.message(commands.slice(at, at + COMMANDS_PER_MESSAGE))));
      }
      return answers;
    };
    const result = this.line.then(run, run);
    this.line = result.catch(() => undefined);
    return result;
  }

  async close(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    this.failAll('Fleetport is stopping');
    await client?.endAsync(!client.connected);
  }

  private async message(commands: readonly DynsecCommand[]): Promise<DynsecAnswer[]> {
    const client = this.client;
    if (!client?.connected) throw new DynsecUnavailable('the device broker is not connected');
    const id = randomUUID();
    const answered = new Promise<DynsecAnswer[]>((resolve, reject) => {
      const timeoutMs = this.options.answerTimeoutMs ?? ANSWER_TIMEOUT_MS;
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        reject(
          new DynsecUnavailable(
            `the device broker did not answer within ${Math.round(timeoutMs / 1000)} s: is its dynamic-security plugin loaded?`,
          ),
        );
      }, timeoutMs);
      this.waiting.set(id, { resolve, reject, timer });
    });
    // A timeout while the message is still being sent is taken by the await below, not lost.
    answered.catch(() => undefined);
    const body = {
      commands: commands.map((command, index) => ({ ...command, correlationData: `${id}/${index}` })),
    };
    try {
      await client.publishAsync(CONTROL_TOPIC, JSON.stringify(body), { qos: 1 });
    } catch (error) {
      this.settle(id)?.reject(
        new DynsecUnavailable(
          `the device broker refused Fleetport's dynamic-security command (${(error as Error).message}): MQTT_URL's user needs the plugin's admin role`,
        ),
      );
    }
    const answers = await answered;
    return commands.map(
      (command, index) => answers[index] ?? { command: command.command, error: 'no answer' },
    );
  }

  private answer(payload: Buffer): void {
    let responses: unknown;
    try {
      responses = (JSON.parse(payload.toString('utf8')) as { responses?: unknown }).responses;
    } catch {
      return;
    }
    if (!Array.isArray(responses)) return;
    const byIndex: DynsecAnswer[] = [];
    let id: string | undefined;
    for (const response of responses as (DynsecAnswer & { correlationData?: unknown })[]) {
      const [owner, index] = String(response.correlationData ?? '').split('/');
      if (!owner || !this.waiting.has(owner)) continue;
      id = owner;
      const { correlationData: _echoed, ...answer } = response;
      byIndex[Number(index)] = answer;
    }
    if (id) this.settle(id)?.resolve(byIndex);
  }

  private settle(id: string): Waiting | undefined {
    const waiting = this.waiting.get(id);
    if (!waiting) return undefined;
    this.waiting.delete(id);
    clearTimeout(waiting.timer);
    return waiting;
  }

  private failAll(reason: string): void {
    for (const id of [...this.waiting.keys()]) this.settle(id)?.reject(new DynsecUnavailable(reason));
  }
}
