import { type ChildProcess, spawn } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstStart } from './first-start.ts';

// docker-compose.yml's first start: the broker's certificate, its dynamic-security admin and the
// fleet's manifest, made once and kept; then deploy/mosquitto/mosquitto.conf itself, run on this
// machine's Mosquitto with those files: TLS for devices, no anonymous client on any listener.

const MOSQUITTO = '/usr/sbin/mosquitto';
const PLUGIN = '/usr/lib/x86_64-linux-gnu/mosquitto_dynamic_security.so';
const CONF = fileURLToPath(new URL('../../deploy/mosquitto/mosquitto.conf', import.meta.url));
const ADMIN = { user: 'fleetport', password: 'first-start admin password' };

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'fleetport-first-start-'));
  // Mosquitto, started as root, runs as its own user: it must reach the files.
  await chmod(dir, 0o755);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const at = (...parts: string[]) => path.join(dir, ...parts);
const options = () => ({
  certs: at('certs'),
  pki: at('pki'),
  names: ['mqtt', 'localhost', '127.0.0.1'],
  dynsec: at('data', 'dynamic-security.json'),
  admin: ADMIN,
  fleet: at('fleet', 'fleet.csv'),
  devices: 3,
});

describe('first start of a deployment', () => {
  it('makes a broker certificate for the names devices use, signed by a CA of its own that devices get', async () => {
    const said = await firstStart(options());
    expect(said.join('\n')).toContain("made the broker's certificate for mqtt, localhost, 127.0.0.1");
    const server = new X509Certificate(await readFile(at('certs', 'server.crt')));
    const ca = new X509Certificate(await readFile(at('certs', 'ca.crt')));
    expect(server.verify(ca.publicKey)).toBe(true);
    expect(server.checkIssued(ca)).toBe(true);
    expect(server.checkHost('mqtt')).toBe('mqtt');
    expect(server.checkIP('127.0.0.1')).toBe('127.0.0.1');
    expect(server.checkHost('example.com')).toBeUndefined();
    // The CA's key stays with the first start; the broker gets its own pair and the CA certificate.
    expect(existsSync(at('pki', 'ca.key'))).toBe(true);
    expect(existsSync(at('certs', 'ca.key'))).toBe(false);
    expect((await readFile(at('fleet', 'fleet.csv'), 'utf8')).trim().split('\n')).toHaveLength(4);
  });

  it('keeps what is there: a second start changes nothing, an operator certificate is never replaced', async () => {
    const before = await Promise.all(
      ['certs/server.crt', 'certs/server.key', 'data/dynamic-security.json', 'fleet/fleet.csv'].map((file) =>
        readFile(at(file), 'utf8'),
      ),
    );
    const said = await firstStart(options());
    expect(said.join('\n')).toContain('is there: kept');
    const after = await Promise.all(
      ['certs/server.crt', 'certs/server.key', 'data/dynamic-security.json', 'fleet/fleet.csv'].map((file) =>
        readFile(at(file), 'utf8'),
      ),
    );
    expect(after).toEqual(before);
  });

  it('writes an empty manifest when the deployment runs no simulated devices', async () => {
    const other = await mkdtemp(path.join(tmpdir(), 'fleetport-first-start-'));
    try {
      await firstStart({ fleet: path.join(other, 'fleet.csv'), devices: 0 });
      expect((await readFile(path.join(other, 'fleet.csv'), 'utf8')).trim().split('\n')).toHaveLength(1);
    } finally {
      await rm(other, { recursive: true, force: true });
    }
  });

  it('refuses to make a broker admin without a password of at least 16 characters', async () => {
    const other = await mkdtemp(path.join(tmpdir(), 'fleetport-first-start-'));
    try {
      await expect(firstStart({ dynsec: path.join(other, 'd.json') })).rejects.toThrow(
        'MQTT_ADMIN_PASSWORD is not set',
      );
      await expect(
        firstStart({ dynsec: path.join(other, 'd.json'), admin: { user: 'fleetport', password: 'short' } }),
      ).rejects.toThrow('at least 16 characters');
    } finally {
      await rm(other, { recursive: true, force: true });
    }
  });

  describe.runIf(existsSync(MOSQUITTO) && existsSync(PLUGIN))(
    "the compose broker's own configuration",
    () => {
      let broker: ChildProcess | undefined;
      let tlsPort = 0;
      let plainPort = 0;
      beforeAll(async () => {
        tlsPort = await freePort();
        plainPort = await freePort();
        // deploy/mosquitto/mosquitto.conf as it is, but for this machine's paths and free ports.
        const conf = (await readFile(CONF, 'utf8'))
          .replaceAll('/usr/lib/mosquitto_dynamic_security.so', PLUGIN)
          .replaceAll('/mosquitto/', `${dir}/`)
          .replace('listener 8883 0.0.0.0', `listener ${tlsPort} 127.0.0.1`)
          .replace('listener 1883 0.0.0.0', `listener ${plainPort} 127.0.0.1`)
          .replace('log_dest stdout', 'log_dest none');
        await writeFile(at('mosquitto.conf'), conf);
        broker = spawn(MOSQUITTO, ['-c', at('mosquitto.conf')], { stdio: 'ignore' });
        for (let attempt = 0; attempt < 50; attempt++) {
          const up = await mqtt
            .connectAsync(`mqtt://127.0.0.1:${plainPort}`, {
              username: ADMIN.user,
              password: ADMIN.password,
              reconnectPeriod: 0,
              connectTimeout: 1000,
            })
            .then(
              (client) => client.endAsync().then(() => true),
              () => false,
            );
          if (up) return;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        throw new Error('the broker did not start');
      });
      afterAll(() => {
        broker?.kill('SIGTERM');
      });

      it('lets the admin in over TLS with the CA the first start made, and answers its dynamic-security commands', async () => {
        const client = await mqtt.connectAsync(`mqtts://localhost:${tlsPort}`, {
          ca: await readFile(at('certs', 'ca.crt')),
          username: ADMIN.user,
          password: ADMIN.password,
          reconnectPeriod: 0,
        });
        try {
          const answer = new Promise<string>((resolve) =>
            client.on('message', (_topic, body) => resolve(body.toString())),
          );
          await client.subscribeAsync('$CONTROL/dynamic-security/v1/response');
          await client.publishAsync(
            '$CONTROL/dynamic-security/v1',
            JSON.stringify({ commands: [{ command: 'listClients' }] }),
          );
          expect(JSON.parse(await answer)).toMatchObject({
            responses: [{ command: 'listClients', data: { clients: [ADMIN.user] } }],
          });
        } finally {
          await client.endAsync();
        }
      });

      it('refuses an anonymous client and a wrong password on either listener, and a device that does not trust the CA', async () => {
        const refused = (url: string, extra: Record<string, unknown>) =>
          mqtt.connectAsync(url, { reconnectPeriod: 0, connectTimeout: 3000, ...extra }).then(
            async (client) => {
              await client.endAsync();
              return 'connected';
            },
            (error: Error) => error.message,
          );
        const ca = await readFile(at('certs', 'ca.crt'));
        expect(await refused(`mqtt://127.0.0.1:${plainPort}`, {})).toMatch(/Not authorized|Bad username/i);
        expect(await refused(`mqtts://localhost:${tlsPort}`, { ca })).toMatch(/Not authorized|Bad username/i);
        expect(
          await refused(`mqtts://localhost:${tlsPort}`, {
            ca,
            username: ADMIN.user,
            password: 'not the password',
          }),
        ).toMatch(/Not authorized|Bad username/i);
        expect(
          await refused(`mqtts://localhost:${tlsPort}`, { username: ADMIN.user, password: ADMIN.password }),
        ).toMatch(/self-signed|unable to verify|certificate/i);
      });
    },
  );
});
