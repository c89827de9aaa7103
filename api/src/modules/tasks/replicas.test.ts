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
 * Two API replicas on one PostgreSQL share the work (issue 21): both are told that every device
 * is back at once, both hand the devices their tasks and hear their answers, and each of 1,000
 * tasks is sent exactly once and ends exactly once.
 */
const GROUPS = 10;
const DEVICES = 100;

type Replica = EngineProcess;

describe.runIf(testStore() === 'postgres')('two replicas on one PostgreSQL', () => {
  let fx: ApiFixture;
  const replicas: Replica[] = [];
  const sent = new Map<string, number>();
  const log = pino({ level: 'silent' });

  beforeAll(async () => {
    fx = await startTestApi();
    // The fixture's own API runs an engine too: stopped, so the two replicas here do all the work.
    await fx.api.deps.tasks.stop();
    for (let n = 0; n < 2; n += 1) {
      // The device answers at once, through whichever replica its answer reaches.
      const replica: Replica = await engineProcess(
        fx.api.deps.config.DATABASE_URL,
        log,
        async (_serial: string, command: Command) => {
          sent.set(command.id, (sent.get(command.id) ?? 0) + 1);
          const other = replicas[(sent.size + n) % 2] ?? replica;
          setImmediate(() => {
            void other.engine.result({ v: 1, id: command.id, state: 'done', output: 'ok' });
          });
        },
      );
      replicas.push(replica);
    }
  });
  afterAll(async () => {
    for (const replica of replicas) {
      await replica.queue.stop({ graceful: false, close: true });
      await replica.database.close();
    }
    await fx?.stop();
  });

  it('sends each of 1,000 tasks once, and each ends once', async () => {
    const units = [];
    for (let n = 0; n < DEVICES; n += 1) units.push(await createTestDevice(fx, 'Acme East'));
    const ids = units.map((unit) => unit.id);
    const [first] = replicas;
    if (!first) throw new Error('no replica');
    // Ten groups of 100 devices, made while the devices are away.
    const admin = await first.database.query<{ id: number }>(
      `SELECT id FROM users WHERE email = 'admin@acme.example'`,
    );
    const [company] = await first.database.query<{ id: number }>(
      `SELECT id FROM companies WHERE name = 'Acme East'`,
    );
    const companyId = company?.id ?? 0;
    const groupIds: number[] = [];
    for (let g = 0; g < GROUPS; g += 1) {
      const group = await first.engine.createGroup({
        request: { action: 'cli', command: `echo ${g}`, device_ids: ids, deadline_hours: 24 },
        plan: planOf(units.map((unit) => ({ id: unit.id, companyId }))),
        createdBy: admin[0]?.id ?? 0,
        companyId,
      });
      groupIds.push(group.id);
    }
    // Every device is back: both replicas hear about each at the same moment.
    await first.database.db.update(devices).set({ connected: true }).where(inArray(devices.id, ids));
    await Promise.all(
      ids.flatMap((id) => replicas.map((replica) => replica.engine.deviceHello(id, 'RUT9_R_00.07.06.1'))),
    );
    const deadline = Date.now() + 60_000;
    let open = Number.POSITIVE_INFINITY;
    while (open > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const [row] = await first.database.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM tasks WHERE state NOT IN ('succeeded', 'failed', 'cancelled', 'expired')`,
      );
      open = row?.n ?? 0;
    }
    const states = await first.database.query<{ state: string; n: number }>(
      `SELECT state, count(*)::int AS n FROM tasks WHERE group_id = ANY($1) GROUP BY state`,
      [groupIds],
    );
    expect(states).toEqual([{ state: 'succeeded', n: GROUPS * DEVICES }]);
    expect(sent.size).toBe(GROUPS * DEVICES);
    expect([...sent.values()].filter((times) => times !== 1)).toEqual([]);
    // Each task ended once: one final line in its log.
    const [finals] = await first.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM task_logs l JOIN tasks t ON t.id = l.task_id
       WHERE t.group_id = ANY($1) AND l.state = 'succeeded'`,
      [groupIds],
    );
    expect(finals?.n).toBe(GROUPS * DEVICES);
  }, 120_000);
});
