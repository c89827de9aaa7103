import type { Fixtures } from './fixtures.ts';
import type { LoadResult, LoadRunner, LoadTarget } from './load.ts';
import type { ServerChild } from './proc.ts';
import { fmtInt, fmtUs, table } from './stats.ts';

/** What every part gets from the orchestrator, and where it records its goals. */
export interface BenchContext {
  tmp: string;
  fixtures: Fixtures;
  load: LoadRunner;
  /** Interleaved rounds per comparison; each server's best round is reported. */
  rounds: number;
  goals: GoalRow[];
}

export interface GoalRow {
  part: string;
  goal: string;
  measured: string;
  met: boolean;
}

/** A positive number from the environment (a part's knob, e.g. BENCH_DEVICES), or the default. */
export function envNumber(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

export function heading(title: string): void {
  console.log(`\n=== ${title} ===`);
}

export interface Contender {
  label: string;
  target: LoadTarget;
  /** The server process whose CPU time is counted. */
  pid: number | undefined;
}

/**
 * Runs every contender once per round, interleaved (A B C, A B C …), so a burst of load from
 * elsewhere on a shared machine hurts all of them alike. Keeps each one's best round by req/s
 * (with that round's latencies) and its lowest CPU time per request.
 */
export async function measureAll(ctx: BenchContext, contenders: readonly Contender[]): Promise<LoadResult[]> {
  const best = new Map<string, LoadResult>();
  const spread = new Map<string, number[]>();
  for (let round = 0; round < ctx.rounds; round += 1) {
    for (const contender of contenders) {
      const result = await ctx.load.run(contender.label, contender.target, contender.pid);
      spread.set(contender.label, [...(spread.get(contender.label) ?? []), result.rps]);
      const previous = best.get(contender.label);
      if (!previous) {
        best.set(contender.label, result);
        continue;
      }
      const cpuUsPerRequest = Math.min(previous.cpuUsPerRequest, result.cpuUsPerRequest);
      best.set(contender.label, {
        ...(result.rps > previous.rps ? result : previous),
        errors: previous.errors + result.errors,
        cpuUsPerRequest: Number.isNaN(cpuUsPerRequest) ? previous.cpuUsPerRequest : cpuUsPerRequest,
      });
    }
  }
  return contenders.map((contender) => {
    const result = best.get(contender.label) as LoadResult;
    return { ...result, rounds: spread.get(contender.label) ?? [] };
  });
}

export function loadTable(results: readonly LoadResult[], baseline: LoadResult): string {
  return table(
    ['server', 'req/s', 'rounds', 'p50', 'p99', 'CPU/req', 'errors', `req/s vs ${baseline.label}`],
    results.map((result) => [
      result.label,
      fmtInt(result.rps),
      (result.rounds ?? []).map((rps) => `${(rps / 1000).toFixed(1)}k`).join(' '),
      fmtUs(result.p50),
      fmtUs(result.p99),
      Number.isFinite(result.cpuUsPerRequest) ? `${result.cpuUsPerRequest.toFixed(1)} µs` : 'n/a',
      fmtInt(result.errors),
      `${(result.rps / baseline.rps).toFixed(2)}×`,
    ]),
  );
}

/** Starts a server child, runs `run` against it, and always stops it. */
export async function withServer<T>(
  start: () => Promise<ServerChild>,
  run: (server: ServerChild) => Promise<T>,
): Promise<T> {
  const server = await start();
  try {
    return await run(server);
  } finally {
    await server.stop();
  }
}

/** Starts several servers, runs `run` with all of them, and always stops them. */
export async function withServers<T>(
  starts: readonly (() => Promise<ServerChild>)[],
  run: (servers: ServerChild[]) => Promise<T>,
): Promise<T> {
  const servers: ServerChild[] = [];
  try {
    for (const start of starts) servers.push(await start());
    return await run(servers);
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
}
