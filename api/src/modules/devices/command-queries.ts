import type { CommandOutcome } from '@fleetport/contracts/audit';
import type { TaskState } from '@fleetport/contracts/tasks';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { deviceCommands, taskGroups, taskLogs, tasks } from '../../db/schema.ts';

/**
 * How the commands sent to devices from the console ended, so the device's history can say it
 * ("rebooted; back online after 6 s"): today each is a task of the task engine; before it, a row
 * of device_commands (migration 0015), still read for the entries of that time. The audit entry
 * of the command names it (`after.command_id`).
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The command an audit entry recorded (`after.command_id`), if it names one. */
export function commandIdOf(after: unknown): string | undefined {
  const id = (after as { command_id?: unknown } | null)?.command_id;
  return typeof id === 'string' && UUID.test(id) ? id : undefined;
}

/** A task's state as a command's outcome: running until it ends; cancelled and expired are failures. */
const OUTCOME_STATES: Record<TaskState, CommandOutcome['state']> = {
  queued: 'running',
  sent: 'running',
  in_progress: 'running',
  succeeded: 'succeeded',
  failed: 'failed',
  cancelled: 'failed',
  expired: 'failed',
};

/**
 * How the commands these entries sent ended, by command id: a device page's action is a task of
 * the task engine (its id is the command's); entries from before the engine name a row of
 * device_commands. A task started when it was first sent (a reboot's "back online after" counts
 * from there), or when it was made if it never was.
 */
export async function commandOutcomes(db: Db, entries: readonly { after: unknown }[]) {
  const ids = [...new Set(entries.map((entry) => commandIdOf(entry.after)).filter((id) => id !== undefined))];
  const outcomes = new Map<string, CommandOutcome>();
  if (ids.length === 0) return outcomes;
  const [commands, taskRows] = await Promise.all([
    db.select().from(deviceCommands).where(inArray(deviceCommands.id, ids)),
    db
      .select({
        id: tasks.id,
        state: tasks.state,
        message: tasks.message,
        finishedAt: tasks.finishedAt,
        createdAt: taskGroups.createdAt,
        sentAt: sql<
          string | null
        >`(select min(${taskLogs.at}) from ${taskLogs} where ${taskLogs.taskId} = ${tasks.id} and ${taskLogs.state} = 'sent')`,
      })
      .from(tasks)
      .innerJoin(taskGroups, eq(taskGroups.id, tasks.groupId))
      .where(inArray(tasks.id, ids)),
  ]);
  for (const row of commands) {
    outcomes.set(row.id, {
      state: row.state,
      message: row.message,
      started_at: row.startedAt.toISOString(),
      finished_at: row.finishedAt?.toISOString() ?? null,
    });
  }
  for (const row of taskRows) {
    const state = OUTCOME_STATES[row.state];
    outcomes.set(row.id, {
      state,
      // A success says nothing more than the sentence (a reboot's time back comes from the times).
      message: state === 'failed' ? row.message : null,
      started_at: new Date(row.sentAt ?? row.createdAt).toISOString(),
      finished_at: row.finishedAt?.toISOString() ?? null,
    });
  }
  return outcomes;
}

/** The outcome of the command an entry sent, or null. */
export const outcomeOf = (outcomes: ReadonlyMap<string, CommandOutcome>, after: unknown) =>
  outcomes.get(commandIdOf(after) ?? '') ?? null;
