import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiFixture, companyIdByName, startTestApi } from '../../testing/fixtures.ts';
import { parseIdentityCsv } from './approved.ts';

let fx: ApiFixture;
beforeAll(async () => {
  fx = await startTestApi();
});
afterAll(async () => {
  await fx?.stop();
});

/** 128 bits of hex: the shortest hex secret an import takes. */
const HEX_SECRET = '0123456789abcdef0123456789abcdef';
const csvOf = (rows: string[]) => ['serial,mac,secret,model', ...rows].join('\n');

describe('Approved Devices (spec §2 /auth-devices) and adding devices', () => {
  it('imports a manufacturer CSV; a bad row names its line and nothing is saved', async () => {
    const superAdmin = await fx.login('super@fleetport.example');
    const bad = await superAdmin.post('/api/auth-devices', {
      csv: csvOf([
        '3300000001,00:1E:42:33:00:01,secret-3300000001-abcdef,RUT241',
        '33,00:1E:42:33:00:02,secret-xxxxxxxxxxxxxxxx,RUT241',
      ]),
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0]).toMatchObject({ source: 'csv' });
    expect(bad.body.errors[0].message).toContain('Line 3');
    const listed = await superAdmin.get('/api/auth-devices?q=3300000001');
    expect(listed.body.data).toEqual([]);
    const good = await superAdmin.post('/api/auth-devices', {
      csv: csvOf([
        '3300000001,00-1e-42-33-00-01,secret-3300000001-abcdef,RUT241',
        '3300000002,00:1E:42:33:00:02,secret-3300000002-abcdef,TRB140',
      ]),
    });
    expect(good.body.data).toEqual({ imported: 2, skipped: 0 });
    // The same file again changes nothing.
    expect(
      (
        await superAdmin.post('/api/auth-devices', {
          csv: csvOf(['3300000001,00:1E:42:33:00:01,secret-3300000001-abcdef,RUT241']),
        })
      ).body.data,
    ).toEqual({ imported: 0, skipped: 1 });
    const rows = (await superAdmin.get('/api/auth-devices?q=33000000&sort=serial')).body.data;
    expect(rows.map((row: { serial: string; mac: string }) => [row.serial, row.mac])).toEqual([
      ['3300000001', '00:1E:42:33:00:01'],
      ['3300000002', '00:1E:42:33:00:02'],
    ]);
    // The secret is never shown.
    expect(JSON.stringify(rows)).not.toContain('secret-');
  });

  it('adds an approved device by serial and MAC; every failed claim answers alike', async () => {
    const superAdmin = await fx.login('super@fleetport.example');
    await superAdmin.post('/api/auth-devices', {
      csv: csvOf(['4400000001,00:1E:42:44:00:01,secret-4400000001-abcdef,RUT241']),
    });
    const admin = await fx.login('admin@acme.example');
    const west = await companyIdByName(fx, 'Acme West');
    const wrongMac = await admin.post('/api/devices', {
      company_id: west,
      serial: '4400000001',
      mac: '00:1E:42:44:00:02',
    });
    const unknown = await admin.post('/api/devices', {
      company_id: west,
      serial: '4400000999',
      mac: '00:1E:42:44:00:01',
    });
    expect(wrongMac.status).toBe(422);
    expect(unknown.body.errors).toEqual(wrongMac.body.errors);
    const added = await admin.post('/api/devices', {
      company_id: west,
      serial: '4400000001',
      mac: '00:1e:42:44:00:01',
      name: '<script>alert(1)</script>',
    });
    expect(added.status).toBe(201);
    expect(added.body.data).toMatchObject({
      status: 'pending',
      company_name: 'Acme West',
      name: '<script>alert(1)</script>',
    });
    const again = await admin.post('/api/devices', {
      company_id: west,
      serial: '4400000001',
      mac: '00:1E:42:44:00:01',
    });
    expect(again.body.errors).toEqual(wrongMac.body.errors);
    // The tree and the list count each company's devices.
    const tree = (await admin.get('/api/companies/tree')).body.data as { id: number; devices: number }[];
    const listed = (await admin.get(`/api/companies?limit=100&fields=id,devices`)).body.data as {
      id: number;
      devices: number;
    }[];
    const counted = (await admin.get(`/api/devices?company_id=${west}&limit=1`)).body.meta.total;
    expect(tree.find((node) => node.id === west)?.devices).toBe(counted);
    expect(listed.find((row) => row.id === west)?.devices).toBe(counted);
    expect(counted).toBeGreaterThan(0);
    // Tenancy: Northwind neither sees nor adds into Acme.
    const northwind = await fx.login('admin@northwind.example');
    expect((await northwind.get(`/api/devices/${added.body.data.id}`)).status).toBe(403);
    expect((await northwind.get('/api/devices?q=4400000001')).body.data).toEqual([]);
    expect(
      (
        await northwind.post('/api/devices', {
          company_id: west,
          serial: '4400000001',
          mac: '00:1E:42:44:00:01',
        })
      ).status,
    ).toBe(403);
  });

  it('lists with status, model and search filters, sorted, with the total', async () => {
    const admin = await fx.login('admin@acme.example');
    const pending = await admin.get('/api/devices?status=pending&q=4400000001');
    expect(pending.body.data.map((row: { serial: string }) => row.serial)).toEqual(['4400000001']);
    expect(pending.body.meta.total).toBe(1);
    expect((await admin.get('/api/devices?status=online&q=4400000001')).body.data).toEqual([]);
    expect((await admin.get('/api/devices?sort=-nope')).status).toBe(422);
    expect((await admin.get('/api/devices?status=sleeping')).status).toBe(422);
  });
});

describe('parseIdentityCsv', () => {
  it('needs the serial, mac and secret columns and checks each row', () => {
    expect(parseIdentityCsv('serial,mac\n1234567,00:1E:42:00:00:01').errors[0]?.line).toBe(1);
    const { rows, errors } = parseIdentityCsv(
      `mac,secret,serial\n00:1e:42:00:00:01,${HEX_SECRET},1234567\n\nbad,${HEX_SECRET},1234568\n00:1E:42:00:00:03,short,1234569\n00:1E:42:00:00:04,${HEX_SECRET},1234567`,
    );
    expect(rows).toEqual([{ line: 2, serial: '1234567', mac: '00:1E:42:00:00:01', secret: HEX_SECRET }]);
    expect(errors.map((error) => error.line)).toEqual([4, 5, 6]);
  });

  it('refuses a secret under 128 bits, naming the line and the rule', () => {
    const csv = (secret: string) => `serial,mac,secret\n1234567,00:1E:42:00:00:01,${secret}`;
    // 16 hex digits were enough before: 64 bits, refused now.
    const { rows, errors } = parseIdentityCsv(csv('0123456789abcdef'));
    expect(rows).toEqual([]);
    expect(errors).toEqual([
      {
        line: 2,
        message:
          'The secret is too short: it needs 128 bits, that is at least 32 hex digits, or 22 characters when it has other letters or symbols (base64, for instance).',
      },
    ]);
    expect(parseIdentityCsv(csv(HEX_SECRET.slice(1))).errors[0]?.message).toMatch(/32 hex digits/);
    expect(parseIdentityCsv(csv('Zm9vYmFyLWJhei1xdXV4LW')).rows).toHaveLength(1);
    expect(parseIdentityCsv(csv('Zm9vYmFyLWJhei1xdXV4L')).errors).toHaveLength(1);
    expect(parseIdentityCsv(csv('x'.repeat(201))).errors[0]?.message).toBe(
      'The secret is at most 200 characters.',
    );
  });
});

describe('the demo fleet (npm start)', () => {
  it("approves the simulator's manifest, spreads it over the demo companies and keeps the last three to add", async () => {
    const { seedDemoFleet } = await import('../../seed/demo-fleet.ts');
    const lines = Array.from({ length: 9 }, (_, index) => {
      const serial = `88000000${String(index).padStart(2, '0')}`;
      return `${serial},00:1E:42:88:00:${String(index).padStart(2, '0')},secret-${serial}-abcdef,RUT241,Unit ${index}`;
    });
    const csv = ['serial,mac,secret,model,name', ...lines].join('\n');
    expect(await seedDemoFleet(fx.api.deps.db, csv)).toEqual({ approved: 9, added: 6 });
    // Again: nothing new, and the kept-back identities stay unclaimed.
    expect(await seedDemoFleet(fx.api.deps.db, csv)).toEqual({ approved: 0, added: 0 });
    const superAdmin = await fx.login('super@fleetport.example');
    const listed = (await superAdmin.get('/api/devices?q=880000&sort=serial&limit=100')).body.data as {
      serial: string;
      name: string;
      company_name: string;
      monitoring: boolean;
    }[];
    expect(listed.map((row) => row.serial)).toEqual(lines.slice(0, 6).map((line) => line.split(',')[0]));
    expect(new Set(listed.map((row) => row.company_name)).size).toBeGreaterThan(3);
    expect(listed[0]?.name).toBe('Unit 0');
    expect(listed.filter((row) => !row.monitoring).map((row) => row.serial)).toEqual(['8800000005']);
    const unclaimed = (await superAdmin.get('/api/auth-devices?q=880000&unclaimed=true&sort=serial')).body
      .data;
    expect(unclaimed.map((row: { serial: string }) => row.serial)).toEqual([
      '8800000006',
      '8800000007',
      '8800000008',
    ]);
  });
});
