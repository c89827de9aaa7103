import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import { type DynsecAnswer, type DynsecCommand, DynsecControl } from './dynsec-control.ts';
import {
  type BrokerClient,
  type BrokerRole,
  DEVICE_ROLE_PREFIX,
  deviceAcls,
  deviceRoleName,
  GATEWAY_ROLE,
  isManaged,
  type ProvisionRow,
  planResync,
  provisionCommands,
  type ResyncPlan,
  roleCommand,
} from './dynsec-plan.ts';
import { approvedMacs } from './dynsec-queries.ts';

/**
 * Fleetport provisions a Mosquitto 2 broker through its dynamic-security plugin (MQTT_DYNSEC=on;
 * docs/device-protocol.md, "Mosquitto (dynamic security)"). Fleetport keeps only a hash of each
 * device secret, so a device's client is made when its secret is at hand: at its import into
 * Approved Devices. When the API connects to the broker (at start and after every outage) a
 * resync puts the broker in line with Approved Devices; a client that is missing cannot be made
 * then, and one log line says which devices must be imported again with their secrets.
 *
 * Failures never stop the API: the import is kept in the database and its answer counts the
 * devices the broker could not be given; each trouble is one log line in words.
 */

/** How many devices an import sends at once, so its progress can be counted while it runs. */
const ROWS_PER_STEP = 50;
/** Clients and roles asked for per listing. */
const PAGE = 2000;
/** The plugin's answer to createRole for a role that is there already: then it is set whole. */
const ROLE_EXISTS = 'Role already exists';
/** The plugin's answers for what a removal finds gone already: nothing left to delete. */
const GONE_ALREADY: ReadonlySet<string> = new Set(['Client not found', 'Role not found']);
/** How many serials a log line names before '… and N more'. */
const NAMED = 5;

/** What an import's answer says of the broker (the contract's `broker`). */
export interface ProvisionOutcome {
  provisioned: number;
  failed: number;
  /** Still being sent when the answer went; the log says how it ended. */
  pending: number;
}

export interface ProvisionJob {
  /** The counts so far. */
  progress(): ProvisionOutcome;
  /** Ends when every device was given or refused; never rejects. */
  done: Promise<ProvisionOutcome>;
}

/** What the broker's work answers, or `meanwhile()` after `waitMs`: an API answer does not wait longer. */
export async function brokerAnswerWithin<T>(
  work: Promise<T>,
  waitMs: number,
  meanwhile: () => T,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const answer = await Promise.race([
    work,
    new Promise<T>((resolve) => {
      timer = setTimeout(() => resolve(meanwhile()), waitMs);
    }),
  ]);
  clearTimeout(timer);
  return answer;
}

/** The job's counts once it ends, or as they are after `waitMs`. */
export const outcomeWithin = (job: ProvisionJob, waitMs: number): Promise<ProvisionOutcome> =>
  brokerAnswerWithin(job.done, waitMs, job.progress);

/** What a resync found and did (the tests read it; the log says it). */
export type ResyncReport = Omit<ResyncPlan, 'commands'> & { refused: number };

/** `a, b, c, d, e and 7 more` */
export function nameSome(serials: readonly string[]): string {
  const named = serials.slice(0, NAMED).join(', ');
  return serials.length > NAMED ? `${named} and ${serials.length - NAMED} more` : named;
}

const devices = (count: number) => `${count} approved device${count === 1 ? '' : 's'}`;

export interface DynsecProvisionerOptions {
  url: string;
  db: Db;
  log: Logger;
  /** MQTT_SHARE_GROUP: the gateway's role allows exactly its shared subscription. */
  shareGroup: string;
  /**
   * Identities whose secrets are at hand at start (the demo fleet's manifest, DEMO_FLEET_CSV):
   * given their clients at the first connection, before the resync looks for missing ones.
   */
  known?: readonly ProvisionRow[] | undefined;
  answerTimeoutMs?: number;
  startWaitMs?: number;
}

export class DynsecProvisioner {
  private readonly options: DynsecProvisionerOptions;
  readonly control: DynsecControl;
  /** Resyncs and imports run one at a time: a resync never sees half an import. */
  private work: Promise<unknown> = Promise.resolve();

  constructor(options: DynsecProvisionerOptions) {
    this.options = options;
    this.control = new DynsecControl({
      url: options.url,
      log: options.log,
      answerTimeoutMs: options.answerTimeoutMs,
      startWaitMs: options.startWaitMs,
    });
  }

  /** Connects; each connection (the first, and after an outage) is followed by a resync. */
  async start(): Promise<void> {
    let known = this.options.known ?? [];
    await this.control.start(() => {
      if (known.length > 0) this.provision(known);
      known = [];
      this.resync().catch(() => undefined);
    });
  }

  close(): Promise<void> {
    return this.control.close();
  }

  /** Waits until the resyncs and imports started so far have ended (tests, shutdown). */
  async idle(): Promise<void> {
    let seen: Promise<unknown> | undefined;
    while (seen !== this.work) {
      seen = this.work;
      await seen;
    }
  }

  /** Puts the broker in line with Approved Devices; logs what it found. Rejects when it could not. */
  resync(): Promise<ResyncReport> {
    return this.queue(() =>
      this.checkBroker().catch((error: unknown) => {
        this.options.log.error(
          { err: error },
          `the Mosquitto broker could not be checked against Approved Devices (${(error as Error).message}); it is checked again when Fleetport next connects to it`,
        );
        throw error;
      }),
    );
  }

  /**
   * Gives imported identities their clients, in steps of fifty devices; the job's counts grow as
   * it goes, and its end is one log line (and, for devices refused, which to import again).
   */
  provision(rows: readonly ProvisionRow[]): ProvisionJob {
    const counts = { provisioned: 0, failed: 0 };
    const progress = () => ({ ...counts, pending: rows.length - counts.provisioned - counts.failed });
    const done = this.queue(async () => {
      const refused = new Map<string, string[]>();
      const refuse = (serials: readonly string[], reason: string) => {
        counts.failed += serials.length;
        refused.set(reason, [...(refused.get(reason) ?? []), ...serials]);
      };
      let at = 0;
      try {
        const clients = new Map((await this.clients()).map((client) => [client.username, client]));
        for (; at < rows.length; at += ROWS_PER_STEP) {
          const step = await this.provisionStep(rows.slice(at, at + ROWS_PER_STEP), clients);
          counts.provisioned += step.provisioned;
          for (const [serial, reason] of step.refused) refuse([serial], reason);
        }
      } catch (error) {
        // Not connected, gone, or silent: this step and the rest were not (all) carried out.
        refuse(
          rows.slice(at).map((row) => row.serial),
          (error as Error).message,
        );
      }
      this.logProvisioned(counts.provisioned, refused);
      return progress();
    });
    return { progress, done };
  }

  /**
   * An identity removed from Approved Devices: deletes its client (the plugin disconnects the
   * device at once) and its role, after the imports and resyncs already asked for. A client of
   * that name that Fleetport does not manage is left as it is. Resolves whether the broker holds
   * nothing of Fleetport's for the serial any more; never rejects: a failure is one log line
   * saying what to do, and the resync at Fleetport's next connection deletes the client anyway.
   */
  remove(serial: string): Promise<boolean> {
    const { log } = this.options;
    return this.queue(async () => {
      const [found] = await this.control.send([{ command: 'getClient', username: serial }]);
      if (found?.error && !GONE_ALREADY.has(found.error))
        throw new Error(`the broker answered getClient: ${found.error}`);
      const client = (found?.data as { client?: BrokerClient } | undefined)?.client;
      const managed = client !== undefined && isManaged(client, this.control.username);
      const commands: DynsecCommand[] = [
        ...(managed ? [{ command: 'deleteClient', username: serial }] : []),
        { command: 'deleteRole', rolename: deviceRoleName(serial) },
      ];
      const problem = (await this.control.send(commands)).find(
        (answer) => answer.error && !GONE_ALREADY.has(answer.error),
      );
      if (problem) throw new Error(`the broker answered ${problem.command}: ${problem.error}`);
      if (client && !managed) {
        log.warn(
          { serial },
          `${serial} was removed from Approved Devices; the broker client of that name is not Fleetport's and is left as it is`,
        );
      }
      log.info({ serial }, `${serial} removed from the Mosquitto broker: it can no longer connect`);
      return true;
    }).catch((error: unknown) => {
      log.error(
        { err: error, serial },
        `${serial} was removed from Approved Devices, but the Mosquitto broker could not be told (${(error as Error).message}): until its client is deleted the device can still connect through the broker. Fleetport deletes it when it next connects to the broker (restart the API to do it now), or delete it by hand: mosquitto_ctrl dynsec deleteClient ${serial}`,
      );
      return false;
    });
  }

  /** One step of an import: how many devices the broker took, and each refused one with why. */
  private async provisionStep(
    step: readonly ProvisionRow[],
    clients: ReadonlyMap<string, BrokerClient>,
  ): Promise<{ provisioned: number; refused: [string, string][] }> {
    const self = this.control.username;
    const refused: [string, string][] = [];
    const plans = step.map((row) => ({
      row,
      commands: provisionCommands(row, clients.get(row.serial), self),
    }));
    const answers = await this.control.send(plans.flatMap((plan) => plan.commands ?? []));
    let at = 0;
    const roleAgain: ProvisionRow[] = [];
    let provisioned = 0;
    for (const { row, commands } of plans) {
      if (!commands) {
        refused.push([
          row.serial,
          'the broker already has a client of that name that was not made from Approved Devices',
        ]);
        continue;
      }
      const mine = answers.slice(at, at + commands.length);
      at += commands.length;
      const problem = mine.find((answer) => answer.error && answer.error !== ROLE_EXISTS);
      if (problem) refused.push([row.serial, `the broker answered ${problem.command}: ${problem.error}`]);
      else if (mine.some((answer) => answer.error === ROLE_EXISTS)) roleAgain.push(row);
      else provisioned += 1;
    }
    // A role left from before is set whole: the device's ACLs are exactly today's.
    const again = await this.control.send(
      roleAgain.map((row) => roleCommand('modifyRole', deviceRoleName(row.serial), deviceAcls(row.serial))),
    );
    roleAgain.forEach((row, index) => {
      const error = again[index]?.error;
      if (error) refused.push([row.serial, `the broker answered modifyRole: ${error}`]);
      else provisioned += 1;
    });
    return { provisioned, refused };
  }

  private logProvisioned(provisioned: number, refused: ReadonlyMap<string, string[]>): void {
    const { log } = this.options;
    if (provisioned > 0)
      log.info({ devices: provisioned }, `${devices(provisioned)} given to the Mosquitto broker`);
    for (const [reason, serials] of refused) {
      log.error(
        { devices: serials.length, serials: serials.slice(0, NAMED), reason },
        `${devices(serials.length)} could not be given to the Mosquitto broker (${reason}) and cannot connect through it until ${serials.length === 1 ? 'its row is imported again with its secret' : 'their rows are imported again with their secrets'} under Approved Devices: ${nameSome(serials)}`,
      );
    }
  }

  private async checkBroker(): Promise<ResyncReport> {
    // The broker is listed before Approved Devices are read: a client another replica's import
    // made meanwhile has its identity committed already, so it is never taken for a stray.
    const [clients, roles] = [await this.clients(), await this.roles()];
    const identities = await approvedMacs(this.options.db);
    const { commands, ...plan } = planResync({ clients, roles }, identities, {
      username: this.control.username,
      shareGroup: this.options.shareGroup,
    });
    const answers = await this.control.send(commands);
    const refused = answers.filter((answer) => answer.error);
    const report = { ...plan, refused: refused.length };
    this.logResync(report, identities.size, refused);
    return report;
  }

  private logResync(report: ResyncReport, approved: number, refused: readonly DynsecAnswer[]): void {
    const { log } = this.options;
    if (report.selfMissing) {
      log.error(
        { user: this.control.username },
        `MQTT_URL's user ${this.control.username} is not a client of the broker's dynamic-security plugin, so Fleetport cannot give itself the role ${GATEWAY_ROLE}: device commands and configuration will be refused`,
      );
    }
    if (report.missing.length > 0) {
      log.warn(
        { devices: report.missing.length, serials: report.missing.slice(0, NAMED) },
        `${devices(report.missing.length)} ${report.missing.length === 1 ? 'has' : 'have'} no client on the Mosquitto broker and cannot connect: Fleetport keeps only a hash of each secret, so their rows must be imported again with their secrets under Approved Devices (${nameSome(report.missing)})`,
      );
    }
    if (report.taken.length > 0) {
      log.warn(
        { devices: report.taken.length, serials: report.taken.slice(0, NAMED) },
        `${devices(report.taken.length)} share their serial with a broker client that Fleetport does not manage, left as it is (${nameSome(report.taken)})`,
      );
    }
    if (refused.length > 0) {
      const first = refused[0] as DynsecAnswer;
      log.error(
        { refused: refused.length },
        `the Mosquitto broker refused ${refused.length} of Fleetport's corrections (the first: ${first.command}, ${first.error})`,
      );
    }
    log.info(
      {
        approved,
        deleted: report.deleted.length,
        repaired: report.repaired.length,
        missing: report.missing.length,
      },
      `Mosquitto broker checked against Approved Devices: ${report.deleted.length} clients of devices no longer approved deleted, ${report.repaired.length} put right`,
    );
  }

  private queue<T>(task: () => Promise<T>): Promise<T> {
    const result = this.work.then(task, task);
    this.work = result.catch(() => undefined);
    return result;
  }

  private clients(): Promise<BrokerClient[]> {
    return this.list<BrokerClient>('listClients', 'clients');
  }

  private async roles(): Promise<BrokerRole[]> {
    const roles = await this.list<BrokerRole>('listRoles', 'roles');
    return roles.filter(
      (role) => role.rolename === GATEWAY_ROLE || role.rolename.startsWith(DEVICE_ROLE_PREFIX),
    );
  }

  private async list<T>(command: string, key: 'clients' | 'roles'): Promise<T[]> {
    const items: T[] = [];
    for (let offset = 0; ; offset += PAGE) {
      const [answer] = await this.control.send([{ command, verbose: true, count: PAGE, offset }]);
      if (!answer || answer.error)
        throw new Error(`the broker answered ${command}: ${answer?.error ?? 'nothing'}`);
      const data = answer.data as { totalCount?: number } & Partial<Record<typeof key, T[]>>;
      items.push(...(data[key] ?? []));
      if (offset + PAGE >= (data.totalCount ?? 0)) return items;
    }
  }
}
