import { pbkdf2Sync, randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { makeCa, makeServerCertificate } from './broker-pki.ts';
import { loadOrCreateFleet, writeFleetCsv } from './fleet-manifest.ts';

/**
 * A deployment's first start (docker-compose.yml's `first-start` service), before the broker,
 * the API and the devices start. Each step makes what is missing and keeps what is there, so a
 * later start changes nothing and an operator's own files are never replaced:
 * - the broker's TLS certificate for devices (`--certs`: server.crt, server.key, and ca.crt for
 *   the devices), signed by a CA of the deployment's own (`--pki`: ca.key stays there);
 * - the Mosquitto dynamic-security file (`--dynsec`) with one client, the admin Fleetport's API
 *   connects as (MQTT_ADMIN_USER, MQTT_ADMIN_PASSWORD), as `mosquitto_ctrl dynsec init` writes it;
 * - the simulated fleet's manifest (`--fleet`, `--devices`), which the API approves as it seeds.
 */

const CA_DAYS = 3650;
const SERVER_DAYS = 825;

/** The plugin's own format: PBKDF2-HMAC-SHA512 of the password over the decoded salt. */
const ITERATIONS = 101;

/** A client's password as the plugin keeps it: the hash, its salt (base64 of raw bytes), the iterations. */
export function dynsecPassword(password: string): { password: string; salt: string; iterations: number } {
  const salt = randomBytes(12);
  const hash = pbkdf2Sync(password, salt, ITERATIONS, 64, 'sha512');
  return { password: hash.toString('base64'), salt: salt.toString('base64'), iterations: ITERATIONS };
}

export function dynsecFile(admin: string, password: string): string {
  const everything = (acltype: string, topic: string) => ({ acltype, topic, allow: true });
  return `${JSON.stringify(
    {
      clients: [
        {
          username: admin,
          textName: 'Dynsec admin user',
          ...dynsecPassword(password),
          roles: [{ rolename: 'admin' }],
        },
      ],
      roles: [
        {
          rolename: 'admin',
          acls: [
            everything('publishClientSend', '$CONTROL/dynamic-security/#'),
            everything('publishClientReceive', '$CONTROL/dynamic-security/#'),
            everything('subscribePattern', '$CONTROL/dynamic-security/#'),
            everything('publishClientReceive', '$SYS/#'),
            everything('subscribePattern', '$SYS/#'),
            everything('publishClientReceive', '#'),
            everything('subscribePattern', '#'),
            everything('unsubscribePattern', '#'),
          ],
        },
      ],
      defaultACLAccess: {
        publishClientSend: false,
        publishClientReceive: true,
        subscribe: false,
        unsubscribe: true,
      },
    },
    null,
    2,
  )}\n`;
}

async function exists(file: string): Promise<boolean> {
  return readFile(file).then(
    () => true,
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return false;
      throw error;
    },
  );
}

/** Written whole or not at all; `mode` so the broker's own user may read (or rewrite) it. */
async function put(file: string, text: string, mode: number): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, text, { mode, flag: 'wx' });
  await chmod(file, mode);
}

export interface FirstStart {
  certs?: string | undefined;
  pki?: string | undefined;
  names?: readonly string[] | undefined;
  dynsec?: string | undefined;
  admin?: { user: string; password: string } | undefined;
  fleet?: string | undefined;
  devices?: number | undefined;
}

/** Makes what is missing; answers one line per step in words. */
export async function firstStart(options: FirstStart): Promise<string[]> {
  const said: string[] = [];
  if (options.certs) {
    const certs = options.certs;
    const pki = options.pki ?? certs;
    const server = path.join(certs, 'server.crt');
    if (await exists(server)) {
      said.push(`the broker's certificate ${server} is there: kept`);
    } else {
      const caKey = path.join(pki, 'ca.key');
      const caCert = path.join(pki, 'ca.crt');
      const ca = (await exists(caKey))
        ? { certPem: await readFile(caCert, 'utf8'), keyPem: await readFile(caKey, 'utf8') }
        : await makeCa('Fleetport deployment CA', CA_DAYS);
      if (!(await exists(caKey))) {
        await put(caKey, ca.keyPem, 0o600);
        await put(caCert, ca.certPem, 0o644);
      }
      const names = options.names?.length ? options.names : ['localhost'];
      const pair = await makeServerCertificate(ca, names, SERVER_DAYS);
      // The broker runs as a user of its own: it reads the key; no other service mounts it.
      await put(path.join(certs, 'server.key'), pair.keyPem, 0o644);
      await put(server, pair.certPem, 0o644);
      if (path.resolve(pki) !== path.resolve(certs)) await put(path.join(certs, 'ca.crt'), ca.certPem, 0o644);
      said.push(
        `made the broker's certificate for ${names.join(', ')} (valid ${SERVER_DAYS} days), signed by this deployment's CA (${path.join(certs, 'ca.crt')}, the file devices trust)`,
      );
    }
  }
  if (options.dynsec) {
    if (await exists(options.dynsec)) {
      said.push(`the broker's dynamic-security file ${options.dynsec} is there: kept`);
    } else {
      if (!options.admin)
        throw new Error('MQTT_ADMIN_PASSWORD is not set: the broker needs an admin for Fleetport');
      if (options.admin.password.length < 16)
        throw new Error('MQTT_ADMIN_PASSWORD must be at least 16 characters');
      await put(options.dynsec, dynsecFile(options.admin.user, options.admin.password), 0o666);
      // The plugin saves by writing a new file beside it.
      await chmod(path.dirname(options.dynsec), 0o777);
      said.push(`made the broker's dynamic-security file with its admin ${options.admin.user}`);
    }
  }
  if (options.fleet) {
    await mkdir(path.dirname(options.fleet), { recursive: true });
    const { devices, added } = await loadOrCreateFleet(options.fleet, options.devices ?? 50, 1);
    // With no simulated devices, an empty manifest: the API's seed reads it either way.
    if (!(await exists(options.fleet))) await writeFleetCsv(options.fleet, []);
    said.push(`the simulated fleet's manifest ${options.fleet}: ${devices.length} devices, ${added} new`);
  }
  return said;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      certs: { type: 'string' },
      pki: { type: 'string' },
      dynsec: { type: 'string' },
      fleet: { type: 'string' },
    },
  });
  const password = process.env.MQTT_ADMIN_PASSWORD;
  const devices = Number(process.env.DEVICES ?? 50);
  if (!Number.isInteger(devices) || devices < 0)
    throw new Error(`DEVICES must be a whole number, not "${process.env.DEVICES}"`);
  const said = await firstStart({
    certs: values.certs,
    pki: values.pki,
    names: (process.env.MQTT_TLS_NAMES ?? 'localhost')
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean),
    dynsec: values.dynsec,
    admin: password ? { user: process.env.MQTT_ADMIN_USER ?? 'fleetport', password } : undefined,
    fleet: values.fleet,
    devices,
  });
  for (const line of said) process.stdout.write(`first start: ${line}\n`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main().catch((error: unknown) => {
    process.stderr.write(`first start: ${(error as Error).message}\n`);
    process.exitCode = 1;
  });
}
