import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { loadOrCreateFleet } from '@fleetport/device-sim/fleet-manifest';
import pg from 'pg';
import { adminQuery, startApiChild, withDatabaseName } from './api-child.ts';
import { envNumber } from './context.ts';
import { cpuSeconds, rssBytes } from './load.ts';
import { benchDir, type ServerChild, stop, track } from './proc.ts';
import { fmtBytes, fmtInt, table } from './stats.ts';

/**
 * A simulated fleet (device-sim) against the real API on PostgreSQL, one run of it: how fast the
 * fleet connects, how many readings per second the gateway stores, and what the API processes
 * (and a broker of their own, if any) spend on it (CPU, RSS). Part 8 runs it once on the embedded
 * broker; part 13 on the embedded broker plain and over TLS, and on Mosquitto with two replicas.
 * The fleet joins the demo world the way `npm start` does it: its manifest is passed as
 * DEMO_FLEET_CSV, so the API approves the identities and spreads the devices over the demo
 * companies while it seeds.
 *
 * What is counted comes from the store, not from the simulator: devices the gateway marked
 * connected, rows in device_telemetry (one per reading stored), and `connected` rows of the
 * connection log (one per hello stored). The API's warnings and errors are counted from its log.
 */

/** The knobs (README, "Part 8's knobs"); part 13 takes the same. */
export const INGEST = {
  /** Fleet size and connections started per second (device-sim's default). */
  devices: envNumber('BENCH_DEVICES', 10_000),
  batch: envNumber('BENCH_DEVICE_BATCH', 200),
  /**
   * At the gateway's default interval (300 s) a device's first periodic readings come 5 minutes
   * after it connects, so a short window sees almost none: the fleet runs 10× faster by default,
   * readings every 30 s, which is what 100,000 devices send at the default interval.
   */
  timeScale: envNumber('BENCH_TIME_SCALE', 10),
  /** The connect phase ends when every device is connected, progress stops, or after this long. */
  connectLimitS: envNumber('BENCH_CONNECT_S', 120),
  /** …or when every device has started and no new one was seen connected for this long. */
  stallS: envNumber('BENCH_STALL_S', 15),
  /** Then a steady window of this long. */
  steadyS: envNumber('BENCH_INGEST_S', 30),
};
/** The gateway's default dynamic interval (devices.dynamic_interval_s). */
const DYNAMIC_INTERVAL_S = 300;

interface FleetLine {
  t: number;
  total: number;
  online: number;
  connecting: number;
  refused: number;
  idle: number;
  offered: number;
}

interface Sample {
  /** Seconds since the fleet started. */
  t: number;
  fleet: FleetLine;
  connected: number;
  telemetry: number;
  hellos: number;
  /** Every API replica's CPU seconds and RSS, added up. */
  apiCpu: number;
  apiRss: number;
  dbCpu: number;
  simCpu: number;
  simRss: number;
  /** A broker process of the run's own (Mosquitto); NaN without one. */
  brokerCpu: number;
  brokerRss: number;
  logged: Map<string, number>;
}

/** An info line of the API's log, kept with its time (the resync's, the gateway's start). */
export interface InfoLine {
  time: number;
  msg: string;
  replica: number;
}

/**
 * The API's log lines at warn and above, counted by message, with the first cause of each; and
 * its info lines, which say once what happened at start.
 */
class LogTally {
  readonly counts = new Map<string, number>();
  readonly causes = new Map<string, string>();
  readonly info: InfoLine[] = [];

  attach(server: ServerChild, replica: number): void {
    const stdout = server.child.stdout;
    if (!stdout) return;
    createInterface({ input: stdout }).on('line', (line) => this.add(line, replica));
  }

  private add(line: string, replica: number): void {
    if (!line.startsWith('{')) return;
    let entry: { level?: number; time?: number; msg?: string; err?: { message?: string; stack?: string } };
    try {
      entry = JSON.parse(line);
    } catch {
      return;
    }
    if (!entry.msg) return;
    if ((entry.level ?? 0) === 30 && this.info.length < 1000) {
      this.info.push({ time: entry.time ?? Date.now(), msg: entry.msg, replica });
    }
    if ((entry.level ?? 0) < 40) return;
    this.counts.set(entry.msg, (this.counts.get(entry.msg) ?? 0) + 1);
    if (!this.causes.has(entry.msg) && entry.err) this.causes.set(entry.msg, causeOf(entry.err));
  }
}

/** "caused by: Error: timeout exceeded when trying to connect" beats drizzle's "Failed query: …". */
function causeOf(err: { message?: string; stack?: string }): string {
  const caused = /caused by: (?:\w*Error: )?(.+)/.exec(err.stack ?? '')?.[1];
  return (caused ?? err.message ?? '').split('\n')[0]?.slice(0, 100) ?? '';
}

/** The fleet worker: its latest counts, and a way to stop it. */
interface FleetChild {
  pid: number | undefined;
  latest: () => FleetLine | undefined;
  stop: () => Promise<void>;
}

function startFleetChild(options: {
  url: string;
  fleetFile: string;
  caFile?: string | undefined;
}): FleetChild {
  const child = track(
    spawn(
      process.execPath,
      [
        path.join(benchDir, 'workers/device-fleet.ts'),
        JSON.stringify({
          ...options,
          devices: INGEST.devices,
          batchSize: INGEST.batch,
          timeScale: INGEST.timeScale,
        }),
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    ),
  );
  let latest: FleetLine | undefined;
  createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
    try {
      latest = JSON.parse(line) as FleetLine;
    } catch {
      // not a counts line
    }
  });
  child.stderr?.on('data', () => undefined);
  return { pid: child.pid, latest: () => latest, stop: () => stop(child, 5000) };
}

/**
 * Reads the store and /proc once a second. A backend's CPU time is counted per pid, so the
 * pool closing idle connections (and opening new ones) does not lose or double any of it.
 */
class Sampler {
  private readonly db: pg.Client;
  private readonly backendCpu = new Map<number, number>();
  private dbCpuTotal = 0;
  private readonly apis: readonly ServerChild[];
  private readonly brokerPid: number | undefined;

  constructor(url: string, apis: readonly ServerChild[], brokerPid: number | undefined) {
    this.db = new pg.Client({ connectionString: url });
    this.apis = apis;
    this.brokerPid = brokerPid;
  }

  async connect(): Promise<void> {
    await this.db.connect();
  }

  close(): Promise<void> {
    return this.db.end();
  }

  async claimedDevices(): Promise<number> {
    const { rows } = await this.db.query<{ n: number }>('SELECT count(*)::int AS n FROM devices');
    return rows[0]?.n ?? 0;
  }

  async sample(t: number, fleet: FleetChild | undefined, log: LogTally): Promise<Sample> {
    // device_telemetry's max(id) is the readings stored so far (one insert each, never rolled back).
    const { rows } = await this.db.query<{
      connected: number;
      telemetry: string;
      hellos: number;
      pids: number[];
    }>(
      `SELECT (SELECT count(*) FROM devices WHERE connected)::int AS connected,
              (SELECT coalesce(max(id), 0) FROM device_telemetry) AS telemetry,
              (SELECT count(*) FROM device_connection_log WHERE reason = 0)::int AS hellos,
              ARRAY(SELECT pid FROM pg_stat_activity
                    WHERE datname = current_database() AND pid <> pg_backend_pid()) AS pids`,
    );
    const row = rows[0] ?? { connected: 0, telemetry: '0', hellos: 0, pids: [] };
    for (const pid of row.pids) {
      const seconds = cpuSeconds(pid);
      if (!Number.isFinite(seconds)) continue;
      this.dbCpuTotal += seconds - (this.backendCpu.get(pid) ?? 0);
      this.backendCpu.set(pid, seconds);
    }
    const empty: FleetLine = { t: 0, total: 0, online: 0, connecting: 0, refused: 0, idle: 0, offered: 0 };
    const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
    return {
      t,
      fleet: fleet?.latest() ?? empty,
      connected: row.connected,
      telemetry: Number(row.telemetry),
      hellos: row.hellos,
      apiCpu: sum(this.apis.map((api) => cpuSeconds(api.child.pid))),
      apiRss: sum(this.apis.map((api) => rssBytes(api.child.pid))),
      dbCpu: this.dbCpuTotal,
      simCpu: fleet ? cpuSeconds(fleet.pid) : 0,
      simRss: fleet ? rssBytes(fleet.pid) : Number.NaN,
      brokerCpu: cpuSeconds(this.brokerPid),
      brokerRss: rssBytes(this.brokerPid),
      logged: new Map(log.counts),
    };
  }
}

const pct = (cpuSeconds: number, seconds: number) => `${((100 * cpuSeconds) / seconds).toFixed(0)}%`;
const perSecond = (count: number, seconds: number) => fmtInt(count / seconds);
const loggedDelta = (from: Sample, to: Sample, msg: string) =>
  (to.logged.get(msg) ?? 0) - (from.logged.get(msg) ?? 0);

/** When the API first saw `target` of the claimed devices connected (seconds since the fleet started). */
function timeTo(samples: readonly Sample[], target: number): number | undefined {
  return samples.find((sample) => sample.connected >= target)?.t;
}

export const fmtSeconds = (seconds: number | undefined) =>
  seconds === undefined ? 'not reached' : `${seconds.toFixed(0)} s`;

function timeline(samples: readonly Sample[], broker: boolean): string {
  const rows: string[][] = [];
  for (let i = 10; i < samples.length; i += 10) {
    const [from, to] = [samples[i - 10] as Sample, samples[i] as Sample];
    const seconds = to.t - from.t;
    rows.push([
      `${to.t.toFixed(0)} s`,
      fmtInt(to.fleet.online),
      fmtInt(to.connected),
      perSecond(to.connected - from.connected, seconds),
      perSecond(to.telemetry - from.telemetry, seconds),
      perSecond(to.hellos - from.hellos, seconds),
      pct(to.apiCpu - from.apiCpu, seconds),
      fmtBytes(to.apiRss),
      ...(broker ? [pct(to.brokerCpu - from.brokerCpu, seconds)] : []),
      pct(to.dbCpu - from.dbCpu, seconds),
      fmtInt([...to.logged.keys()].reduce((sum, msg) => sum + loggedDelta(from, to, msg), 0)),
    ]);
  }
  return table(
    [
      'at',
      'sim online',
      'API connected',
      'connects/s',
      'readings stored/s',
      'hellos/s',
      'API CPU',
      'API RSS',
      ...(broker ? ['broker CPU'] : []),
      'DB CPU',
      'API warn+error lines',
    ],
    rows,
  );
}

function phaseRow(
  label: string,
  from: Sample,
  to: Sample,
  samples: readonly Sample[],
  perReading: boolean,
  broker: boolean,
): string[] {
  const seconds = to.t - from.t;
  const inPhase = samples.filter((sample) => sample.t >= from.t && sample.t <= to.t);
  const peakRss = Math.max(...inPhase.map((sample) => sample.apiRss));
  const stored = to.telemetry - from.telemetry;
  const apiCpu = to.apiCpu - from.apiCpu;
  return [
    label,
    `${seconds.toFixed(0)} s`,
    fmtInt(to.connected),
    perSecond(stored, seconds),
    perSecond(to.hellos - from.hellos, seconds),
    fmtInt(to.fleet.offered),
    pct(apiCpu, seconds),
    perReading && stored > 0 ? `${((apiCpu * 1e6) / stored).toFixed(0)} µs` : 'n/a',
    `${fmtBytes(to.apiRss)} (peak ${fmtBytes(peakRss)})`,
    ...(broker ? [pct(to.brokerCpu - from.brokerCpu, seconds)] : []),
    pct(to.dbCpu - from.dbCpu, seconds),
    pct(to.simCpu - from.simCpu, seconds),
  ];
}

/**
 * Starts the fleet and samples once a second: the connect phase runs until every claimed device
 * is connected (as the API sees it), progress stops with every device started, or the limit;
 * then the steady window.
 */
async function runFleet(options: {
  sampler: Sampler;
  log: LogTally;
  claimed: number;
  start: () => FleetChild;
}): Promise<{ samples: Sample[]; connectEnd: Sample; ended: string }> {
  const { sampler, log, claimed } = options;
  const samples: Sample[] = [await sampler.sample(0, undefined, log)];
  const started = performance.now();
  const fleet = options.start();
  const tick = async (): Promise<Sample> => {
    // On the second, whatever the sampling itself took.
    await new Promise((resolve) => setTimeout(resolve, 1000 - ((performance.now() - started) % 1000)));
    const sample = await sampler.sample((performance.now() - started) / 1000, fleet, log);
    samples.push(sample);
    return sample;
  };
  let [lastConnected, lastProgress] = [0, 0];
  let ended = 'limit reached';
  for (;;) {
    const sample = await tick();
    if (sample.connected > lastConnected) [lastConnected, lastProgress] = [sample.connected, sample.t];
    if (sample.connected >= claimed) {
      ended = 'all connected';
      break;
    }
    const allStarted = sample.fleet.total > 0 && sample.fleet.idle === 0;
    if (allStarted && sample.t - lastProgress >= INGEST.stallS) {
      ended = `no progress for ${INGEST.stallS} s`;
      break;
    }
    if (sample.t >= INGEST.connectLimitS) break;
  }
  const connectEnd = samples[samples.length - 1] as Sample;
  while ((samples[samples.length - 1] as Sample).t - connectEnd.t < INGEST.steadyS) await tick();
  return { samples, connectEnd, ended };
}

/** One setup: the API replicas, where the devices connect, and a broker process of its own if any. */
export interface IngestSetup {
  /** A word for the database's name (fleetport_bench_<name>_<pid>) and the API's label. */
  name: string;
  /** The fleet's manifest (prepareIngest), which the API approves as it seeds. */
  fleetFile: string;
  /** API processes on the same database, started one after the other. */
  replicas: number;
  /** Each replica's environment beyond DATABASE_URL and DEMO_FLEET_CSV. */
  apiEnv: Record<string, string>;
  /** Where the simulated devices connect (mqtt:// or mqtts://) and, over TLS, the CA file they trust. */
  fleetUrl: string;
  caFile?: string | undefined;
  /** A broker process the run's CPU and RSS figures include beside the API's (Mosquitto). */
  brokerPid?: number | undefined;
}

/** What part 13 sets side by side. */
export interface IngestResult {
  claimed: number;
  /** Seconds from the fleet's start until the API saw 50%, 90% and every claimed device connected. */
  t50: number | undefined;
  t90: number | undefined;
  t100: number | undefined;
  /** The API's CPU seconds over the connect phase, per device connected in it. */
  apiCpuPerConnectMs: number;
  steadyRate: number;
  offered: number;
  /** CPU per reading stored in the steady window: the API replicas together, and the broker. */
  apiCpuPerReadingUs: number;
  brokerCpuPerReadingUs: number;
  /** % of one core in the steady window. */
  apiCpuPct: number;
  brokerCpuPct: number;
  dbCpuPct: number;
  apiRssEnd: number;
  apiRssPeak: number;
  brokerRssEnd: number;
  warnings: number;
  logged: ReadonlyMap<string, number>;
  /** Seconds from the first replica's spawn until the last one answered on its port. */
  apiStartS: number;
  info: readonly InfoLine[];
}

/**
 * The PostgreSQL server (DATABASE_URL) and the manifest (device-sim seed 1, written or reused in
 * the bench's temp folder); without DATABASE_URL, says the part is skipped and answers nothing.
 */
export async function prepareIngest(
  tmp: string,
): Promise<{ databaseUrl: string; fleetFile: string } | undefined> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    // The readings are counted in the store while the API runs; PGlite is one process's database.
    console.log('skipped: set DATABASE_URL to a PostgreSQL server where the bench may create a database');
    return undefined;
  }
  const fleetFile = path.join(tmp, 'fleet.csv');
  // No units in trouble: every device the bench starts can connect, and stays connected.
  await loadOrCreateFleet(fleetFile, INGEST.devices, 1, { troubledDevices: false });
  return { databaseUrl, fleetFile };
}

/**
 * Runs the fleet against one setup in a fresh database (made, then dropped) and prints what part
 * 8 prints: the timeline, the phases, the API's warnings and errors.
 */
export async function runIngest(databaseUrl: string, setup: IngestSetup): Promise<IngestResult> {
  const database = `fleetport_bench_${setup.name}_${process.pid}`;
  const apis: ServerChild[] = [];
  let fleet: FleetChild | undefined;
  let sampler: Sampler | undefined;
  const broker = setup.brokerPid !== undefined;
  try {
    await adminQuery(databaseUrl, `DROP DATABASE IF EXISTS ${database}`);
    await adminQuery(databaseUrl, `CREATE DATABASE ${database}`);
    const url = withDatabaseName(databaseUrl, database);
    const log = new LogTally();
    const apiStarted = performance.now();
    for (let replica = 0; replica < setup.replicas; replica++) {
      const label = `PostgreSQL, devices, ${setup.name}${setup.replicas > 1 ? ` ${replica + 1}` : ''}`;
      const api = await startApiChild(
        label,
        { DATABASE_URL: url, DEMO_FLEET_CSV: setup.fleetFile, ...setup.apiEnv },
        180_000,
      );
      apis.push(api);
      log.attach(api, replica);
    }
    const apiStartS = (performance.now() - apiStarted) / 1000;
    sampler = new Sampler(url, apis, setup.brokerPid);
    await sampler.connect();
    const claimed = await sampler.claimedDevices();
    console.log(
      `API${setup.replicas > 1 ? ` (${setup.replicas} replicas, one after the other)` : ''} up in ${apiStartS.toFixed(1)} s (migrations, demo world, ${fmtInt(claimed)} of the fleet's devices approved and added to the demo companies); devices connect to ${setup.fleetUrl}`,
    );
    console.log(
      `fleet: device-sim seed 1, ${fmtInt(INGEST.devices)} devices (${fmtInt(INGEST.devices - claimed)} in no company: identities the demo leaves unclaimed), none in trouble (troubledDevices: false), started ${INGEST.batch} a second; time scale ${INGEST.timeScale}: readings every ${DYNAMIC_INTERVAL_S / INGEST.timeScale} s (gateway default ${DYNAMIC_INTERVAL_S} s), plus every category once at connect`,
    );

    const { samples, connectEnd, ended } = await runFleet({
      sampler,
      log,
      claimed,
      start: () => {
        fleet = startFleetChild({ url: setup.fleetUrl, fleetFile: setup.fleetFile, caFile: setup.caFile });
        return fleet;
      },
    });
    const end = samples[samples.length - 1] as Sample;
    const baseline = samples[0] as Sample;

    console.log(timeline(samples, broker));
    const result = summarize(samples, connectEnd, claimed, log, apiStartS);
    console.log(
      `\nconnect phase ended: ${ended} after ${connectEnd.t.toFixed(0)} s; sim: ${fmtInt(end.fleet.online)} online, ${fmtInt(end.fleet.connecting)} connecting, ${fmtInt(end.fleet.refused)} refused`,
    );
    console.log(
      `API view (devices marked connected, of ${fmtInt(claimed)}): 50% after ${fmtSeconds(result.t50)}, 90% after ${fmtSeconds(result.t90)}, 100% after ${fmtSeconds(result.t100)}`,
    );
    console.log(
      table(
        [
          'phase',
          'length',
          'connected at end',
          'readings stored/s',
          'hellos/s',
          'offered/s at end (nominal)',
          'API CPU',
          'API CPU/reading',
          'API RSS at end',
          ...(broker ? ['broker CPU'] : []),
          'DB backends CPU',
          'sim CPU',
        ],
        [
          phaseRow('connect', baseline, connectEnd, samples, false, broker),
          phaseRow('steady', connectEnd, end, samples, true, broker),
        ],
      ),
    );
    console.log(
      `steady window: ${fmtInt(result.steadyRate)} readings stored per second, ${((100 * result.steadyRate) / end.fleet.offered).toFixed(0)}% of the ${fmtInt(end.fleet.offered)} per second the online devices are set to send`,
    );
    console.log(
      `API RSS before the fleet: ${fmtBytes(baseline.apiRss)}; sim RSS at end: ${fmtBytes(end.simRss)}${broker ? `; broker RSS at end: ${fmtBytes(end.brokerRss)}` : ''}. CPU is % of one core (the machine has 2)${setup.replicas > 1 ? ', API figures add up the replicas' : ''}; "API CPU/reading" is all of the API's CPU in the steady window divided by the readings stored in it.`,
    );
    const logged = [...end.logged.entries()].sort((a, b) => b[1] - a[1]);
    if (logged.length === 0) console.log('API log: no warnings or errors');
    for (const [msg, count] of logged) {
      const cause = log.causes.get(msg);
      console.log(`API log: ${fmtInt(count)} × "${msg}"${cause ? ` (first cause: ${cause})` : ''}`);
    }
    return result;
  } finally {
    await fleet?.stop();
    for (const api of apis) await api.stop();
    await sampler?.close().catch(() => undefined);
    await adminQuery(databaseUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => undefined);
  }
}

function summarize(
  samples: readonly Sample[],
  connectEnd: Sample,
  claimed: number,
  log: LogTally,
  apiStartS: number,
): IngestResult {
  const [baseline, end] = [samples[0] as Sample, samples[samples.length - 1] as Sample];
  const steadyS = end.t - connectEnd.t;
  const stored = end.telemetry - connectEnd.telemetry;
  const connected = connectEnd.connected - baseline.connected;
  const steady = samples.filter((sample) => sample.t >= connectEnd.t);
  return {
    claimed,
    t50: timeTo(samples, claimed * 0.5),
    t90: timeTo(samples, claimed * 0.9),
    t100: timeTo(samples, claimed),
    apiCpuPerConnectMs:
      connected > 0 ? ((connectEnd.apiCpu - baseline.apiCpu) * 1e3) / connected : Number.NaN,
    steadyRate: stored / steadyS,
    offered: end.fleet.offered,
    apiCpuPerReadingUs: stored > 0 ? ((end.apiCpu - connectEnd.apiCpu) * 1e6) / stored : Number.NaN,
    brokerCpuPerReadingUs: stored > 0 ? ((end.brokerCpu - connectEnd.brokerCpu) * 1e6) / stored : Number.NaN,
    apiCpuPct: (100 * (end.apiCpu - connectEnd.apiCpu)) / steadyS,
    brokerCpuPct: (100 * (end.brokerCpu - connectEnd.brokerCpu)) / steadyS,
    dbCpuPct: (100 * (end.dbCpu - connectEnd.dbCpu)) / steadyS,
    apiRssEnd: end.apiRss,
    apiRssPeak: Math.max(...steady.map((sample) => sample.apiRss)),
    brokerRssEnd: end.brokerRss,
    warnings: [...end.logged.values()].reduce((sum, count) => sum + count, 0),
    logged: end.logged,
    apiStartS,
    info: log.info,
  };
}
