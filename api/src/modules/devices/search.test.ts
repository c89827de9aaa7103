import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceIdentities, devices } from '../../db/schema.ts';
import { type ApiFixture, companyIdByName, startTestApi, type TestClient } from '../../testing/fixtures.ts';
import { macDigits } from './list-queries.ts';

let fx: ApiFixture;
beforeAll(async () => {
  fx = await startTestApi();
  await addDevice('Acme West', {
    serial: '7710000001',
    mac: '00:1E:42:AB:CD:01',
    name: 'Depot gate',
    model: 'ZQX956',
    firmware: 'ZQX9_R_00.07.06.1',
    imei: '863400000000771',
    wanIp: '10.77.3.4',
  });
  await addDevice('Acme West', {
    serial: '7710000002',
    mac: '00:1E:42:AB:CD:02',
    name: 'Depot yard',
    model: 'ZQX956',
    firmware: 'ZQX9_R_00.07.08',
    imei: '863400000000772',
    wanIp: '10.78.0.1',
  });
  await addDevice('Acme Networks', {
    serial: '7710000003',
    mac: '00:1E:42:AB:EF:03',
    name: 'Head office',
    model: 'ZQX950',
    firmware: 'ZQX9_R_00.07.06.1',
  });
  await addDevice('Northwind Logistics', {
    serial: '7710000004',
    mac: '00:1E:42:AB:CD:04',
    name: 'Northwind depot',
    model: 'ZQXNW1',
    firmware: 'ZQXN_R_01.02',
  });
});
afterAll(async () => {
  await fx?.stop();
});

interface Added {
  serial: string;
  mac: string;
  name: string;
  model: string;
  firmware: string;
  imei?: string;
  wanIp?: string;
}

/** A device as the gateway leaves it after a hello and a reading of each kind. */
async function addDevice(company: string, device: Added): Promise<void> {
  const { db } = fx.api.deps;
  const [identity] = await db
    .insert(deviceIdentities)
    .values({ serial: device.serial, mac: device.mac, secretSha256: 'x'.repeat(64) })
    .returning();
  const at = new Date().toISOString();
  await db.insert(devices).values({
    companyId: await companyIdByName(fx, company),
    identityId: identity?.id ?? 0,
    serial: device.serial,
    mac: device.mac,
    name: device.name,
    model: device.model,
    firmware: device.firmware,
    state: {
      static: { at, data: { imei: device.imei ?? null, lan_ip: '192.168.1.1' } },
      dynamic: { at, data: { wan_ip: device.wanIp ?? null, signal: -70 } },
    },
  });
}

/** The serials of the devices a search or filter lists, sorted. */
async function serials(client: TestClient, query: string): Promise<string[]> {
  const answer = await client.get(`/api/devices?${query}&limit=100&fields=serial&sort=serial`);
  expect(answer.status).toBe(200);
  return (answer.body.data as { serial: string }[])
    .map((row) => row.serial)
    .filter((serial) => serial.startsWith('771'));
}

const search = (client: TestClient, term: string) => serials(client, `q=${encodeURIComponent(term)}`);

describe('the devices search (spec §2 /management/devices)', () => {
  it('finds a MAC address written with colons, dashes or nothing, in any case, whole or in part', async () => {
    const admin = await fx.login('admin@acme.example');
    for (const term of ['00:1E:42:AB:CD:01', '00-1e-42-ab-cd-01', '001E42ABCD01', '001e42abcd01']) {
      expect(await search(admin, term), term).toEqual(['7710000001']);
    }
    // The end of a MAC address, as printed on a label, in each notation; and a part across pairs.
    for (const term of ['ABCD0', 'ab:cd:0', 'AB-CD-0', 'b:cd']) {
      expect(await search(admin, term), term).toEqual(['7710000001', '7710000002']);
    }
    expect(await search(admin, 'E:42:AB:EF')).toEqual(['7710000003']);
    // Cisco's dotted form.
    expect(await search(admin, '001e.42ab.cd01')).toEqual(['7710000001']);
  });

  it('finds the IMEI, the WAN IP address by its start, the model and the firmware', async () => {
    const admin = await fx.login('admin@acme.example');
    expect(await search(admin, '863400000000772')).toEqual(['7710000002']);
    expect(await search(admin, '0000077')).toEqual(['7710000001', '7710000002']);
    expect(await search(admin, '10.77.')).toEqual(['7710000001']);
    expect(await search(admin, '10.78.0.1')).toEqual(['7710000002']);
    expect(await search(admin, 'zqx95')).toEqual(['7710000001', '7710000002', '7710000003']);
    expect(await search(admin, 'X950')).toEqual(['7710000003']);
    expect(await search(admin, '07.06.1')).toEqual(['7710000001', '7710000003']);
    // Name and serial as before; the LAN address every unit shares is not searched.
    expect(await search(admin, 'depot')).toEqual(['7710000001', '7710000002']);
    expect(await search(admin, '10000003')).toEqual(['7710000003']);
    expect(await search(admin, '192.168.1.1')).toEqual([]);
    // A term never matches across two fields, and wildcards are taken literally.
    expect(await search(admin, 'gate 7710000001')).toEqual([]);
    expect(await search(admin, 'Depot%')).toEqual([]);
  });

  it('follows a new reading: a device that moved to another WAN address is found at it', async () => {
    const admin = await fx.login('admin@acme.example');
    const { db } = fx.api.deps;
    const [row] = await db.select().from(devices).where(eq(devices.serial, '7710000002'));
    const state = row?.state as { dynamic: { at: string; data: Record<string, unknown> } };
    await db
      .update(devices)
      .set({ state: { ...state, dynamic: { ...state.dynamic, data: { wan_ip: '10.79.5.5' } } } })
      .where(eq(devices.serial, '7710000002'));
    expect(await search(admin, '10.79.5')).toEqual(['7710000002']);
    expect(await search(admin, '10.78.0.1')).toEqual([]);
  });

  it("never finds another tenant's device", async () => {
    const northwind = await fx.login('admin@northwind.example');
    expect(await search(northwind, '00:1E:42:AB:CD')).toEqual(['7710000004']);
    expect(await search(northwind, 'zqx')).toEqual(['7710000004']);
    const acme = await fx.login('admin@acme.example');
    expect(await search(acme, '001e42abcd04')).toEqual([]);
  });

  it('the model and firmware filters match anywhere in the value, case aside', async () => {
    const admin = await fx.login('admin@acme.example');
    expect(await serials(admin, 'model=x956')).toEqual(['7710000001', '7710000002']);
    expect(await serials(admin, 'model=zqx9')).toEqual(['7710000001', '7710000002', '7710000003']);
    expect(await serials(admin, 'firmware=07.06')).toEqual(['7710000001', '7710000003']);
    expect(await serials(admin, 'firmware=r_00.07.08&model=956')).toEqual(['7710000002']);
    expect(await serials(admin, 'model=_')).toEqual([]);
  });
});

describe('GET /devices/facets: the values the model and firmware filters offer', () => {
  const facets = async (client: TestClient, query: string) => {
    const answer = await client.get(`/api/devices/facets?${query}`);
    expect(answer.status).toBe(200);
    return answer.body.data as { value: string; count: number }[];
  };

  it("lists the values of the caller's fleet with their counts, most common first", async () => {
    const admin = await fx.login('admin@acme.example');
    expect(await facets(admin, 'field=model&search=zqx')).toEqual([
      { value: 'ZQX956', count: 2 },
      { value: 'ZQX950', count: 1 },
    ]);
    expect(await facets(admin, 'field=firmware&search=ZQX9_R')).toEqual([
      { value: 'ZQX9_R_00.07.06.1', count: 2 },
      { value: 'ZQX9_R_00.07.08', count: 1 },
    ]);
    // Anywhere in the value, case aside.
    expect(await facets(admin, 'field=model&search=x95')).toEqual([
      { value: 'ZQX956', count: 2 },
      { value: 'ZQX950', count: 1 },
    ]);
    expect(await facets(admin, 'field=firmware&search=07.08')).toEqual([
      { value: 'ZQX9_R_00.07.08', count: 1 },
    ]);
  });

  it("never offers another tenant's values; a company-scoped user sees its own company's", async () => {
    const northwind = await fx.login('admin@northwind.example');
    expect(await facets(northwind, 'field=model&search=zqx')).toEqual([{ value: 'ZQXNW1', count: 1 }]);
    const acme = await fx.login('admin@acme.example');
    expect((await facets(acme, 'field=model&limit=100')).map((facet) => facet.value)).not.toContain('ZQXNW1');
    const user = await fx.login('user@acme.example'); // end user of Acme Networks only
    expect(await facets(user, 'field=model&search=zqx')).toEqual([{ value: 'ZQX950', count: 1 }]);
    // A company the caller cannot see filters to nothing, as in the list.
    const north = await companyIdByName(fx, 'Northwind Logistics');
    expect(await facets(acme, `field=model&company_id=${north}`)).toEqual([]);
  });

  it("counts under the list's other filters, never under the field's own", async () => {
    const admin = await fx.login('admin@acme.example');
    const west = await companyIdByName(fx, 'Acme West');
    expect(await facets(admin, `field=model&search=zqx&company_id=${west}`)).toEqual([
      { value: 'ZQX956', count: 2 },
    ]);
    expect(await facets(admin, 'field=firmware&search=zqx&model=ZQX950')).toEqual([
      { value: 'ZQX9_R_00.07.06.1', count: 1 },
    ]);
    expect(await facets(admin, 'field=model&search=zqx&model=ZQX950')).toEqual([
      { value: 'ZQX956', count: 2 },
      { value: 'ZQX950', count: 1 },
    ]);
    expect(await facets(admin, 'field=model&search=zqx&q=depot%20gate')).toEqual([
      { value: 'ZQX956', count: 1 },
    ]);
  });

  it('refuses an unknown field and a limit out of range', async () => {
    const admin = await fx.login('admin@acme.example');
    const unknown = await admin.get('/api/devices/facets?field=name');
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors[0]).toMatchObject({ source: 'field' });
    expect((await admin.get('/api/devices/facets?field=model&limit=101')).status).toBe(422);
  });
});

describe('macDigits', () => {
  it('reads a term written as a MAC address, whole or in part, and nothing else', () => {
    expect(macDigits('00:1E:42:AA:BB:CC')).toBe('001E42AABBCC');
    expect(macDigits('00-1e-42')).toBe('001e42');
    expect(macDigits('E:42:A')).toBe('E42A');
    expect(macDigits('001e.42aa.bbcc')).toBe('001e42aabbcc');
    expect(macDigits('001E42AABBCC')).toBeUndefined(); // no separator: searched as it is
    expect(macDigits('10.0.')).toBeUndefined(); // an IP address's start, not 100
    expect(macDigits('depot-7')).toBeUndefined();
    expect(macDigits(':')).toBeUndefined();
  });
});
