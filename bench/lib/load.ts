import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { runToEnd } from './proc.ts';

/**
 * Closed-loop throughput runs: wrk when it is installed (a separate C process with µs latency
 * histograms), otherwise autocannon (Node, in this process; the servers are children anyway).
 */

export interface LoadTarget {
  url: string;
  headers?: Record<string, string>;
}

export interface LoadResult {
  label: string;
  generator: 'wrk' | 'autocannon';
  rps: number;
  /** Latencies in µs. */
  p50: number;
  p99: number;
  requests: number;
  /** Non-2xx/3xx answers plus socket errors and timeouts. */
  errors: number;
  bytesPerSecond: number;
  /** CPU time (user + system, all threads) the server process spent per request, in µs. */
  cpuUsPerRequest: number;
  /** req/s of every round, when several were run. */
  rounds?: number[];
}

export interface LoadSettings {
  connections: number;
  durationSec: number;
  warmupSec: number;
  threads: number;
}

const WRK_CANDIDATES = ['/usr/bin/wrk', '/usr/local/bin/wrk'];
/** `BENCH_WRK=none` forces autocannon; `BENCH_WRK=/path/to/wrk` picks a wrk. */
export const wrkPath =
  process.env.BENCH_WRK === 'none'
    ? undefined
    : [process.env.BENCH_WRK ?? '', ...WRK_CANDIDATES].find(
        (candidate) => candidate && existsSync(candidate),
      );

const WRK_REPORT = `
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'BENCHJSON {"requests":%d,"duration":%d,"bytes":%d,"p50":%d,"p99":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d}\\n',
    summary.requests, summary.duration, summary.bytes, latency:percentile(50), latency:percentile(99),
    e.connect, e.read, e.write, e.status, e.timeout))
end
`;

interface WrkJson {
  requests: number;
  duration: number;
  bytes: number;
  p50: number;
  p99: number;
  connect: number;
  read: number;
  write: number;
  status: number;
  timeout: number;
}

async function wrk(
  target: LoadTarget,
  settings: LoadSettings,
  durationSec: number,
  scriptPath: string,
): Promise<WrkJson> {
  const args = [
    `-t${settings.threads}`,
    `-c${settings.connections}`,
    `-d${durationSec}s`,
    '--timeout',
    '5s',
    '-s',
    scriptPath,
  ];
  for (const [name, value] of Object.entries(target.headers ?? {})) args.push('-H', `${name}: ${value}`);
  args.push(target.url);
  const out = await runToEnd(wrkPath as string, args, { timeoutMs: (durationSec + 20) * 1000 });
  const line = out.split('\n').find((text) => text.startsWith('BENCHJSON '));
  if (!line) throw new Error(`wrk printed no report:\n${out}`);
  return JSON.parse(line.slice('BENCHJSON '.length)) as WrkJson;
}

let clockTicks: number | undefined;

/** User + system CPU seconds of a process so far (Linux /proc), or NaN elsewhere. */
export function cpuSeconds(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  try {
    clockTicks ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after "(comm) ": state is field 3, utime 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / clockTicks;
  } catch {
    return Number.NaN;
  }
}

/** Resident memory of a process now (VmRSS, Linux /proc), in bytes, or NaN elsewhere. */
export function rssBytes(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  try {
    const kib = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kib === undefined ? Number.NaN : Number(kib) * 1024;
  } catch {
    return Number.NaN;
  }
}

interface AutocannonResult {
  requests: { total: number; average: number };
  latency: { p50: number; p99: number };
  throughput: { average: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
type Autocannon = (options: Record<string, unknown>) => Promise<AutocannonResult>;

let autocannonFn: Autocannon | undefined;
function loadAutocannon(): Autocannon {
  autocannonFn ??= createRequire(import.meta.url)('autocannon') as Autocannon;
  return autocannonFn;
}

async function autocannon(target: LoadTarget, settings: LoadSettings, durationSec: number) {
  return loadAutocannon()({
    url: target.url,
    headers: target.headers ?? {},
    connections: settings.connections,
    duration: durationSec,
    timeout: 5,
  });
}

export class LoadRunner {
  readonly settings: LoadSettings;
  private readonly scriptPath: string;
  private scriptWritten = false;

  constructor(settings: LoadSettings, tmpDir: string) {
    this.settings = settings;
    this.scriptPath = path.join(tmpDir, 'wrk-report.lua');
  }

  get generator(): 'wrk' | 'autocannon' {
    return wrkPath ? 'wrk' : 'autocannon';
  }

  /** A warm-up run (discarded), then the measured run; `pid` is the server's, for its CPU time. */
  async run(label: string, target: LoadTarget, pid?: number): Promise<LoadResult> {
    const { warmupSec, durationSec } = this.settings;
    if (wrkPath) {
      if (!this.scriptWritten) {
        await writeFile(this.scriptPath, WRK_REPORT);
        this.scriptWritten = true;
      }
      if (warmupSec > 0) await wrk(target, this.settings, warmupSec, this.scriptPath);
      const cpuBefore = cpuSeconds(pid);
      const report = await wrk(target, this.settings, durationSec, this.scriptPath);
      const cpu = cpuSeconds(pid) - cpuBefore;
      const seconds = report.duration / 1e6;
      return {
        label,
        generator: 'wrk',
        rps: report.requests / seconds,
        p50: report.p50,
        p99: report.p99,
        requests: report.requests,
        errors: report.status + report.connect + report.read + report.write + report.timeout,
        bytesPerSecond: report.bytes / seconds,
        cpuUsPerRequest: (cpu * 1e6) / report.requests,
      };
    }
    if (warmupSec > 0) await autocannon(target, this.settings, warmupSec);
    const cpuBefore = cpuSeconds(pid);
    const result = await autocannon(target, this.settings, durationSec);
    const cpu = cpuSeconds(pid) - cpuBefore;
    return {
      label,
      generator: 'autocannon',
      rps: result.requests.average,
      p50: result.latency.p50 * 1000,
      p99: result.latency.p99 * 1000,
      requests: result.requests.total,
      errors: result.non2xx + result.errors + result.timeouts,
      bytesPerSecond: result.throughput.average,
      cpuUsPerRequest: (cpu * 1e6) / result.requests.total,
    };
  }
}
