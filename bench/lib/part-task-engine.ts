import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { TaskEngineResult, TaskEngineRun } from '../workers/task-engine.ts';
import { adminQuery, withDatabaseName } from './api-child.ts';
import { type BenchContext, envNumber, heading } from './context.ts';
import { benchDir, runToEnd } from './proc.ts';
import { fmtBytes, fmtInt, fmtRatio, fmtUs, percentile, table, verdict } from './stats.ts';

/**
 * Part 10: the task engine alone (api/src/modules/tasks/engine.ts, docs/adr/0003-task-engine.md),
 * without the API, the broker or devices: task groups created through engine.createGroup on a
 * fresh store (enqueue), then every device connected and said hello, a fake sender answering each
 * command 'done' at once through engine.result(), until no task is open (complete). On PGlite with
 * one engine; on PostgreSQL (DATABASE_URL, a scratch database per run) with one engine and with two
 * (two replicas, each with its pool and its pg-boss, in one process, as replicas.test.ts runs them).
 * Each run is a child process (workers/task-engine.ts), so its RSS and CPU time are the engine's.
 * Figures only: the issue sets no goal; the check that no task was sent twice is a goal row.
 */

const DEVICES = envNumber('BENCH_TASK_DEVICES', 1_000);
/**
 * The figure asked for is 100,000 tasks. On the project's machine the engine completes 70–110
 * tasks/s on PostgreSQL and 40 on PGlite, so 100,000 would take 16–24 and 40 minutes: the defaults
 * keep the part near 3 minutes, and BENCH_TASKS=100000 runs the full figure on both stores.
 */
const FULL_TASKS = 100_000;
const DEFAULT_TASKS = { pglite: 2_000, postgres: 5_000 } as const;
const TASKS = process.env.BENCH_TASKS ? envNumber('BENCH_TASKS', FULL_TASKS) : undefined;
/** The complete phase gives up after this long without an answer. */
const STALL_S = 60;

/** ADR 0003's pg-boss alone, same machine: jobs/s enqueued and completed (median of 3 × 10,000). */
const PG_BOSS_ALONE = {
  pglite: { enqueue: 10_000, complete: 4_900 },
  postgres: { enqueue: 21_200, complete: 7_800 },
} as const;

const STORE_LABEL = { pglite: 'PGlite', postgres: 'PostgreSQL' } as const;

async function runEngine(run: TaskEngineRun): Promise<TaskEngineResult> {
  const out = await runToEnd(
    process.execPath,
    [path.join(benchDir, 'workers/task-engine.ts'), JSON.stringify(run)],
    {
      // The defaults take a minute or two; BENCH_TASKS=100000 on PGlite about 40 minutes.
      timeoutMs: 300_000 + run.tasks * 60,
    },
  );
  return JSON.parse(out.trim().split('\n').pop() ?? '{}') as TaskEngineResult;
}

const label = (result: TaskEngineResult) =>
  `${STORE_LABEL[result.run.store]}, ${result.run.engines} engine${result.run.engines > 1 ? 's' : ''}`;
const seconds = (value: number) => `${value.toFixed(1)} s`;
const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/**
 * The steady pace: tasks/s between the answers' 20% and 80% marks, from the answers counted by a
 * 1 s timer. It leaves out the start, when every device's hello and first dispatch queue ahead of
 * the first answers, and the end, when devices run out of tasks. NaN where the timer was starved
 * around a mark (PGlite: its work holds the event loop).
 */
function steadyPace(result: TaskEngineResult): number {
  const { timeline } = result.complete;
  const total = result.enqueue.tasks;
  /** When the answers reached `count`, or NaN when the samples around it are over 2 s apart. */
  const reached = (count: number) => {
    const index = timeline.findIndex(([, answered]) => answered >= count);
    const [at] = timeline[index] ?? [Number.NaN];
    const [before] = index > 0 ? (timeline[index - 1] ?? [0]) : [0];
    return at - before <= 2 ? at : Number.NaN;
  };
  return (0.6 * total) / (reached(0.8 * total) - reached(0.2 * total));
}

function throughputTable(results: readonly TaskEngineResult[]): string {
  return table(
    [
      'store',
      'tasks',
      'enqueue tasks/s',
      'createGroup p50 / max',
      'hellos done',
      'complete tasks/s',
      'steady (20–80%)',
      'sent',
      'sent twice',
      'open at end',
      'vs pg-boss alone (enqueue / complete)',
    ],
    results.map((result) => {
      const { enqueue, complete } = result;
      const sorted = [...enqueue.groupMs].sort((a, b) => a - b);
      const alone = PG_BOSS_ALONE[result.run.store];
      const enqueueRate = enqueue.tasks / enqueue.wallS;
      const completeRate = enqueue.tasks / complete.doneS;
      return [
        label(result),
        `${fmtInt(enqueue.tasks)} (${fmtInt(enqueue.groups)} × ${fmtInt(result.run.devices)})`,
        fmtInt(enqueueRate),
        `${fmtUs(percentile(sorted, 50) * 1000)} / ${fmtUs((sorted.at(-1) ?? Number.NaN) * 1000)}`,
        seconds(complete.helloS),
        `${fmtInt(completeRate)}${complete.stalled ? ' (stalled)' : ''}`,
        fmtInt(steadyPace(result)),
        fmtInt(complete.sends),
        fmtInt(complete.sentTwice),
        fmtInt(complete.open),
        `${fmtRatio(enqueueRate / alone.enqueue)} / ${fmtRatio(completeRate / alone.complete)}`,
      ];
    }),
  );
}

function costTable(results: readonly TaskEngineResult[]): string {
  const rows: string[][] = [];
  for (const result of results) {
    const tasks = result.enqueue.tasks;
    for (const [phase, cost] of [
      ['prepare', result.prepare],
      ['enqueue', result.enqueue],
      ['complete', result.complete],
    ] as const) {
      const cpu = cost.userS + cost.systemS;
      const perTask = phase === 'prepare' ? 'n/a' : fmtUs((cpu / tasks) * 1e6);
      rows.push([
        label(result),
        phase,
        seconds(cost.wallS),
        `${cpu.toFixed(1)} s`,
        `${((100 * cpu) / cost.wallS).toFixed(0)}%`,
        perTask,
        `${fmtBytes(cost.rssStart)} / ${fmtBytes(cost.rssPeak)} / ${fmtBytes(cost.rssEnd)}`,
        Number.isFinite(cost.dbCpuS) ? `${cost.dbCpuS.toFixed(1)} s` : 'n/a',
        Number.isFinite(cost.dbCpuS) && phase !== 'prepare' ? fmtUs((cost.dbCpuS / tasks) * 1e6) : 'n/a',
        `${fmtUs(cost.loopMaxStallMs * 1000)} / ${(100 * Math.min(1, cost.loopStalledShare)).toFixed(0)}%`,
      ]);
    }
  }
  return table(
    [
      'store',
      'phase',
      'wall',
      'process CPU',
      'of one core',
      'CPU/task',
      'RSS start / peak / end',
      'DB backends CPU',
      'DB CPU/task',
      'event loop: longest stall / time in stalls ≥ 100 ms',
    ],
    rows,
  );
}

function report(ctx: BenchContext, result: TaskEngineResult): void {
  const { complete, enqueue } = result;
  const other = Object.entries(complete.states)
    .filter(([state]) => state !== 'succeeded')
    .map(([state, count]) => `${state} ${fmtInt(count)}`);
  const jobs = Object.entries(complete.jobs)
    .map(([name, count]) => `${name} ${fmtInt(count)}`)
    .join(', ');
  const once = complete.sentTwice === 0 && complete.open === 0 && complete.distinct === enqueue.tasks;
  console.log(
    `${label(result)}: ${fmtInt(complete.states.succeeded ?? 0)} succeeded${other.length ? `, ${other.join(', ')}` : ''}; ${fmtInt(complete.distinct)} ids sent ${fmtInt(complete.sends)} times (at most ${complete.maxSends} each); ${fmtInt(complete.announcements)} announcements; ${complete.resultErrors} result() errors; pg-boss jobs at the end: ${jobs || 'none'}`,
  );
  ctx.goals.push({
    part: '10 task engine',
    goal: `${label(result)}: every task sent once and ended`,
    measured: `${fmtInt(complete.distinct)} sent, ${fmtInt(complete.sentTwice)} twice, ${fmtInt(complete.open)} open`,
    met: once,
  });
}

/** How long the full figure (100,000 tasks) would take at the pace measured. */
function fullFigureNote(result: TaskEngineResult): string {
  const perTask = result.enqueue.wallS / result.enqueue.tasks + result.complete.doneS / result.enqueue.tasks;
  return `${label(result)}: at this pace ${fmtInt(FULL_TASKS)} tasks would take about ${((perTask * FULL_TASKS) / 60).toFixed(0)} min (enqueue and complete)`;
}

export async function benchTaskEngine(ctx: BenchContext): Promise<void> {
  heading('10. The task engine alone: enqueue and complete, PGlite and PostgreSQL');
  const databaseUrl = process.env.DATABASE_URL;
  const tasksOn = (store: keyof typeof DEFAULT_TASKS) => TASKS ?? DEFAULT_TASKS[store];
  console.log(
    `${fmtInt(DEVICES)} devices (Acme East, offline), groups of ${fmtInt(DEVICES)} ('cli') through engine.createGroup one after another; then every device connected and said hello to every engine at once, a fake sender answering each command 'done' at once (through the engines in turn), until no task is open. Engines as the API runs them: workers started, announcements taken by a realtime that delivers none.`,
  );
  if (TASKS === undefined) {
    console.log(
      `tasks: ${fmtInt(DEFAULT_TASKS.pglite)} on PGlite and ${fmtInt(DEFAULT_TASKS.postgres)} on PostgreSQL by default, not ${fmtInt(FULL_TASKS)}: the engine completes tens of tasks a second here (each task is about 17 statements, a pg-boss job among them), so ${fmtInt(FULL_TASKS)} would take well over 2 minutes on either store (estimates below). BENCH_TASKS=${FULL_TASKS} runs the full figure.`,
    );
  }
  const results: TaskEngineResult[] = [];
  const dataDir = path.join(ctx.tmp, 'tasks-pglite');
  console.log(`\nPGlite, 1 engine: ${fmtInt(tasksOn('pglite'))} tasks…`);
  try {
    results.push(
      await runEngine({
        store: 'pglite',
        dataDir,
        tasks: tasksOn('pglite'),
        devices: DEVICES,
        engines: 1,
        stallS: STALL_S,
      }),
    );
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }

  if (databaseUrl) {
    const database = `fleetport_bench_tasks_${process.pid}`;
    for (const engines of [1, 2]) {
      console.log(
        `PostgreSQL, ${engines} engine${engines > 1 ? 's' : ''}: ${fmtInt(tasksOn('postgres'))} tasks…`,
      );
      try {
        await adminQuery(databaseUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
        await adminQuery(databaseUrl, `CREATE DATABASE ${database}`);
        results.push(
          await runEngine({
            store: 'postgres',
            url: withDatabaseName(databaseUrl, database),
            tasks: tasksOn('postgres'),
            devices: DEVICES,
            engines,
            stallS: STALL_S,
          }),
        );
      } finally {
        await adminQuery(databaseUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(
          () => undefined,
        );
      }
    }
  }

  console.log('');
  console.log(throughputTable(results));
  console.log('');
  console.log(costTable(results));
  console.log(
    "process CPU: the engine's process (process.cpuUsage; on PGlite the store runs in it too); DB backends CPU: the scratch database's PostgreSQL backends, from /proc; RSS: the process's; event loop: gaps between the ticks of a 10 ms timer in that process.",
  );
  console.log('');
  for (const result of results) report(ctx, result);
  if (TASKS === undefined || TASKS < FULL_TASKS)
    for (const result of results) console.log(fullFigureNote(result));
  if (!databaseUrl) {
    console.log('PostgreSQL: skipped (set DATABASE_URL to a server where the bench may create databases)');
  }
  const failures = results.filter((result) => result.complete.sentTwice > 0 || result.complete.open > 0);
  console.log(
    `every task sent once and ended: ${verdict(failures.length === 0)}; total tasks ${fmtInt(sum(results.map((result) => result.enqueue.tasks)))}`,
  );
}
