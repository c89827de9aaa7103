import { fromPglite, PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import type { Database } from '../../db/client.ts';

/**
 * The task engine's durable queue (docs/adr/0003-task-engine.md): pg-boss on the API's own store,
 * in its own schema (`pgboss`), on PGlite through its adapter or on PostgreSQL with a small pool
 * of its own. It holds the engine's timers and hand-offs (start a group's devices, time out a
 * silent device, expire a group at its deadline, send a retry after its backoff); each job runs on
 * exactly one API replica.
 */
export type TaskQueue = PgBoss;

/** The engine's queues. */
export const QUEUES = {
  /** Send what waits for the connected devices of a group (after it is created or resumed). */
  groupStart: 'task-group-start',
  /** Look at a sent or running task again: the device may have gone silent. */
  taskTimeout: 'task-timeout',
  /** End every unfinished task of a group at its deadline. */
  groupExpire: 'task-group-expire',
  /** Send a device's next task (a retry whose backoff ended). */
  deviceDispatch: 'task-device-dispatch',
  /** A periodic backup rule's time came (pg-boss's cron schedules, one per rule; modules/backup-rules). */
  backupRuleRun: 'backup-rule-run',
} as const;

export async function openTaskQueue(database: Database, log: Logger): Promise<TaskQueue> {
  const timing = {
    // A job whose replica died is given to another after this (pg-boss's defaults are a minute each).
    superviseIntervalSeconds: 5,
    monitorIntervalSeconds: 5,
    useListenNotify: true,
  };
  const boss = database.pglite
    ? new PgBoss({ db: fromPglite(database.pglite), backend: 'pglite', schema: 'pgboss', ...timing })
    : new PgBoss({ connectionString: database.url ?? '', schema: 'pgboss', max: 4, ...timing });
  boss.on('error', (error: unknown) => log.error({ err: error }, 'task queue error'));
  await boss.start();
  for (const name of Object.values(QUEUES)) {
    if (await boss.getQueue(name)) continue;
    // Two replicas starting together: the second one's create fails, the queue is there.
    await boss
      .createQueue(name, { retryLimit: 5, retryDelay: 2, retryBackoff: true, expireInSeconds: 300 })
      .catch(async (error: unknown) => {
        if (!(await boss.getQueue(name))) throw error;
      });
  }
  return boss;
}
