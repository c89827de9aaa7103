import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { makeCa, makeServerCertificate } from '@fleetport/device-sim/broker-pki';
import { dynsecFile, dynsecPassword } from '@fleetport/device-sim/first-start';
import { parseIdentityCsv } from '../../api/src/modules/devices/approved.ts';
import {
  GATEWAY_ROLE,
  gatewayAcls,
  provisionCommands,
  roleCommand,
} from '../../api/src/modules/devices/dynsec-plan.ts';
import { type DynsecBroker, hasDynsec, startDynsecBroker } from '../../api/src/testing/mosquitto.ts';
import { type BenchContext, heading } from './context.ts';
import { fmtSeconds, INGEST, type IngestResult, prepareIngest, runIngest } from './fleet-ingest.ts';
import { freePort, track } from './proc.ts';
import { fmtBytes, fmtInt, table } from './stats.ts';

/**
 * Part 13: the same fleet as part 8 through three transports, each in a fresh database: (a) the
 * API's embedded broker over plain MQTT, (b) the embedded broker over TLS (a CA and a server
 * certificate of the bench's own, broker-pki.ts; the devices trust the CA), (c) Mosquitto with
 * its dynamic-security plugin and two API replicas sharing the devices' messages
 * (MQTT_URL as the plugin's admin, MQTT_DYNSEC=on, one MQTT_SHARE_GROUP).
 *
 * For (c) the plugin's file is written before the broker starts, with every device's client and
 * role as Fleetport's planning makes them (dynsec-plan.ts): provisioning ten thousand clients
 * through the control topic takes Mosquitto 2.0 about 0.2 s each at that size (the plugin
 * rewrites its whole file per change). Each replica's resync at start must then find the broker
 * in line: the part says whether any "must be imported again" line was logged, and how long the
 * resync took.
 */

/** The setups to run (BENCH_TRANSPORTS, e.g. `plain,mosquitto`): all three by default. */
type Transport = 'plain' | 'tls' | 'mosquitto';
const TRANSPORTS = (process.env.BENCH_TRANSPORTS ?? 'plain,tls,mosquitto')
  .split(',')
  .map((name) => name.trim())
  .filter((name): name is Transport => name === 'plain' || name === 'tls' || name === 'mosquitto');

const ADMIN = 'fleetport';
const ADMIN_PASSWORD = 'bench-admin-password-0001';
const SHARE_GROUP = 'fleetport';

/** The resync's log line (dynsec.ts) and what it warns of when clients are missing. */
const RESYNC_LINE = 'Mosquitto broker checked against Approved Devices';
const MUST_IMPORT = 'must be imported again';
const GATEWAY_READY = 'device gateway ready';

type FileEntry = Record<string, unknown>;

/**
 * The dynamic-security file of a broker Fleetport has provisioned with these identities: the
 * admin (first-start.ts) holding the gateway's role too, that role, and each device's client
 * (its password hashed as the plugin keeps it) and role, from the same commands an import sends.
 */
export function provisionedDynsecJson(
  identities: readonly { serial: string; mac: string; secret: string }[],
): string {
  const file = JSON.parse(dynsecFile(ADMIN, ADMIN_PASSWORD)) as { clients: FileEntry[]; roles: FileEntry[] };
  const admin = file.clients[0] as { roles: { rolename: string }[] };
  admin.roles.push({ rolename: GATEWAY_ROLE });
  const { command: _gateway, ...gateway } = roleCommand('createRole', GATEWAY_ROLE, gatewayAcls(SHARE_GROUP));
  file.roles.push(gateway);
  for (const identity of identities) {
    for (const { command, ...fields } of provisionCommands({ ...identity, fresh: true }, undefined, ADMIN) ??
      []) {
      if (command === 'createRole') file.roles.push(fields);
      else if (command === 'createClient') {
        const { password, ...client } = fields;
        file.clients.push({ ...client, ...dynsecPassword(String(password)) });
      } else throw new Error(`an import would send ${command}: the bench's file does not say it`);
    }
  }
  return JSON.stringify(file);
}

/** A CA and the embedded broker's certificate for 127.0.0.1, in a folder of the bench's own. */
async function makeTls(dir: string): Promise<{ caFile: string; certFile: string; keyFile: string }> {
  await mkdir(dir, { recursive: true });
  const ca = await makeCa('Fleetport bench CA', 2);
  const server = await makeServerCertificate(ca, ['127.0.0.1', 'localhost'], 2);
  const files = {
    caFile: path.join(dir, 'ca.crt'),
    certFile: path.join(dir, 'server.crt'),
    keyFile: path.join(dir, 'server.key'),
  };
  await writeFile(files.caFile, ca.certPem);
  await writeFile(files.certFile, server.certPem);
  await writeFile(files.keyFile, server.keyPem, { mode: 0o600 });
  return files;
}

/** "1.23×" */
const ratio = (value: number, base: number) =>
  Number.isFinite(value) && Number.isFinite(base) && base > 0 ? `${(value / base).toFixed(2)}×` : 'n/a';

/** Each replica's resync: from its gateway's start to the resync's line, and what the line said. */
function resyncs(result: IngestResult, replicas: number): string[] {
  const said: string[] = [];
  for (let replica = 0; replica < replicas; replica++) {
    const mine = result.info.filter((line) => line.replica === replica);
    const ready = mine.find((line) => line.msg === GATEWAY_READY);
    const checked = mine.find((line) => line.msg.startsWith(RESYNC_LINE));
    said.push(
      checked
        ? `replica ${replica + 1}: "${checked.msg}"${ready ? `, ${((checked.time - ready.time) / 1000).toFixed(1)} s after its gateway started` : ''}`
        : `replica ${replica + 1}: no resync line in its log`,
    );
  }
  return said;
}

export async function benchDeviceTransports(ctx: BenchContext): Promise<void> {
  heading(
    `13. Device transports: ${fmtInt(INGEST.devices)} simulated devices, plain, TLS, and Mosquitto with two replicas (PostgreSQL)`,
  );
  const prepared = await prepareIngest(ctx.tmp);
  if (!prepared) return;
  const { databaseUrl, fleetFile } = prepared;
  // Info lines too: the gateway's start and each resync are said once at info.
  const log = { LOG_LEVEL: 'info' };
  const results: { key: Transport; label: string; result: IngestResult; broker: boolean }[] = [];
  const chosen = new Set(TRANSPORTS);

  if (chosen.has('plain')) {
    console.log('\n--- (a) embedded broker, plain MQTT ---');
    const plainPort = await freePort();
    results.push({
      key: 'plain',
      label: 'embedded, plain',
      broker: false,
      result: await runIngest(databaseUrl, {
        name: 'transport_plain',
        fleetFile,
        replicas: 1,
        apiEnv: { ...log, MQTT_PORT: String(plainPort), MQTT_HOST: '127.0.0.1' },
        fleetUrl: `mqtt://127.0.0.1:${plainPort}`,
      }),
    });
  }
  if (chosen.has('tls')) {
    console.log('\n--- (b) embedded broker, MQTT over TLS ---');
    const tls = await makeTls(path.join(ctx.tmp, 'tls'));
    const tlsPort = await freePort();
    results.push({
      key: 'tls',
      label: 'embedded, TLS',
      broker: false,
      result: await runIngest(databaseUrl, {
        name: 'transport_tls',
        fleetFile,
        replicas: 1,
        apiEnv: {
          ...log,
          MQTT_HOST: '127.0.0.1',
          MQTT_PLAIN: 'off',
          MQTT_TLS_CERT: tls.certFile,
          MQTT_TLS_KEY: tls.keyFile,
          MQTT_TLS_HOST: '127.0.0.1',
          MQTT_TLS_PORT: String(tlsPort),
        },
        fleetUrl: `mqtts://127.0.0.1:${tlsPort}`,
        caFile: tls.caFile,
      }),
    });
  }
  if (chosen.has('mosquitto')) console.log('\n--- (c) Mosquitto (dynamic security), two API replicas ---');
  if (chosen.has('mosquitto') && !hasDynsec) {
    console.log(
      'skipped: needs /usr/sbin/mosquitto, mosquitto_ctrl and the dynamic-security plugin (Debian: mosquitto)',
    );
  } else if (chosen.has('mosquitto')) {
    const written = performance.now();
    const { rows } = parseIdentityCsv(await readFile(fleetFile, 'utf8'));
    const json = provisionedDynsecJson(rows);
    const writtenS = (performance.now() - written) / 1000;
    let broker: DynsecBroker | undefined;
    try {
      const started = performance.now();
      broker = await startDynsecBroker(ADMIN, ADMIN_PASSWORD, { dynsecJson: json, startTimeoutMs: 60_000 });
      track(broker.process);
      console.log(
        `Mosquitto: ${fmtInt(rows.length)} device clients and roles written in ${writtenS.toFixed(1)} s (${fmtBytes(json.length)}), broker up in ${((performance.now() - started) / 1000).toFixed(1)} s at ${broker.url}`,
      );
      const result = await runIngest(databaseUrl, {
        name: 'transport_mosquitto',
        fleetFile,
        replicas: 2,
        apiEnv: { ...log, MQTT_URL: broker.adminUrl, MQTT_DYNSEC: 'on', MQTT_SHARE_GROUP: SHARE_GROUP },
        fleetUrl: broker.url,
        brokerPid: broker.process.pid,
      });
      results.push({ key: 'mosquitto', label: 'Mosquitto + 2 replicas', broker: true, result });
      for (const line of resyncs(result, 2)) console.log(`resync, ${line}`);
      const mustImport = [...result.logged.keys()].filter((msg) => msg.includes(MUST_IMPORT));
      console.log(
        mustImport.length === 0
          ? `no "${MUST_IMPORT}" line in either replica's log: the broker was found in line`
          : `${mustImport.length} "${MUST_IMPORT}" line(s): ${mustImport[0]?.slice(0, 160)}`,
      );
    } finally {
      await broker?.stop();
    }
  }

  console.log('\n--- side by side ---');
  console.log(
    table(
      [
        'setup',
        '50% / 90% / 100% connected',
        'API CPU/connect',
        'readings stored/s (steady)',
        'API CPU',
        'API CPU/reading',
        'broker CPU',
        'broker CPU/reading',
        'DB CPU',
        'API RSS at end',
        'broker RSS',
        'API warn+error lines',
      ],
      results.map(({ label, result, broker }) => [
        label,
        `${fmtSeconds(result.t50)} / ${fmtSeconds(result.t90)} / ${fmtSeconds(result.t100)}`,
        `${result.apiCpuPerConnectMs.toFixed(2)} ms`,
        fmtInt(result.steadyRate),
        `${result.apiCpuPct.toFixed(0)}%`,
        `${result.apiCpuPerReadingUs.toFixed(0)} µs`,
        broker ? `${result.brokerCpuPct.toFixed(0)}%` : '',
        broker ? `${result.brokerCpuPerReadingUs.toFixed(0)} µs` : '',
        `${result.dbCpuPct.toFixed(0)}%`,
        fmtBytes(result.apiRssEnd),
        broker ? fmtBytes(result.brokerRssEnd) : '',
        fmtInt(result.warnings),
      ]),
    ),
  );
  const resultOf = (key: Transport) => results.find((entry) => entry.key === key)?.result;
  const plain = resultOf('plain');
  if (!plain) return;
  const rows: string[][] = [];
  const compare = (label: string, other: IngestResult | undefined) => {
    if (!other) return;
    rows.push([
      label,
      ratio(other.t100 ?? Number.NaN, plain.t100 ?? Number.NaN),
      ratio(other.t50 ?? Number.NaN, plain.t50 ?? Number.NaN),
      ratio(other.apiCpuPerConnectMs, plain.apiCpuPerConnectMs),
      ratio(other.steadyRate, plain.steadyRate),
      ratio(other.apiCpuPerReadingUs, plain.apiCpuPerReadingUs),
      ratio(other.apiCpuPerReadingUs + (other.brokerCpuPerReadingUs || 0), plain.apiCpuPerReadingUs),
      ratio(other.apiRssEnd, plain.apiRssEnd),
    ]);
  };
  compare('TLS vs plain', resultOf('tls'));
  compare('Mosquitto + 2 replicas vs plain', resultOf('mosquitto'));
  console.log(
    table(
      [
        'ratio',
        'time to 100%',
        'time to 50%',
        'API CPU/connect',
        'readings stored/s',
        'API CPU/reading',
        'API + broker CPU/reading',
        'API RSS',
      ],
      rows,
    ),
  );
}
