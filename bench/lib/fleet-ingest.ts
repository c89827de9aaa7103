import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { loadOrCreateFleet } from '@fleetport/device-sim/fleet-manifest';
import pg from 'pg';
import { adminQuery, startApiChild, withDatabaseName } from './api-child.ts';
import { type BenchContext, envNumber, heading } from './context.ts';
import { cpuSeconds, rssBytes } from './load.ts';
import { benchDir, freePort, type ServerChild, stop, track } from './proc.ts';
import { fmtBytes, fmtInt, table } from './stats.ts';

/**
 * Part 8: a simulated fleet (device-sim) against the API's embedded MQTT broker (aedes) on
 * PostgreSQL: how fast the fleet connects, how many readings per second the gateway stores, and
 * what the API process spends on it (CPU, RSS). The fleet joins the demo world the way `npm start`
 * does it: its manifest is passed as DEMO_FLEET_CSV, so the API approves the identities and
 * spreads the devices over the demo companies while it seeds.
 *
 * What is counted comes from the store, not from the simulator: devices the gateway marked
 * connected, rows in device_telemetry (one per reading stored), and `connected` rows of the
 * connection log (one per hello stored). The API's warnings and errors are counted from its log.
 */

/** Fleet size and connections started per second (device-sim's default). */
const DEVICES = envNumber('BENCH_DEVICES', 10_000);
const BATCH = envNumber('BENCH_DEVICE_BATCH', 200);
/**
 * At the gateway's default interval (300 s) a device's first periodic readings come 5 minutes
 * after it connects, so a short window sees almost none: the fleet runs 10× faster by default,
 * readings every 30 s, which is what 100,000 devices send at the default interval.
 */
const TIME_SCALE = envNumber('BENCH_TIME_SCALE', 10);
/** The connect phase ends when every device is connected, progress stops, or after this long. */
const CONNECT_LIMIT_S = envNumber('BENCH_CONNECT_S', 120);
const STALL_S = 15;
/** Then a steady window of this long. */
const STEADY_S = envNumber('BENCH_INGEST_S', 30);
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
  apiCpu: number;
  apiRss: number;
  dbCpu: number;
  simCpu: number;
  simRss: number;
  logged: Map<string, number>;
}

/** The API's log lines at warn and above, counted by message, with the first cause of each. */
class LogTally {
  readonly counts = new Map<string, number>();
  readonly causes = new Map<string, string>();

  attach(server: ServerChild): void {
    const stdout = server.child.stdout;
    if (!stdout) return;
    createInterface({ input: stdout }).on('line', (line) => this.add(line));
  }

  private add(line: string): void {
    if (!line.startsWith('{')) return;
    let entry: { level?: number; msg?: string; err?: { message?: string; stack?: string } };
    try {
      entry = JSON.parse(line);
    } catch {
      return;
    }
    if ((entry.level ?? 0) < 40 || !entry.msg) return;
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

function startFleetChild(options: { url: string; fleetFile: string }): FleetChild {
  const child = track(
    spawn(
      process.execPath,
      [
        path.join(benchDir, 'workers/device-fleet.ts'),
        JSON.stringify({ ...options, devices: DEVICES, batchSize: BATCH, timeScale: TIME_SCALE }),
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

  constructor(url: string) {
    this.db = new pg.Client({ connectionString: url });
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

  async sample(t: number, api: ServerChild, fleet: FleetChild | undefined, log: LogTally): Promise<Sample> {
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
    return {
      t,
      fleet: fleet?.latest() ?? empty,
      connected: row.connected,
      telemetry: Number(row.telemetry),
      hellos: row.hellos,
      apiCpu: cpuSeconds(api.child.pid),
      apiRss: rssBytes(api.child.pid),
      dbCpu: this.dbCpuTotal,
      simCpu: fleet ? cpuSeconds(fleet.pid) : 0,
      simRss: fleet ? rssBytes(fleet.pid) : Number.NaN,
      logged: new Map(log.counts),
    };
  }
}

const pct = (cpuSeconds: number, seconds: number) => `${((100 * cpuSeconds) / seconds).toFixed(0)}%`;
const perSecond = (count: number, seconds: number) => fmtInt(count / seconds);
const loggedDelta = (from: Sample, to: Sample, msg: string) =>
  (to.logged.get(msg) ?? 0) - (from.logged.get(msg) ?? 0);

/** When the API first saw `share` of the claimed devices connected. */
function timeTo(samples: readonly Sample[], target: number): string {
  const hit = samples.find((sample) => sample.connected >= target);
  return hit ? `${hit.t.toFixed(0)} s` : 'not reached';
}

function timeline(samples: readonly Sample[]): string {
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
  api: ServerChild;
  sampler: Sampler;
  log: LogTally;
  claimed: number;
  start: () => FleetChild;
}): Promise<{ samples: Sample[]; connectEnd: Sample; ended: string }> {
  const { api, sampler, log, claimed } = options;
  const samples: Sample[] = [await sampler.sample(0, api, undefined, log)];
  const started = performance.now();
  const fleet = options.start();
  const tick = async (): Promise<Sample> => {
    // On the second, whatever the sampling itself took.
    await new Promise((resolve) => setTimeout(resolve, 1000 - ((performance.now() - started) % 1000)));
    const sample = await sampler.sample((performance.now() - started) / 1000, api, fleet, log);
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
    if (allStarted && sample.t - lastProgress >= STALL_S) {
      ended = `no progress for ${STALL_S} s`;
      break;
    }
    if (sample.t >= CONNECT_LIMIT_S) break;
  }
  const connectEnd = samples[samples.length - 1] as Sample;
  while ((samples[samples.length - 1] as Sample).t - connectEnd.t < STEADY_S) await tick();
  return { samples, connectEnd, ended };
}

export async function benchDeviceIngest(ctx: BenchContext): Promise<void> {
  heading(`8. Device ingest: ${fmtInt(DEVICES)} simulated devices on the API's embedded broker (PostgreSQL)`);
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    // The readings are counted in the store while the API runs; PGlite is one process's database.
    console.log('skipped: set DATABASE_URL to a PostgreSQL server where the bench may create a database');
    return;
  }
  const database = `fleetport_bench_ingest_${process.pid}`;
  const fleetFile = path.join(ctx.tmp, 'fleet.csv');
  // No units in trouble: every device the bench starts can connect, and stays connected.
  await loadOrCreateFleet(fleetFile, DEVICES, 1, { troubledDevices: false });
  let api: ServerChild | undefined;
  let fleet: FleetChild | undefined;
  let sampler: Sampler | undefined;
  try {
    await adminQuery(databaseUrl, `DROP DATABASE IF EXISTS ${database}`);
    await adminQuery(databaseUrl, `CREATE DATABASE ${database}`);
    const url = withDatabaseName(databaseUrl, database);
    const mqttPort = await freePort();
    const apiStarted = performance.now();
    api = await startApiChild(
      'PostgreSQL, devices',
      { DATABASE_URL: url, MQTT_PORT: String(mqttPort), MQTT_HOST: '127.0.0.1', DEMO_FLEET_CSV: fleetFile },
      180_000,
    );
    const log = new LogTally();
    log.attach(api);
    sampler = new Sampler(url);
    await sampler.connect();
    const claimed = await sampler.claimedDevices();
    console.log(
      `API up in ${((performance.now() - apiStarted) / 1000).toFixed(1)} s (migrations, demo world, ${fmtInt(claimed)} of the fleet's devices approved and added to the demo companies); broker mqtt://127.0.0.1:${mqttPort}`,
    );
    console.log(
      `fleet: device-sim seed 1, ${fmtInt(DEVICES)} devices (${fmtInt(DEVICES - claimed)} in no company: identities the demo leaves unclaimed), none in trouble (troubledDevices: false), started ${BATCH} a second; time scale ${TIME_SCALE}: readings every ${DYNAMIC_INTERVAL_S / TIME_SCALE} s (gateway default ${DYNAMIC_INTERVAL_S} s), plus every category once at connect`,
    );

    const fleetUrl = `mqtt://127.0.0.1:${mqttPort}`;
    const { samples, connectEnd, ended } = await runFleet({
      api,
      sampler,
      log,
      claimed,
      start: () => {
        fleet = startFleetChild({ url: fleetUrl, fleetFile });
        return fleet;
      },
    });
    const end = samples[samples.length - 1] as Sample;
    const baseline = samples[0] as Sample;

    console.log(timeline(samples));
    console.log(
      `\nconnect phase ended: ${ended} after ${connectEnd.t.toFixed(0)} s; sim: ${fmtInt(end.fleet.online)} online, ${fmtInt(end.fleet.connecting)} connecting, ${fmtInt(end.fleet.refused)} refused`,
    );
    console.log(
      `API view (devices marked connected, of ${fmtInt(claimed)}): 50% after ${timeTo(samples, claimed * 0.5)}, 90% after ${timeTo(samples, claimed * 0.9)}, 100% after ${timeTo(samples, claimed)}`,
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
          'DB backends CPU',
          'sim CPU',
        ],
        [
          phaseRow('connect', baseline, connectEnd, samples, false),
          phaseRow('steady', connectEnd, end, samples, true),
        ],
      ),
    );
    const steadyRate = (end.telemetry - connectEnd.telemetry) / (end.t - connectEnd.t);
    console.log(
      `steady window: ${fmtInt(steadyRate)} readings stored per second, ${((100 * steadyRate) / end.fleet.offered).toFixed(0)}% of the ${fmtInt(end.fleet.offered)} per second the online devices are set to send`,
    );
    console.log(
      `API RSS before the fleet: ${fmtBytes(baseline.apiRss)}; sim RSS at end: ${fmtBytes(end.simRss)}. CPU is % of one core (the machine has 2); "API CPU/reading" is all of the API's CPU in the steady window divided by the readings stored in it.`,
    );
    const logged = [...end.logged.entries()].sort((a, b) => b[1] - a[1]);
    if (logged.length === 0) console.log('API log: no warnings or errors');
    for (const [msg, count] of logged) {
      const cause = log.causes.get(msg);
      console.log(`API log: ${fmtInt(count)} × "${msg}"${cause ? ` (first cause: ${cause})` : ''}`);
    }
  } finally {
    await fleet?.stop();
    await api?.stop();
    await sampler?.close().catch(() => undefined);
    await adminQuery(databaseUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => undefined);
  }
}
