import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deviceSecretProblem } from '@fleetport/contracts/device-protocol';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HOSTILE, SPECIAL_INDEX } from './fleet.ts';
import { formatFleetCsv, loadOrCreateFleet, parseFleetCsv, readFleetCsv } from './fleet-manifest.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'fp-sim-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('fleet CSV', () => {
  it('round-trips fields with commas, quotes and markup', () => {
    const rows = [
      {
        serial: '1100000001',
        mac: '00:1E:42:00:00:01',
        secret: 'a-b_c',
        model: 'RUT956',
        firmware: `RUT9M_${HOSTILE.img}_R_00.07.06.1`,
        name: `Depot 7, ${HOSTILE.script}`,
      },
      {
        serial: '1100000002',
        mac: '00:1E:42:00:00:02',
        secret: 'd',
        model: 'TAP200',
        firmware: 'TAP200_R_00.07.08',
        name: 'say "hi"\nthere',
      },
    ];

    expect(parseFleetCsv(formatFleetCsv(rows))).toEqual(rows);
  });

  it('reads a manufacturer CSV by header name, with extra columns and lower-case MACs', () => {
    const text = '\uFEFFMAC,Serial,Batch,Secret\r\n00-1e-42-aa-bb-cc,1100000009,7,s3cret\r\n\r\n';

    expect(parseFleetCsv(text)).toEqual([
      { serial: '1100000009', mac: '00:1E:42:AA:BB:CC', secret: 's3cret', model: '', firmware: '', name: '' },
    ]);
  });

  it('refuses rows it could not connect with, naming the line', () => {
    expect(() => parseFleetCsv('serial,mac\n1100000001,00:1E:42:00:00:01\n', 'f.csv')).toThrow(
      'f.csv: the header has no "secret" column',
    );
    expect(() => parseFleetCsv('serial,mac,secret\n11-00,00:1E:42:00:00:01,x\n', 'f.csv')).toThrow(
      'f.csv:2: serial "11-00"',
    );
    expect(() => parseFleetCsv('serial,mac,secret\n1100000001,nope,x\n', 'f.csv')).toThrow(
      'f.csv:2: "nope" is not a MAC address',
    );
    expect(() => parseFleetCsv('serial,mac,secret\n1100000001,00:1E:42:00:00:01,\n', 'f.csv')).toThrow(
      'f.csv:2: the secret is empty',
    );
    expect(() =>
      parseFleetCsv(
        'serial,mac,secret\n1100000001,00:1E:42:00:00:01,x\n1100000001,00:1E:42:00:00:02,y\n',
        'f.csv',
      ),
    ).toThrow('f.csv:3: serial 1100000001 is listed twice');
  });
});

describe('loadOrCreateFleet', () => {
  it('creates a manifest of random secrets, one row per identity, readable by its owner only', async () => {
    const file = path.join(dir, 'sim', 'fleet.csv');

    const { devices, added } = await loadOrCreateFleet(file, 12, 1);

    const rows = await readFleetCsv(file);
    expect(added).toBe(12);
    expect(rows).toHaveLength(12);
    expect((await readFile(file, 'utf8')).split('\r\n')[0]).toBe('serial,mac,secret,model,firmware,name');
    expect(new Set(rows.map((row) => row.secret)).size).toBe(12);
    for (const row of rows) expect(row.secret).toMatch(/^[A-Za-z0-9_-]{32}$/);
    // Strong enough for Approved Devices (128 bits; 192 here), so the manifest imports as it is.
    for (const row of rows) expect(deviceSecretProblem(row.secret)).toBeUndefined();
    expect(devices.map((device) => device.secret)).not.toContain('');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('gives the clone the secret of the device it copies, and leaves it out of the manifest', async () => {
    const file = path.join(dir, 'fleet.csv');

    const { devices, added } = await loadOrCreateFleet(file, 12, 1, { testDevices: true });

    const clone = devices[SPECIAL_INDEX.clone];
    const original = devices[SPECIAL_INDEX.cloned];
    expect(clone?.cloneOf).toBe(SPECIAL_INDEX.cloned);
    expect(clone?.secret).toBe(original?.secret);
    expect(clone?.mac).not.toBe(original?.mac);
    const macs = (await readFleetCsv(file)).map((row) => row.mac);
    expect(added).toBe(11);
    expect(macs).toHaveLength(11);
    expect(macs).toContain(original?.mac);
    expect(macs).not.toContain(clone?.mac);
  });

  it('serves the fleet with test devices and without from one manifest, with the same secrets', async () => {
    const file = path.join(dir, 'fleet.csv');
    const tested = await loadOrCreateFleet(file, 20, 4, { testDevices: true });

    const plain = await loadOrCreateFleet(file, 20, 4);
    const again = await loadOrCreateFleet(file, 20, 4, { testDevices: true });

    // Only the clone's place needs an identity of its own.
    expect(plain.added).toBe(1);
    expect(again.added).toBe(0);
    for (const device of plain.devices) {
      if (device.index === SPECIAL_INDEX.clone) continue;
      expect(device.secret).toBe(tested.devices[device.index]?.secret);
    }
    expect(plain.devices.some((device) => device.cloneOf !== undefined || /[<>]/.test(device.name))).toBe(
      false,
    );
    expect(again.devices).toEqual(tested.devices);
  });

  it('reuses the secrets of an existing manifest and appends only what a larger fleet adds', async () => {
    const file = path.join(dir, 'fleet.csv');
    const first = await loadOrCreateFleet(file, 20, 4);

    const same = await loadOrCreateFleet(file, 20, 4);
    const larger = await loadOrCreateFleet(file, 30, 4);
    const smaller = await loadOrCreateFleet(file, 15, 4);

    expect(same.added).toBe(0);
    expect(same.devices.map((device) => device.secret)).toEqual(first.devices.map((device) => device.secret));
    expect(larger.added).toBe(10);
    expect(larger.devices.slice(0, 20)).toEqual(first.devices);
    expect(smaller.added).toBe(0);
    expect(await readFleetCsv(file)).toHaveLength(30);
  });

  it("keeps the manifest's MAC address for a serial, since that is what the API approved", async () => {
    const file = path.join(dir, 'fleet.csv');
    const { devices } = await loadOrCreateFleet(file, 3, 2);
    const rows = await readFleetCsv(file);
    const edited = rows.map((row, at) => (at === 1 ? { ...row, mac: '02:00:00:00:00:01' } : row));
    await writeFile(file, formatFleetCsv(edited));

    const reloaded = await loadOrCreateFleet(file, 3, 2);

    expect(reloaded.devices[1]?.mac).toBe('02:00:00:00:00:01');
    expect(reloaded.devices[0]).toEqual(devices[0]);
  });
});
