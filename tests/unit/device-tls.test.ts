import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ConnectThrottle } from '../../api/src/modules/devices/connect-throttle.ts';
import { EmbeddedBroker } from '../../api/src/modules/devices/transport.ts';
import { brokerCertificate, type TestCa, testCa } from '../../api/src/testing/test-pki.ts';
import { SimDevice } from '../../device-sim/src/device.ts';
import { generateFleet } from '../../device-sim/src/fleet.ts';

// Issue 31: the simulator, a credible unit, connects to the embedded broker over TLS when it
// trusts the broker's CA, and with another CA says why it did not, in one line, sending no secret.

const [generated] = generateFleet(1, { seed: 31 });
if (!generated) throw new Error('the fleet generator made no device');
const profile = { ...generated, secret: 'a-secret-of-at-least-128-bits-0000' };

let ca: TestCa;
let otherCa: TestCa;
let broker: EmbeddedBroker | undefined;
let device: SimDevice | undefined;
let dir = '';
const checked: string[] = [];

beforeAll(async () => {
  [ca, otherCa] = await Promise.all([testCa(), testCa('Someone else')]);
});
afterEach(async () => {
  await device?.stop();
  device = undefined;
  await broker?.close();
  broker = undefined;
  checked.length = 0;
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function startBroker(): Promise<EmbeddedBroker> {
  const cert = await brokerCertificate(ca);
  dir = mkdtempSync(path.join(tmpdir(), 'fp-sim-tls-'));
  const certFile = path.join(dir, 'fullchain.pem');
  const keyFile = path.join(dir, 'privkey.pem');
  writeFileSync(certFile, cert.certPem);
  writeFileSync(keyFile, cert.keyPem);
  broker = new EmbeddedBroker({
    host: '127.0.0.1',
    port: 0,
    plain: false,
    tls: { certFile, keyFile, host: '127.0.0.1', port: 0 },
    log: pino({ level: 'silent' }),
    verify: async (serial, mac, secret) => {
      checked.push(serial);
      return { ok: serial === profile.serial && mac === profile.mac && secret === profile.secret };
    },
    onDisconnect: () => undefined,
    throttle: new ConnectThrottle({ maxAddressFailures: 30, windowS: 900 }),
  });
  await broker.start(() => undefined);
  return broker;
}

describe('the simulator over TLS', () => {
  it('trusting the CA, it connects over mqtts and comes online', async () => {
    const started = await startBroker();
    device = new SimDevice({ url: `mqtts://127.0.0.1:${started.tlsPort}`, profile, ca: ca.pem });
    const online = new Promise<void>((resolve) => device?.once('online', () => resolve()));
    device.start();
    await online;
    expect(device.state).toBe('online');
    expect(checked).toEqual([profile.serial]);
  });

  it('with another CA it says the certificate is not one it trusts, and its secret never reaches the broker', async () => {
    const started = await startBroker();
    device = new SimDevice({ url: `mqtts://127.0.0.1:${started.tlsPort}`, profile, ca: otherCa.pem });
    const refused = new Promise<Error>((resolve) => device?.once('refused', resolve));
    device.start();
    const error = await refused;
    expect(error.message).toBe(
      "the broker's TLS certificate is not signed by the CA the unit trusts (UNABLE_TO_VERIFY_LEAF_SIGNATURE)",
    );
    expect(device.state).toBe('refused');
    expect(checked).toEqual([]);
  });
});
