import type { CommandOutcome } from '@fleetport/contracts/audit';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { deviceCommands } from '../../db/schema.ts';

/**
 * The commands sent to devices from the console and how each ended (migration 0015): what the
 * 'Action status' modal showed, kept so the device's history can say it later ("rebooted; back
 * online after 6 s"). The audit entry of the command names its row (`after.command_id`).
 */

/** A command was sent to a device. */
export async function recordCommand(
  db: Db,
  command: { id: string; deviceId: number; action: string },
): Promise<void> {
  await db.insert(deviceCommands).values(command);
}

/** A command ended; only the first end counts (a late answer after a timeout changes nothing). */
export async function finishCommand(
  db: Db,
  id: string,
  outcome: { state: 'succeeded' | 'failed'; message: string | undefined },
): Promise<void> {
  await db
    .update(deviceCommands)
    .set({ state: outcome.state, message: outcome.message?.slice(0, 500) ?? null, finishedAt: new Date() })
    .where(and(eq(deviceCommands.id, id), eq(deviceCommands.state, 'running')));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The command an audit entry recorded (`after.command_id`), if it names one. */
export function commandIdOf(after: unknown): string | undefined {
  const id = (after as { command_id?: unknown } | null)?.command_id;
  return typeof id === 'string' && UUID.test(id) ? id : undefined;
}

/** How the commands these entries sent ended, by command id. */
export async function commandOutcomes(db: Db, entries: readonly { after: unknown }[]) {
  const ids = [...new Set(entries.map((entry) => commandIdOf(entry.after)).filter((id) => id !== undefined))];
  const outcomes = new Map<string, CommandOutcome>();
  if (ids.length === 0) return outcomes;
  const rows = await db.select().from(deviceCommands).where(inArray(deviceCommands.id, ids));
  for (const row of rows) {
    outcomes.set(row.id, {
      state: row.state,
      message: row.message,
      started_at: row.startedAt.toISOString(),
      finished_at: row.finishedAt?.toISOString() ?? null,
    });
  }
  return outcomes;
}

/** The outcome of the command an entry sent, or null. */
export const outcomeOf = (outcomes: ReadonlyMap<string, CommandOutcome>, after: unknown) =>
  outcomes.get(commandIdOf(after) ?? '') ?? null;
