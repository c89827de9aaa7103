import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect as tlsConnect } from 'node:tls';
import { clientIdFor } from '@fleetport/contracts/device-protocol';
import { connectAsync, type MqttClient } from 'mqtt';
import { pino } from 'pino';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { brokerCertificate, type TestCa, testCa } from '../../testing/test-pki.ts';
import { chooseListeners, readDeviceTls } from './broker-tls.ts';
import { ConnectThrottle } from './connect-throttle.ts';
import { EmbeddedBroker } from './transport.ts';

// Issue 31, MQTT over TLS on the embedded broker (docs/device-protocol.md, "Transport security").

const SERIAL = '1100000042';
const MAC = '00:1E:42:00:00:42';
const SECRET = 'a-secret-of-at-least-128-bits-000';

let ca: TestCa;
let otherCa: TestCa;
let dir: string;
beforeAll(async () => {
  [ca, otherCa] = await Promise.all([testCa(), testCa('Someone else')]);
});

const opened: { broker?: EmbeddedBroker; clients: MqttClient[] } = { clients: [] };
afterEach(async () => {
  for (const client of opened.clients.splice(0)) await client.endAsync(true);
  await opened.broker?.close();
  opened.broker = undefined;
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function files(cert: string, key: string) {
  dir = mkdtempSync(path.join(tmpdir(), 'fp-tls-'));
  const certFile = path.join(dir, 'fullchain.pem');
  const keyFile = path.join(dir, 'privkey.pem');
  writeFileSync(certFile, cert);
  writeFileSync(keyFile, key);
  return { certFile, keyFile };
}

async function startTlsBroker(certFile: string, keyFile: string, plain = false) {
  const broker = new EmbeddedBroker({
    host: '127.0.0.1',
    port: 0,
    plain,
    tls: { certFile, keyFile, host: '127.0.0.1', port: 0, pollMs: 50 },
    log: pino({ level: 'silent' }),
    verify: async (serial, mac, secret) => ({ ok: serial === SERIAL && mac === MAC && secret === SECRET }),
    onDisconnect: () => undefined,
    throttle: new ConnectThrottle({ maxAddressFailures: 30, windowS: 900 }),
  });
  opened.broker = broker;
  await broker.start(() => undefined);
  return broker;
}

function device(broker: EmbeddedBroker, trusted: string) {
  return connectAsync(`mqtts://127.0.0.1:${broker.tlsPort}`, {
    ca: trusted,
    rejectUnauthorized: true,
    clientId: clientIdFor(SERIAL, MAC),
    username: SERIAL,
    password: SECRET,
    protocolVersion: 4,
    reconnectPeriod: 0,
    connectTimeout: 5000,
  }).then((client) => {
    opened.clients.push(client);
    return client;
  });
}

/** The serial number of the certificate the broker presents now. */
function presented(port: number, trusted: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = tlsConnect({ host: '127.0.0.1', port, ca: trusted, servername: 'localhost' }, () => {
      resolve(socket.getPeerCertificate().serialNumber.toLowerCase());
      socket.end();
    });
    socket.on('error', reject);
  });
}

describe('the embedded broker over TLS', () => {
  it('a device that trusts the CA connects over TLS; one that does not never sends its secret', async () => {
    const cert = await brokerCertificate(ca);
    const { certFile, keyFile } = files(cert.certPem, cert.keyPem);
    const broker = await startTlsBroker(certFile, keyFile);
    expect(broker.address).toMatch(/^mqtts:\/\/127\.0\.0\.1:\d+$/);
    // TLS only: no plain listener was opened.
    expect(broker.port).toBe(0);
    const client = await device(broker, ca.pem);
    expect(client.connected).toBe(true);
    // The other CA did not sign the broker's certificate: the handshake fails before CONNECT.
    await expect(device(broker, otherCa.pem)).rejects.toMatchObject({
      code: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
    });
  });

  it('a renewed certificate takes over new connections; a connected device stays', async () => {
    const first = await brokerCertificate(ca, { serial: '0a01' });
    const { certFile, keyFile } = files(first.certPem, first.keyPem);
    const broker = await startTlsBroker(certFile, keyFile);
    const client = await device(broker, ca.pem);
    expect(await presented(broker.tlsPort, ca.pem)).toBe('0a01');
    const renewed = await brokerCertificate(ca, { serial: '0a02' });
    writeFileSync(keyFile, renewed.keyPem);
    writeFileSync(certFile, renewed.certPem);
    await expect.poll(() => presented(broker.tlsPort, ca.pem), { timeout: 5000 }).toBe('0a02');
    expect(client.connected).toBe(true);
  });

  it('a certificate that does not match its key, or has expired, stops the start in words', async () => {
    const good = await brokerCertificate(ca);
    const stranger = await brokerCertificate(ca, { serial: '0b01' });
    const mismatched = files(good.certPem, stranger.keyPem);
    expect(() => readDeviceTls(mismatched)).toThrow(
      /MQTT_TLS_KEY .* is not the key of the certificate in MQTT_TLS_CERT/,
    );
    await expect(startTlsBroker(mismatched.certFile, mismatched.keyFile)).rejects.toThrow(/is not the key/);

    const expired = await brokerCertificate(ca, { validDays: -1 });
    const old = files(expired.certPem, expired.keyPem);
    expect(() => readDeviceTls(old)).toThrow(/TLS certificate \(MQTT_TLS_CERT, .*\) expired on \d{4}-/);
    expect(() => readDeviceTls({ certFile: path.join(dir, 'none.pem'), keyFile: old.keyFile })).toThrow(
      /MQTT_TLS_CERT \(.*none\.pem\) cannot be read: there is no such file/,
    );
    expect(() => readDeviceTls({ certFile: old.keyFile, keyFile: old.keyFile })).toThrow(
      /holds no PEM certificate/,
    );
  });
});

describe('plain MQTT only where it is safe or asked for (MQTT_PLAIN)', () => {
  it('is on for a loopback address, off for a public one when TLS is there, refused without TLS', () => {
    expect(chooseListeners({ plain: 'loopback', host: '127.0.0.1', tls: false })).toEqual({
      plain: true,
      tls: false,
    });
    expect(chooseListeners({ plain: 'loopback', host: '0.0.0.0', tls: true })).toEqual({
      plain: false,
      tls: true,
    });
    expect(() => chooseListeners({ plain: 'loopback', host: '0.0.0.0', tls: false })).toThrow(
      /plain MQTT there would carry device secrets in clear text/,
    );
    expect(chooseListeners({ plain: 'on', host: '0.0.0.0', tls: false })).toEqual({
      plain: true,
      tls: false,
    });
    expect(() => chooseListeners({ plain: 'off', host: '127.0.0.1', tls: false })).toThrow(
      /nowhere to connect/,
    );
    expect(chooseListeners({ plain: 'off', host: '127.0.0.1', tls: true })).toEqual({
      plain: false,
      tls: true,
    });
  });
});
