import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { loadOrCreateFleet } from '@fleetport/device-sim/fleet-manifest';
import pg from 'pg';
import { adminQuery, startApiChild, withDatabaseName } from './api-child.ts';
import { headersOf, login, post, type Session, startFleetChild } from './bench-session.ts';
import { type BenchContext, envNumber, heading } from './context.ts';
import { cpuSeconds, rssBytes } from './load.ts';
import { freePort, type ServerChild } from './proc.ts';
import { fmtBytes, fmtInt, table } from './stats.ts';

/**
 * Part 11: a firmware campaign to a simulated fleet on PostgreSQL (issue 21 "Tests and figures"):
 * the real API (a child, its embedded broker), the fleet in its own process (device-sim, which
 * really downloads the image over HTTP through each task's signed link, hashes it, flashes and
 * comes back on the new version; a share of updates fails as real ones do), and one campaign to
 * every device the platform admin sees: a canary, then waves, the health gate on. Counted from
 * the store once a second: tasks sent, downloads finished (a task's 80 % line, which the device
 * reports once the whole image has arrived and matched), tasks ended; the API's CPU and RSS.
 */

const DEVICES = envNumber('BENCH_CAMPAIGN_DEVICES', 10_000);
const BATCH = envNumber('BENCH_DEVICE_BATCH', 200);
/** The image's size: 10,000 devices × 256 KiB is 2.5 GiB through the API. */
const IMAGE_KB = envNumber('BENCH_CAMPAIGN_IMAGE_KB', 256);
const FAILURE_RATE = envNumber('BENCH_CAMPAIGN_FAILURE_PERCENT', 2) / 100;
const CANARY_PERCENT = 1;
const WAVES = 4;
/** Above the failure rate the fleet is set to: the gate watches and lets the campaign through. */
const THRESHOLD_PERCENT = 20;
const CONNECT_LIMIT_S = envNumber('BENCH_CONNECT_S', 150);
const CAMPAIGN_LIMIT_S = envNumber('BENCH_CAMPAIGN_S', 600);

interface Sample {
  t: number;
  connected: number;
  sent: number;
  downloaded: number;
  ended: number;
  failed: number;
  wave: number;
  state: string;
  apiCpu: number;
  apiRss: number;
  simCpu: number;
}

/** Uploads the campaign's image to the global catalogue, fitting every model family. */
async function uploadImage(api: ServerChild, session: Session, bytes: Buffer): Promise<number> {
  const form = new FormData();
  form.set('version', '00.09.01');
  form.set('families', 'RUT,TRB,TCR,TAP,TSW,OTD');
  form.set('release_notes', 'Bench image.');
  form.set('file', new Blob([new Uint8Array(bytes)]), 'BENCH_R_00.09.01.bin');
  const answer = await fetch(`${api.url}/api/files/global/firmware`, {
    method: 'POST',
    headers: headersOf(session),
    body: form,
  });
  if (answer.status !== 201)
    throw new Error(`image upload answered ${answer.status}: ${await answer.text()}`);
  return ((await answer.json()) as { data: { id: number } }).data.id;
}

async function sample(
  db: pg.Client,
  t: number,
  api: ServerChild,
  simPid: number | undefined,
  groupId: number,
) {
  const { rows } = await db.query<{
    connected: number;
    sent: number;
    downloaded: number;
    ended: number;
    failed: number;
    wave: number;
    state: string;
  }>(
    `SELECT (SELECT count(*) FROM devices WHERE connected)::int AS connected,
            (SELECT count(DISTINCT l.task_id) FROM task_logs l JOIN tasks t ON t.id = l.task_id
               WHERE t.group_id = $1 AND l.state = 'sent')::int AS sent,
            (SELECT count(DISTINCT l.task_id) FROM task_logs l JOIN tasks t ON t.id = l.task_id
               WHERE t.group_id = $1 AND l.progress >= 80)::int AS downloaded,
            (SELECT count(*) FROM tasks WHERE group_id = $1
               AND state IN ('succeeded', 'failed', 'cancelled', 'expired'))::int AS ended,
            (SELECT count(*) FROM tasks WHERE group_id = $1 AND state = 'failed')::int AS failed,
            coalesce((SELECT current_wave FROM task_groups WHERE id = $1), 0)::int AS wave,
            coalesce((SELECT state FROM task_groups WHERE id = $1), 'none') AS state`,
    [groupId],
  );
  const row = rows[0];
  return {
    t,
    connected: row?.connected ?? 0,
    sent: row?.sent ?? 0,
    downloaded: row?.downloaded ?? 0,
    ended: row?.ended ?? 0,
    failed: row?.failed ?? 0,
    wave: row?.wave ?? 0,
    state: row?.state ?? 'none',
    apiCpu: cpuSeconds(api.child.pid),
    apiRss: rssBytes(api.child.pid),
    simCpu: cpuSeconds(simPid),
  } satisfies Sample;
}

const pct = (cpu: number, seconds: number) => `${((100 * cpu) / seconds).toFixed(0)}%`;

export async function benchFirmwareCampaign(ctx: BenchContext): Promise<void> {
  heading(`11. A firmware campaign to ${fmtInt(DEVICES)} simulated devices (PostgreSQL)`);
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.log('skipped: set DATABASE_URL to a PostgreSQL server where the bench may create a database');
    return;
  }
  const database = `fleetport_bench_campaign_${process.pid}`;
  const fleetFile = path.join(ctx.tmp, 'campaign-fleet.csv');
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
      'PostgreSQL, campaign',
      { DATABASE_URL: url, MQTT_PORT: String(mqttPort), MQTT_HOST: '127.0.0.1', DEMO_FLEET_CSV: fleetFile },
      180_000,
    );
    await db.connect();
    connected = true;
    const claimed = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM devices')).rows[0]?.n ?? 0;
    fleet = startFleetChild(`mqtt://127.0.0.1:${mqttPort}`, fleetFile, {
      devices: DEVICES,
      batchSize: BATCH,
      firmwareFailureRate: FAILURE_RATE,
      // Flashing and the restart as a fast unit does them: the campaign's pace is the engine's.
      firmwareStepMs: 250,
      rebootDelayMs: 2_000,
    });
    const connecting = performance.now();
    let online = 0;
    while (online < claimed * 0.98 && (performance.now() - connecting) / 1000 < CONNECT_LIMIT_S) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      online =
        (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM devices WHERE connected')).rows[0]
          ?.n ?? 0;
    }
    console.log(
      `fleet: ${fmtInt(DEVICES)} simulated devices (seed 1), ${fmtInt(claimed)} in the demo companies, ${fmtInt(online)} connected after ${((performance.now() - connecting) / 1000).toFixed(0)} s; ${(FAILURE_RATE * 100).toFixed(0)} % of updates set to fail (checksum, power loss, no space); image ${IMAGE_KB} KiB`,
    );

    const session = await login(api, 'super@fleetport.example');
    const fileId = await uploadImage(api, session, randomBytes(IMAGE_KB * 1024));
    const request = {
      action: 'firmware.update',
      filter: {},
      file_id: fileId,
      canary_percent: CANARY_PERCENT,
      wave_count: WAVES,
      failure_threshold: THRESHOLD_PERCENT,
    };
    const previewStarted = performance.now();
    const preview = (await post(api, session, '/devices/tasks/groups/preview', request)) as {
      devices: number;
      offline: number;
      waves: number[];
    };
    const previewMs = performance.now() - previewStarted;
    const createStarted = performance.now();
    const group = (await post(api, session, '/devices/tasks/groups', request)) as {
      id: number;
      total: number;
    };
    const createMs = performance.now() - createStarted;
    console.log(
      `campaign: ${fmtInt(group.total)} devices (${fmtInt(preview.offline)} offline at the start), waves ${preview.waves.map(fmtInt).join(' / ')}, gate at ${THRESHOLD_PERCENT} %; dry run answered in ${previewMs.toFixed(0)} ms, the group made in ${createMs.toFixed(0)} ms`,
    );

    const started = performance.now();
    const samples: Sample[] = [await sample(db, 0, api, fleet.pid, group.id)];
    const waveEnds = new Map<number, number>();
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 1000 - ((performance.now() - started) % 1000)));
      const now = await sample(db, (performance.now() - started) / 1000, api, fleet.pid, group.id);
      const before = samples[samples.length - 1] as Sample;
      if (now.wave > before.wave) waveEnds.set(before.wave, now.t);
      samples.push(now);
      if (now.state === 'finished' || now.state === 'paused' || now.t > CAMPAIGN_LIMIT_S) break;
      // Done but for devices that are not connected (they wait for their deadline).
      if (now.ended >= group.total - (claimed - online)) break;
    }
    const end = samples[samples.length - 1] as Sample;
    const rows: string[][] = [];
    for (let at = 10; at < samples.length; at += 10) {
      const [from, to] = [samples[at - 10] as Sample, samples[at] as Sample];
      const seconds = to.t - from.t;
      rows.push([
        `${to.t.toFixed(0)} s`,
        String(to.wave),
        fmtInt((to.sent - from.sent) / seconds),
        fmtBytes(((to.downloaded - from.downloaded) * IMAGE_KB * 1024) / seconds),
        fmtInt((to.ended - from.ended) / seconds),
        fmtInt(to.ended),
        pct(to.apiCpu - from.apiCpu, seconds),
        fmtBytes(to.apiRss),
        pct(to.simCpu - from.simCpu, seconds),
      ]);
    }
    console.log(
      table(
        ['at', 'wave', 'sent/s', 'image bytes served/s', 'ended/s', 'ended', 'API CPU', 'API RSS', 'sim CPU'],
        rows,
      ),
    );
    const peakRss = Math.max(...samples.map((entry) => entry.apiRss));
    const waveLine = [...waveEnds.entries()]
      .map(([wave, t]) => `${wave === 0 ? 'canary' : `wave ${wave}`} over at ${t.toFixed(0)} s`)
      .join(', ');
    console.log(
      `\n${waveLine}; the campaign ${end.state === 'finished' ? 'finished' : `was ${end.state}`} at ${end.t.toFixed(0)} s with ${fmtInt(end.ended)} of ${fmtInt(group.total)} tasks ended (${fmtInt(end.failed)} failed: ${((100 * end.failed) / Math.max(1, end.ended)).toFixed(1)} %)`,
    );
    console.log(
      `whole campaign: ${fmtInt(end.sent / end.t)} tasks sent/s, ${fmtInt(end.ended / end.t)} ended/s, ${fmtBytes((end.downloaded * IMAGE_KB * 1024) / end.t)}/s of image served (${fmtBytes(end.downloaded * IMAGE_KB * 1024)} in all); API CPU ${pct(end.apiCpu - (samples[0] as Sample).apiCpu, end.t)} of a core, RSS peak ${fmtBytes(peakRss)}`,
    );
  } finally {
    await fleet?.stop();
    await api?.stop();
    if (connected) await db.end().catch(() => undefined);
    await adminQuery(databaseUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => undefined);
  }
}
