import path from 'node:path';
import { loadOrCreateFleet } from '@fleetport/device-sim/fleet-manifest';
import pg from 'pg';
import { adminQuery, startApiChild, withDatabaseName } from './api-child.ts';
import { login, post, startFleetChild } from './bench-session.ts';
import { type BenchContext, envNumber, heading } from './context.ts';
import { cpuSeconds, rssBytes } from './load.ts';
import { freePort, type ServerChild } from './proc.ts';
import { fmtBytes, fmtInt, table } from './stats.ts';

/**
 * Part 12: Configure devices at scale (issue 22 "Tests and figures") on PostgreSQL: the real API
 * (a child, its embedded broker) and the simulated fleet in its own process, every device having
 * reported its configuration at its hello. Measured: the dry run (Confirm config) over every
 * device, with a common change and a unique host name per device (time, and the API's RSS before
 * and after), then the push itself: the group made, and tasks ended per second until every
 * connected device has applied its change (each simulated unit checks the change against its
 * section schemas, applies it at once and reports its new tree).
 */

const DEVICES = envNumber('BENCH_CONFIG_DEVICES', 10_000);
const BATCH = envNumber('BENCH_DEVICE_BATCH', 200);
const CONNECT_LIMIT_S = envNumber('BENCH_CONNECT_S', 150);
const PUSH_LIMIT_S = envNumber('BENCH_CONFIG_PUSH_S', 600);
const DRY_RUNS = 3;

interface Sample {
  t: number;
  sent: number;
  ended: number;
  failed: number;
  state: string;
  apiCpu: number;
  apiRss: number;
}

async function sample(db: pg.Client, t: number, api: ServerChild, groupId: number): Promise<Sample> {
  const { rows } = await db.query<{ sent: number; ended: number; failed: number; state: string }>(
    `SELECT (SELECT count(*) FROM tasks WHERE group_id = $1 AND state <> 'queued')::int AS sent,
            (SELECT count(*) FROM tasks WHERE group_id = $1
               AND state IN ('succeeded', 'failed', 'cancelled', 'expired'))::int AS ended,
            (SELECT count(*) FROM tasks WHERE group_id = $1 AND state = 'failed')::int AS failed,
            coalesce((SELECT state FROM task_groups WHERE id = $1), 'none') AS state`,
    [groupId],
  );
  const row = rows[0];
  return {
    t,
    sent: row?.sent ?? 0,
    ended: row?.ended ?? 0,
    failed: row?.failed ?? 0,
    state: row?.state ?? 'none',
    apiCpu: cpuSeconds(api.child.pid),
    apiRss: rssBytes(api.child.pid),
  };
}

const median = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

export async function benchConfigPush(ctx: BenchContext): Promise<void> {
  heading(
    `12. Configure devices: a dry run and a configuration push to ${fmtInt(DEVICES)} simulated devices (PostgreSQL)`,
  );
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.log('skipped: set DATABASE_URL to a PostgreSQL server where the bench may create a database');
    return;
  }
  const database = `fleetport_bench_config_${process.pid}`;
  const fleetFile = path.join(ctx.tmp, 'config-fleet.csv');
  await loadOrCreateFleet(fleetFile, DEVICES, 1, { troubledDevices: false });
  let api: ServerChild | undefined;
  let fleet: { pid: number | undefined; stop: () => Promise<void> } | undefined;
  const db = new pg.Client({ connectionString: withDatabaseName(databaseUrl, database) });
  let connected = false;
  try {
    await adminQuery(databaseUrl, `DROP DATABASE IF EXISTS ${database}`);
    await adminQuery(databaseUrl, `CREATE DATABASE ${database}`);
    const url = withDatabaseName(databaseUrl, database);
    const mqttPort = await freePort();
    api = await startApiChild(
      'PostgreSQL, configuration',
      { DATABASE_URL: url, MQTT_PORT: String(mqttPort), MQTT_HOST: '127.0.0.1', DEMO_FLEET_CSV: fleetFile },
      180_000,
    );
    await db.connect();
    connected = true;
    const claimed = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM devices')).rows[0]?.n ?? 0;
    fleet = startFleetChild(`mqtt://127.0.0.1:${mqttPort}`, fleetFile, {
      devices: DEVICES,
      batchSize: BATCH,
    });
    const connecting = performance.now();
    let reported = 0;
    while (reported < claimed * 0.98 && (performance.now() - connecting) / 1000 < CONNECT_LIMIT_S) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      reported =
        (
          await db.query<{ n: number }>(
            'SELECT count(*)::int AS n FROM devices d JOIN device_configs c ON c.device_id = d.id WHERE d.connected',
          )
        ).rows[0]?.n ?? 0;
    }
    const configBytes =
      (
        await db.query<{ n: number }>(
          'SELECT coalesce(avg(pg_column_size(config)), 0)::int AS n FROM device_configs',
        )
      ).rows[0]?.n ?? 0;
    console.log(
      `fleet: ${fmtInt(DEVICES)} simulated devices (seed 1), ${fmtInt(claimed)} in the demo companies, ${fmtInt(reported)} connected with their configuration reported after ${((performance.now() - connecting) / 1000).toFixed(0)} s (a tree is ${fmtBytes(configBytes)} stored)`,
    );

    const session = await login(api, 'super@fleetport.example');
    const serials = (await db.query<{ serial: string }>('SELECT serial FROM devices ORDER BY id')).rows.map(
      (row) => row.serial,
    );
    const request = {
      action: 'config.write',
      filter: {},
      changes: { ntp: { enabled: true, server: 'time.bench.com' }, monitoring: { interval_min: 7 } },
      unique: serials.map((serial) => ({ serial, changes: { system: { hostname: `bench-${serial}` } } })),
      rollback_s: 300,
    };
    const body = JSON.stringify(request).length;
    const rows: string[][] = [];
    let preview:
      | { devices: number; companies: number; offline: number; settings?: number; skipped_total: number }
      | undefined;
    for (const [label, asked] of [
      ['common change only', { ...request, unique: undefined }],
      ['with a unique host name per device', request],
    ] as const) {
      const times: number[] = [];
      const rss: number[] = [];
      for (let run = 0; run < DRY_RUNS; run += 1) {
        const before = rssBytes(api.child.pid);
        const started = performance.now();
        preview = (await post(api, session, '/devices/tasks/groups/preview', asked)) as typeof preview;
        times.push(performance.now() - started);
        rss.push(rssBytes(api.child.pid) - before);
      }
      rows.push([
        label,
        `${median(times).toFixed(0)} ms`,
        fmtBytes(Math.max(0, Math.max(...rss))),
        fmtBytes(rssBytes(api.child.pid)),
      ]);
    }
    console.log(
      table(['dry run over every device', 'median time', 'API RSS growth (max)', 'API RSS after'], rows),
    );
    console.log(
      `the dry run said: ${fmtInt(preview?.settings ?? 0)} settings on ${fmtInt(preview?.devices ?? 0)} devices in ${fmtInt(preview?.companies ?? 0)} companies; ${fmtInt(preview?.offline ?? 0)} offline; ${fmtInt(preview?.skipped_total ?? 0)} skipped (request body ${fmtBytes(body)})`,
    );

    const createStarted = performance.now();
    const group = (await post(api, session, '/devices/tasks/groups', request)) as {
      id: number;
      total: number;
    };
    const createMs = performance.now() - createStarted;
    console.log(`push: the group of ${fmtInt(group.total)} devices made in ${createMs.toFixed(0)} ms`);
    const started = performance.now();
    const samples: Sample[] = [await sample(db, 0, api, group.id)];
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 1000 - ((performance.now() - started) % 1000)));
      const now = await sample(db, (performance.now() - started) / 1000, api, group.id);
      samples.push(now);
      if (now.state === 'finished' || now.t > PUSH_LIMIT_S) break;
      // Done but for devices that are not connected (they wait for their deadline): nothing moved for 30 s.
      const before = samples[samples.length - 31];
      if (before && before.ended === now.ended && before.sent === now.sent) break;
    }
    const end = samples[samples.length - 1] as Sample;
    const perTen: string[][] = [];
    for (let at = 10; at < samples.length; at += 10) {
      const [from, to] = [samples[at - 10] as Sample, samples[at] as Sample];
      const seconds = to.t - from.t;
      perTen.push([
        `${to.t.toFixed(0)} s`,
        fmtInt((to.sent - from.sent) / seconds),
        fmtInt((to.ended - from.ended) / seconds),
        fmtInt(to.ended),
        `${((100 * (to.apiCpu - from.apiCpu)) / seconds).toFixed(0)}%`,
        fmtBytes(to.apiRss),
      ]);
    }
    console.log(table(['at', 'sent/s', 'ended/s', 'ended', 'API CPU', 'API RSS'], perTen));
    console.log(
      `\nthe push ${end.state === 'finished' ? 'finished' : `was ${end.state}`} at ${end.t.toFixed(0)} s: ${fmtInt(end.ended)} of ${fmtInt(group.total)} tasks ended (${fmtInt(end.failed)} failed), ${fmtInt(end.ended / Math.max(1, end.t))} tasks/s over the whole push; API RSS peak ${fmtBytes(Math.max(...samples.map((entry) => entry.apiRss)))}`,
    );
  } finally {
    await fleet?.stop();
    await api?.stop();
    if (connected) await db.end().catch(() => undefined);
    await adminQuery(databaseUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => undefined);
  }
}
