import type { Command } from '@fleetport/contracts/device-protocol';
import pg from 'pg';
import { pino } from 'pino';
import { type Database, openDatabase } from '../../api/src/db/client.ts';
import { migrate } from '../../api/src/db/migrate.ts';
import type { Realtime } from '../../api/src/modules/realtime/realtime.ts';
import { DownloadLinks } from '../../api/src/modules/tasks/download-links.ts';
import { TaskEngine } from '../../api/src/modules/tasks/engine.ts';
import { planOf } from '../../api/src/modules/tasks/plan.ts';
import { openTaskQueue, type TaskQueue } from '../../api/src/modules/tasks/queue.ts';
import { ensureBuiltInRoles } from '../../api/src/seed/built-in-roles.ts';
import { seedDemoWorld } from '../../api/src/seed/demo-world.ts';
import { cpuSeconds } from '../lib/load.ts';

/**
 * Part 10: the task engine alone (api/src/modules/tasks/engine.ts), in a process of its own so its
 * RSS and CPU time are the engine's (and, on PGlite, the database's: it runs in this process).
 * On a fresh store (migrated, built-in roles and the demo world, then `devices` bench devices in
 * Acme East, all offline):
 *   enqueue   engine.createGroup, one group after another, until `tasks` tasks are stored;
 *   complete  every device marked connected and said hello to every engine (as replicas.test.ts:
 *             each replica hears each hello), a fake sender answering each command 'done' at
 *             once through engine.result() of the engines in turn, until every task has ended.
 * The engines run as the API runs them: workers started (engine.start()), and a realtime that
 * takes every announcement (so the engine reads the group's counts for each change, as the API's
 * engine always does, watched or not) and delivers none. Prints one JSON line.
 *
 *   node bench/workers/task-engine.ts '{"store":"pglite","dataDir":"/tmp/x","tasks":10000,"devices":1000,"engines":1}'
 *   node bench/workers/task-engine.ts '{"store":"postgres","url":"postgres://…/scratch","tasks":100000,"devices":1000,"engines":2}'
 */

export interface TaskEngineRun {
  store: 'pglite' | 'postgres';
  dataDir?: string;
  url?: string;
  tasks: number;
  devices: number;
  engines: number;
  /** The complete phase gives up after this long without an answer (s; 60 when not given). */
  stallS?: number;
}

/** What a phase cost this process (and, on PostgreSQL on this machine, the store's backends). */
export interface PhaseCost {
  wallS: number;
  /** process.cpuUsage() over the phase, s. */
  userS: number;
  systemS: number;
  rssStart: number;
  rssPeak: number;
  rssEnd: number;
  /** CPU time of the store's PostgreSQL backends over the phase (s); NaN on PGlite or a remote server. */
  dbCpuS: number;
  /**
   * The event loop, watched by a 10 ms timer: its longest stall (ms) and the share of the phase
   * spent in stalls of 100 ms or more. What an HTTP request or a device's message in the same
   * process would have waited (on PGlite the API shares this process with its store).
   */
  loopMaxStallMs: number;
  loopStalledShare: number;
}

/** Gaps between the ticks of a 10 ms timer: the event loop's stalls. */
class LoopWatch {
  private last = performance.now();
  private max = 0;
  private stalled = 0;
  private readonly timer = setInterval(() => this.tick(), 10);

  private tick(): void {
    const now = performance.now();
    const gap = now - this.last;
    this.max = Math.max(this.max, gap);
    if (gap >= 100) this.stalled += gap;
    this.last = now;
  }

  stop(): { maxMs: number; stalledMs: number } {
    clearInterval(this.timer);
    this.tick();
    return { maxMs: this.max, stalledMs: this.stalled };
  }
}

export interface TaskEngineResult {
  run: TaskEngineRun;
  prepare: PhaseCost & { seedS: number; queueS: number };
  enqueue: PhaseCost & { groups: number; tasks: number; groupMs: number[] };
  complete: PhaseCost & {
    /** Tasks that ended succeeded / failed / other, and still open, from the store at the end. */
    states: Record<string, number>;
    open: number;
    sends: number;
    distinct: number;
    /** Ids sent more than once, and the most times one was sent. */
    sentTwice: number;
    maxSends: number;
    resultErrors: number;
    announcements: number;
    /**
     * [s since the phase began, answers handled], sampled by a 1 s timer: its pace. When the
     * event loop is starved the samples come late and far apart (see loopDelayMaxMs).
     */
    timeline: [number, number][];
    /** Until every engine had handled every hello (each device sent its first task). */
    helloS: number;
    /** Until the last task ended (the phase's wall time without the final counts). */
    doneS: number;
    /** Jobs pg-boss holds at the end, by queue (the engine's timers and hand-offs). */
    jobs: Record<string, number>;
    stalled: boolean;
  };
  rssFinal: number;
}

const run = JSON.parse(process.argv[2] ?? '{}') as TaskEngineRun;
if (!run.store || !run.tasks || !run.devices || !run.engines) {
  throw new Error('usage: task-engine.ts <run JSON: store, dataDir|url, tasks, devices, engines>');
}
run.stallS ??= 60;
if (run.store === 'pglite' && run.engines !== 1) throw new Error('PGlite is one process: one engine');

const log = pino({ level: 'silent' });
const FIRMWARE = 'RUT9M_R_00.07.06.1';
const OPEN = "('queued', 'sent', 'in_progress')";
const rss = () => process.memoryUsage.rss();
/**
 * The phase's highest RSS, noted by a 100 ms timer and, since PGlite's work can starve timers
 * (see loopMaxStallMs), also every 100 commands sent and after every group.
 */
let rssPeak = 0;
const noteRss = () => {
  rssPeak = Math.max(rssPeak, rss());
};

/**
 * The CPU time of this database's PostgreSQL backends, read from /proc (the server runs on this
 * machine), as part 8 counts it: per pid, a backend first seen counted from its start, so a phase's
 * figure is the total at its end minus the total at its start. A pool connection closed between
 * two samples loses only what it spent after the last one. NaN on PGlite or a remote server.
 */
class BackendCpu {
  private readonly seen = new Map<number, number>();
  private total = 0;
  private readonly client: pg.Client | undefined;

  constructor(url: string | undefined) {
    this.client = url ? new pg.Client({ connectionString: url }) : undefined;
  }

  async open(): Promise<void> {
    await this.client?.connect();
  }

  async sample(): Promise<number> {
    if (!this.client) return Number.NaN;
    const { rows } = await this.client.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    for (const { pid } of rows) {
      const seconds = cpuSeconds(pid);
      if (!Number.isFinite(seconds)) continue;
      this.total += seconds - (this.seen.get(pid) ?? 0);
      this.seen.set(pid, seconds);
    }
    return rows.length > 0 && this.seen.size === 0 ? Number.NaN : this.total;
  }

  async close(): Promise<void> {
    await this.client?.end();
  }
}

/** Measures one phase: wall and CPU time, the RSS's peak, the event loop's stalls, the backends' CPU. */
async function measure<T>(backends: BackendCpu, work: () => Promise<T>): Promise<PhaseCost & { value: T }> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const rssStart = rss();
  rssPeak = rssStart;
  const dbStart = await backends.sample();
  let sampling = Promise.resolve(dbStart);
  const loop = new LoopWatch();
  const rssTimer = setInterval(noteRss, 100);
  const dbTimer = setInterval(() => {
    sampling = sampling.then(() => backends.sample());
  }, 1000);
  try {
    const value = await work();
    clearInterval(dbTimer);
    const dbEnd = await sampling.then(() => backends.sample());
    const used = process.cpuUsage(cpu);
    const rssEnd = rss();
    const wallS = (performance.now() - started) / 1000;
    const stalls = loop.stop();
    return {
      value,
      wallS,
      userS: used.user / 1e6,
      systemS: used.system / 1e6,
      rssStart,
      rssPeak: Math.max(rssPeak, rssEnd),
      rssEnd,
      dbCpuS: dbEnd - dbStart,
      loopMaxStallMs: stalls.maxMs,
      loopStalledShare: stalls.stalledMs / 1000 / wallS,
    };
  } finally {
    loop.stop();
    clearInterval(rssTimer);
    clearInterval(dbTimer);
  }
}

const strip = <T extends { value: unknown }>(phase: T): Omit<T, 'value'> => {
  const { value: _value, ...rest } = phase;
  return rest;
};

interface Replica {
  database: Database;
  queue: TaskQueue;
  engine: TaskEngine;
}

const sends = new Map<string, number>();
let answered = 0;
let inFlight = 0;
let resultErrors = 0;
let announcements = 0;
let nextAnswer = 0;
const replicas: Replica[] = [];
// Every announcement is taken and dropped: the engine's work for it (the counts) is done.
const realtime = {
  emit: () => {
    announcements += 1;
  },
} as unknown as Realtime;

const openStore = () => openDatabase({ databaseUrl: run.url, dataDir: run.dataDir ?? '', log });

const backends = new BackendCpu(run.url);
await backends.open();
const first = await openStore();
const databases: Database[] = [first];
let benchDevices: { id: number; companyId: number }[] = [];
let adminId = 0;
let seedS = 0;
let queueS = 0;
try {
  const prepare = await measure(backends, async () => {
    const seeding = performance.now();
    await migrate(first, log);
    await ensureBuiltInRoles(first.db);
    await seedDemoWorld(first.db, 'bench task engine password');
    const [company] = await first.query<{ id: number }>("SELECT id FROM companies WHERE name = 'Acme East'");
    const [admin] = await first.query<{ id: number }>(
      "SELECT id FROM users WHERE email = 'admin@acme.example'",
    );
    if (!company || !admin) throw new Error('the demo world has no Acme East or no Acme admin');
    adminId = admin.id;
    // Approved identities and their devices in Acme East, offline (the path is kept by a trigger).
    benchDevices = await first.query<{ id: number; companyId: number }>(
      `WITH ids AS (
         INSERT INTO device_identities (serial, mac, secret_sha256)
         SELECT '7' || lpad(n::text, 11, '0'),
                '02:7E:' || substr(h, 1, 2) || ':' || substr(h, 3, 2) || ':' || substr(h, 5, 2) || ':' || substr(h, 7, 2),
                md5('bench task ' || n)
         FROM generate_series(1, $1::int) AS n, LATERAL (SELECT upper(lpad(to_hex(n), 8, '0')) AS h) AS hex
         RETURNING id, serial, mac)
       INSERT INTO devices (company_id, identity_id, serial, mac, name, model, firmware)
       SELECT $2::int, ids.id, ids.serial, ids.mac, 'Bench unit ' || ids.serial, 'RUT956', $3
       FROM ids ORDER BY ids.id
       RETURNING id, company_id AS "companyId"`,
      [run.devices, company.id, FIRMWARE],
    );
    seedS = (performance.now() - seeding) / 1000;
    const queueing = performance.now();
    for (let n = 1; n < run.engines; n += 1) databases.push(await openStore());
    for (const [index, database] of databases.entries()) {
      const queue = await openTaskQueue(database, log);
      const engine = new TaskEngine({
        db: database.db,
        queue,
        log,
        realtime,
        links: new DownloadLinks(Buffer.alloc(32), 'http://127.0.0.1'),
        secretKey: Buffer.alloc(32),
        sender: {
          // The device answers at once; its answer reaches the engines in turn (with two, the
          // other replica half the time).
          sendTaskCommand: async (_serial: string, command: Command) => {
            sends.set(command.id, (sends.get(command.id) ?? 0) + 1);
            if (sends.size % 100 === 0) noteRss();
            const target = replicas[nextAnswer++ % replicas.length] ?? replicas[index];
            inFlight += 1;
            setImmediate(() => {
              target?.engine
                .result({ v: 1, id: command.id, state: 'done', output: 'ok' })
                .catch(() => {
                  resultErrors += 1;
                })
                .finally(() => {
                  inFlight -= 1;
                  answered += 1;
                });
            });
          },
        },
      });
      // As the API does: the workers run (group start, timeouts, deadline, retries).
      await engine.start();
      replicas.push({ database, queue, engine });
    }
    queueS = (performance.now() - queueing) / 1000;
  });

  const [leader] = replicas;
  if (!leader) throw new Error('no engine');
  const groups = Math.ceil(run.tasks / run.devices);
  const enqueue = await measure(backends, async () => {
    const groupMs: number[] = [];
    let stored = 0;
    for (let g = 0; g < groups; g += 1) {
      const chosen = benchDevices.slice(0, Math.min(run.devices, run.tasks - stored));
      const started = performance.now();
      await leader.engine.createGroup({
        request: {
          action: 'cli',
          command: `echo bench ${g}`,
          device_ids: chosen.map((device) => device.id),
          deadline_hours: 24,
        },
        plan: planOf(chosen),
        createdBy: adminId,
        companyId: chosen[0]?.companyId ?? 0,
      });
      groupMs.push(performance.now() - started);
      noteRss();
      stored += chosen.length;
    }
    return { groups, tasks: stored, groupMs };
  });

  const complete = await measure(backends, async () => {
    const started = performance.now();
    const timeline: [number, number][] = [];
    const pace = setInterval(() => timeline.push([(performance.now() - started) / 1000, answered]), 1000);
    let helloS = 0;
    let doneS = 0;
    let stalled = false;
    try {
      const ids = benchDevices.map((device) => device.id);
      await first.query('UPDATE devices SET connected = true WHERE id = ANY($1::int[])', [ids]);
      // Every device is back: each engine hears each hello at the same moment.
      await Promise.all(
        ids.flatMap((id) => replicas.map((replica) => replica.engine.deviceHello(id, FIRMWARE))),
      );
      helloS = (performance.now() - started) / 1000;
      let last = answered;
      let quietSince = performance.now();
      for (;;) {
        // Every task sent and every answer handled (a handled answer has dispatched the next task).
        if (sends.size >= enqueue.value.tasks && inFlight === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
        if (answered !== last) [last, quietSince] = [answered, performance.now()];
        if (performance.now() - quietSince > (run.stallS ?? 60) * 1000) {
          stalled = true;
          break;
        }
      }
      doneS = (performance.now() - started) / 1000;
    } finally {
      clearInterval(pace);
    }
    const rows = await first.query<{ state: string; n: number }>(
      'SELECT state, count(*)::int AS n FROM tasks GROUP BY state ORDER BY state',
    );
    const states = Object.fromEntries(rows.map((row) => [row.state, Number(row.n)]));
    const [open] = await first.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM tasks WHERE state IN ${OPEN}`,
    );
    const jobs = await first.query<{ name: string; n: number }>(
      'SELECT name, count(*)::int AS n FROM pgboss.job GROUP BY name ORDER BY name',
    );
    const counts = [...sends.values()];
    return {
      states,
      open: Number(open?.n ?? 0),
      sends: counts.reduce((sum, times) => sum + times, 0),
      distinct: sends.size,
      sentTwice: counts.filter((times) => times > 1).length,
      maxSends: counts.reduce((most, times) => Math.max(most, times), 0),
      resultErrors,
      announcements,
      timeline,
      helloS,
      doneS,
      jobs: Object.fromEntries(jobs.map((row) => [row.name, Number(row.n)])),
      stalled,
    };
  });

  const result: TaskEngineResult = {
    run,
    prepare: { ...strip(prepare), seedS, queueS },
    enqueue: { ...strip(enqueue), ...enqueue.value },
    complete: { ...strip(complete), ...complete.value },
    rssFinal: rss(),
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
} finally {
  for (const replica of replicas) {
    await replica.queue.stop({ graceful: false, close: replica.database.kind === 'postgres' });
  }
  for (const database of databases) await database.close();
  await backends.close();
}
