import type { Command } from '@fleetport/contracts/device-protocol';
import { inArray } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices } from '../../db/schema.ts';
import { createTestDevice } from '../../testing/device-client.ts';
import { type ApiFixture, startTestApi, testStore } from '../../testing/fixtures.ts';
import { type EngineProcess, engineProcess } from '../../testing/task-engines.ts';
import { planOf } from './plan.ts';

/**
 * The API is killed in the middle of a group of 500 tasks and started again (issue 21 "Tests"):
 * answers on their way are lost with the process, its connections drop without a goodbye. When
 * the devices say hello to the new process, every task ends in exactly one final state, and no
 * device applies its task twice (a resent task has the same id: the device answers it from its
 * memory, as docs/device-protocol.md asks).
 */
const DEVICES = 500;

describe.runIf(testStore() === 'postgres')('the API killed mid-group and started again', () => {
  let fx: ApiFixture;
  const log = pino({ level: 'silent' });
  /** How often each command id was sent (a device applies each id once). */
  const received = new Map<string, number>();
  let current: EngineProcess | undefined;
  const started: EngineProcess[] = [];

  async function startProcess(): Promise<EngineProcess> {
    // A device answers once the command reaches it; its answer reaches whichever process is
    // alive when it arrives (none, for a while: the answer is then lost).
    const process: EngineProcess = await engineProcess(
      fx.api.deps.config.DATABASE_URL,
      log,
      async (_serial: string, command: Command) => {
        received.set(command.id, (received.get(command.id) ?? 0) + 1);
        setTimeout(
          () => {
            if (current !== process) return;
            void process.engine
              .result({ v: 1, id: command.id, state: 'done', output: 'ok' })
              .catch(() => undefined);
          },
          Math.floor(Math.random() * 30),
        );
      },
    );
    await process.engine.start();
    started.push(process);
    current = process;
    return process;
  }

  beforeAll(async () => {
    fx = await startTestApi();
    // The fixture's own engine stops: the processes here do the work.
    await fx.api.deps.tasks.stop();
  });
  afterAll(async () => {
    for (const process of started) {
      await process.queue.stop({ graceful: false, close: true }).catch(() => undefined);
      await process.database.close().catch(() => undefined);
    }
    await fx?.stop();
  });

  it('every one of 500 tasks ends once, and none is applied twice', { timeout: 120_000 }, async () => {
    const units = [];
    for (let n = 0; n < DEVICES; n += 1) units.push(await createTestDevice(fx, 'Acme West'));
    const deviceIds = units.map((unit) => unit.id);
    const [company] = await fx.api.deps.database.query<{ id: number }>(
      `SELECT id FROM companies WHERE name = 'Acme West'`,
    );
    const [admin] = await fx.api.deps.database.query<{ id: number }>(
      `SELECT id FROM users WHERE email = 'admin@acme.example'`,
    );
    const first = await startProcess();
    const group = await first.engine.createGroup({
      request: { action: 'cli', command: 'uptime', device_ids: deviceIds, deadline_hours: 24 },
      plan: planOf(units.map((unit) => ({ id: unit.id, companyId: company?.id ?? 0 }))),
      createdBy: admin?.id ?? 0,
      companyId: company?.id ?? 0,
    });
    await first.database.db.update(devices).set({ connected: true }).where(inArray(devices.id, deviceIds));
    const hellos = Promise.allSettled(
      deviceIds.map((id) => first.engine.deviceHello(id, 'RUT9_R_00.07.06.1')),
    );

    // Killed once about a third of the devices have their task: no goodbye, answers lost.
    const deadline = Date.now() + 60_000;
    while (received.size < DEVICES / 3 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    current = undefined;
    await first.queue.stop({ graceful: false, close: true });
    await first.database.close();
    await hellos;
    const [before] = await fx.api.deps.database.query<{ open: number; done: number }>(
      `SELECT count(*) FILTER (WHERE state IN ('queued', 'sent', 'in_progress'))::int AS open,
              count(*) FILTER (WHERE state = 'succeeded')::int AS done
       FROM tasks WHERE group_id = $1`,
      [group.id],
    );
    // The kill came mid-group: some had ended, some had not.
    expect(before?.open).toBeGreaterThan(0);

    // The new process: every device is back and says hello.
    const second = await startProcess();
    await Promise.all(deviceIds.map((id) => second.engine.deviceHello(id, 'RUT9_R_00.07.06.1')));
    let open = Number.POSITIVE_INFINITY;
    const until = Date.now() + 90_000;
    while (open > 0 && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const [row] = await fx.api.deps.database.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM tasks WHERE group_id = $1 AND state IN ('queued', 'sent', 'in_progress')`,
        [group.id],
      );
      open = row?.n ?? 0;
    }
    const states = await fx.api.deps.database.query<{ state: string; n: number }>(
      `SELECT state, count(*)::int AS n FROM tasks WHERE group_id = $1 GROUP BY state`,
      [group.id],
    );
    expect(states).toEqual([{ state: 'succeeded', n: DEVICES }]);
    // Each task ended once: one final line in its log.
    const [finals] = await fx.api.deps.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM task_logs l JOIN tasks t ON t.id = l.task_id
       WHERE t.group_id = $1 AND l.state = 'succeeded'`,
      [group.id],
    );
    expect(finals?.n).toBe(DEVICES);
    // What was sent are the group's task ids, one per device, however often each was sent: a
    // device applies its task once (the same id again is answered from its memory).
    const tasks = await fx.api.deps.database.query<{ id: string }>(
      'SELECT id FROM tasks WHERE group_id = $1',
      [group.id],
    );
    expect(new Set(received.keys())).toEqual(new Set(tasks.map((task) => task.id)));
    // Some were sent again after the restart (their answer was lost), with the same id.
    expect([...received.values()].some((times) => times > 1)).toBe(true);
  });
});
