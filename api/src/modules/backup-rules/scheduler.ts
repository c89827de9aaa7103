import { cronOf, runDeadlineHours } from '@fleetport/contracts/backup-rules';
import type { Permission } from '@fleetport/contracts/permissions';
import { newTaskGroupSchema, TASK_GROUP_MAX_DEVICES } from '@fleetport/contracts/tasks';
import { and, eq, isNull, like, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Job } from 'pg-boss';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import { backupRules, companies, devices, deviceTags, taskGroups } from '../../db/schema.ts';
import type { AuthContext } from '../auth/context.ts';
import type { FileStore } from '../files/store.ts';
import type { TaskEngine } from '../tasks/engine.ts';
import { planGroup } from '../tasks/plan.ts';
import { QUEUES, type TaskQueue } from '../tasks/queue.ts';
import { keepNewestBackups } from './keep.ts';

const QUEUE = QUEUES.backupRuleRun;
/**
 * A rule runs once per occurrence: a job delivered twice (a retry, a replica that died after
 * starting it) within this long of the last run finds it claimed. The shortest period is a day.
 */
const RUN_CLAIM_MS = 60 * 60_000;

/** What a run of a rule did (the tests read it; the job's result in pg-boss). */
export type RuleRun =
  | { outcome: 'started'; groupId: number; devices: number }
  | { outcome: 'no_devices' }
  | { outcome: 'no_creator' }
  | { outcome: 'skipped'; reason: 'gone' | 'disabled' | 'already_ran' };

type RuleWithCompany = { rule: typeof backupRules.$inferSelect; path: string; timeZone: string };

/**
 * Periodic backup rules on the task engine's queue (docs/adr/0003-task-engine.md): each enabled
 * rule is a pg-boss cron schedule keyed by its id on the `backup-rule-run` queue, its expression
 * built from the rule's fields and evaluated in its company's time zone. pg-boss stores the
 * schedules and fires each occurrence on one replica; every replica resyncs them at start, so a
 * restart or a second replica neither loses nor doubles one. A run is a `backup.upload` task
 * group of the rule's devices, started in its creator's name.
 */
export class BackupRuleScheduler {
  private readonly db: Db;
  private readonly queue: TaskQueue;
  private readonly engine: TaskEngine;
  private readonly store: FileStore;
  private readonly log: Logger;
  private readonly now: () => Date;

  constructor(options: {
    db: Db;
    queue: TaskQueue;
    engine: TaskEngine;
    store: FileStore;
    log: Logger;
    now?: () => Date;
  }) {
    this.db = options.db;
    this.queue = options.queue;
    this.engine = options.engine;
    this.store = options.store;
    this.log = options.log;
    this.now = options.now ?? (() => new Date());
  }

  /** Resyncs the schedules with the rules, then takes the queue's jobs (on every replica). */
  async start(): Promise<void> {
    await this.resync();
    await this.queue.work<{ ruleId: number }>(
      QUEUE,
      { batchSize: 5, pollingIntervalSeconds: 5 },
      async (jobs: Job<{ ruleId: number }>[]) => {
        for (const job of jobs) await this.run(job.data.ruleId);
      },
    );
  }

  /**
   * Every enabled rule scheduled as it is now (its fields, its company's time zone), and no
   * schedule left for a rule disabled or deleted while no API ran. pg-boss keys schedules by
   * queue and key: scheduling one again replaces it.
   */
  async resync(): Promise<void> {
    const rules = await this.rules();
    const enabled = new Set<string>();
    for (const row of rules) {
      if (!row.rule.enabled) continue;
      enabled.add(String(row.rule.id));
      await this.scheduleRow(row);
    }
    for (const schedule of await this.queue.getSchedules(QUEUE)) {
      if (!enabled.has(schedule.key)) await this.queue.unschedule(QUEUE, schedule.key);
    }
  }

  /** A rule created, changed, enabled or disabled: its schedule follows it. */
  async reschedule(ruleId: number): Promise<void> {
    const [row] = await this.rules(eq(backupRules.id, ruleId));
    if (row?.rule.enabled) await this.scheduleRow(row);
    else await this.unschedule(ruleId);
  }

  async unschedule(ruleId: number): Promise<void> {
    await this.queue.unschedule(QUEUE, String(ruleId));
  }

  /** pg-boss's schedule of a rule (its expression and time zone), if any: for the tests and operators. */
  schedule(ruleId: number) {
    return this.queue.getSchedule(QUEUE, String(ruleId));
  }

  /**
   * A rule's time came: a `backup.upload` group of its devices ("Periodic backup: <name>"), its
   * run recorded (a target without devices is recorded too, with no group), and the backups of
   * the rule beyond its keep deleted. The job's handler; the tests call it directly.
   */
  async run(ruleId: number, now: Date = this.now()): Promise<RuleRun> {
    const [row] = await this.rules(eq(backupRules.id, ruleId));
    if (!row) {
      await this.unschedule(ruleId);
      return { outcome: 'skipped', reason: 'gone' };
    }
    if (!row.rule.enabled) {
      await this.unschedule(ruleId);
      return { outcome: 'skipped', reason: 'disabled' };
    }
    // The company's time zone changed since it was scheduled: the next occurrence follows it.
    const scheduled = await this.schedule(ruleId);
    if (scheduled && scheduled.timezone !== row.timeZone) await this.scheduleRow(row);

    const before = row.rule.lastRunAt;
    const [claimed] = await this.db
      .update(backupRules)
      .set({ lastRunAt: now })
      .where(
        and(
          eq(backupRules.id, ruleId),
          or(
            isNull(backupRules.lastRunAt),
            lt(backupRules.lastRunAt, new Date(now.getTime() - RUN_CLAIM_MS)),
          ),
        ),
      )
      .returning({ id: backupRules.id });
    if (!claimed) return { outcome: 'skipped', reason: 'already_ran' };
    try {
      const outcome = await this.startGroup(row);
      await this.db
        .update(backupRules)
        .set({
          lastGroupId: outcome.outcome === 'started' ? outcome.groupId : null,
          lastRunDevices: outcome.outcome === 'started' ? outcome.devices : 0,
        })
        .where(eq(backupRules.id, ruleId));
      // A keep lowered since the last run applies to every device at once.
      await keepNewestBackups(this.db, this.store, ruleId);
      return outcome;
    } catch (error) {
      // Not run after all: the job's retry may claim it again.
      await this.db.update(backupRules).set({ lastRunAt: before }).where(eq(backupRules.id, ruleId));
      throw error;
    }
  }

  private async startGroup({ rule, path }: RuleWithCompany): Promise<RuleRun> {
    const ids = await this.devicesOf(rule, path);
    if (ids.length === 0) return { outcome: 'no_devices' };
    if (rule.createdBy === null) {
      this.log.warn(
        { ruleId: rule.id },
        'backup rule not run: its creator was deleted (saving it again runs it in the editor’s name)',
      );
      return { outcome: 'no_creator' };
    }
    const request = newTaskGroupSchema.parse({
      action: 'backup.upload',
      device_ids: ids,
      deadline_hours: runDeadlineHours(rule.frequency),
    });
    const plan = await planGroup(this.db, ruleAuth(rule.createdBy, rule.companyId, path), request);
    const group = await this.engine.createGroup({
      request,
      plan,
      createdBy: rule.createdBy,
      companyId: rule.companyId,
    });
    await this.db
      .update(taskGroups)
      .set({ summary: `Periodic backup: ${rule.name}`, backupRuleId: rule.id })
      .where(eq(taskGroups.id, group.id));
    return { outcome: 'started', groupId: group.id, devices: plan.devices.length };
  }

  /**
   * The rule's devices now, within its company's tree (a device or a company moved out of it is
   * no longer the rule's): the device, the tag's devices, or the company's own devices.
   */
  private async devicesOf(rule: typeof backupRules.$inferSelect, path: string): Promise<number[]> {
    const target: SQL =
      rule.targetKind === 'device'
        ? eq(devices.id, rule.targetId)
        : rule.targetKind === 'tag'
          ? sql`exists (select 1 from ${deviceTags} where ${deviceTags.deviceId} = ${devices.id} and ${deviceTags.tagId} = ${rule.targetId})`
          : eq(devices.companyId, rule.targetId);
    const rows = await this.db
      .select({ id: devices.id })
      .from(devices)
      .where(and(like(devices.companyPath, `${path}%`), target))
      .orderBy(devices.id)
      .limit(TASK_GROUP_MAX_DEVICES);
    return rows.map((row) => row.id);
  }

  private async scheduleRow({ rule, timeZone }: RuleWithCompany): Promise<void> {
    await this.queue.schedule(
      QUEUE,
      cronOf({
        frequency: rule.frequency,
        time: rule.timeOfDay,
        weekday: rule.weekday,
        day_of_month: rule.dayOfMonth,
      }),
      { ruleId: rule.id },
      // A run missed while no API was up is made once when one is back.
      { tz: timeZone, key: String(rule.id), missed: 'once' },
    );
  }

  private rules(where?: SQL): Promise<RuleWithCompany[]> {
    return this.db
      .select({ rule: backupRules, path: companies.path, timeZone: companies.timeZone })
      .from(backupRules)
      .innerJoin(companies, eq(companies.id, backupRules.companyId))
      .where(where)
      .orderBy(backupRules.id);
  }
}

/**
 * Whom a run acts as when it plans its group: the rule's creator, within the rule's company's
 * tree and nothing beyond it, whatever that user's role sees today. There is no session: the rule
 * itself was checked when it was saved, and its devices were chosen inside that tree.
 */
function ruleAuth(userId: number, companyId: number, companyPath: string): AuthContext {
  const permissions = new Set<Permission>(['view_devices', 'manage_device_task_groups']);
  return {
    userId,
    sessionId: '',
    email: '',
    companyId,
    companyPath,
    roleId: 0,
    roleName: 'backup rule',
    scope: 'subtree',
    permissions,
    actorUserId: undefined,
    parentSessionId: undefined,
    emailVerified: true,
    mfaType: undefined,
    mfaVerifiedAt: undefined,
    passwordConfirmedAt: undefined,
    sessionExpiresAt: new Date(0),
    exp: 0,
    can: (permission) => permissions.has(permission),
  };
}
