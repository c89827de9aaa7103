import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiFixture, startTestApi } from '../../testing/fixtures.ts';

let fx: ApiFixture;
beforeAll(async () => {
  fx = await startTestApi();
});
afterAll(async () => {
  await fx?.stop();
});

const namesFor = async (email: string) => {
  const client = await fx.login(email);
  const answer = await client.get('/api/companies?limit=100&sort=name');
  expect(answer.status).toBe(200);
  return answer.body.data.map((company: { name: string }) => company.name);
};

describe('tenancy (spec §6): who sees which companies', () => {
  it('super_admin and support see every company', async () => {
    const all = [
      'Acme East',
      'Acme East Retail',
      'Acme Networks',
      'Acme West',
      'Fleetport',
      'Northwind Logistics',
    ];
    expect(await namesFor('super@fleetport.example')).toEqual(all);
    expect(await namesFor('support@fleetport.example')).toEqual(all);
  });

  it('admin and readonly_admin see their company and its whole subtree, never a sibling or the parent', async () => {
    const acme = ['Acme East', 'Acme East Retail', 'Acme Networks', 'Acme West'];
    expect(await namesFor('admin@acme.example')).toEqual(acme);
    expect(await namesFor('advanced@acme.example')).toEqual(acme);
    expect(await namesFor('east.admin@acme.example')).toEqual(['Acme East', 'Acme East Retail']);
    expect(await namesFor('admin@northwind.example')).toEqual(['Northwind Logistics']);
  });

  it('end_user and read_only see their own company only', async () => {
    expect(await namesFor('user@acme.example')).toEqual(['Acme Networks']);
    expect(await namesFor('guest@acme.example')).toEqual(['Acme Networks']);
  });

  it("answers another tenant's company and a missing one with the same 403 body", async () => {
    const acmeAdmin = await fx.login('admin@acme.example');
    const all = await (await fx.login('super@fleetport.example')).get('/api/companies?q=Northwind');
    const northwindId = all.body.data[0].id as number;
    const foreign = await acmeAdmin.get(`/api/companies/${northwindId}`);
    const missing = await acmeAdmin.get('/api/companies/999999');
    expect(foreign.status).toBe(403);
    expect(missing.status).toBe(403);
    expect(foreign.body).toEqual(missing.body);
  });

  it('reports the tier level: the root is 1st level, a reseller 2nd, its subsidiaries 3rd and 4th', async () => {
    const client = await fx.login('super@fleetport.example');
    const answer = await client.get('/api/companies?fields=name,level&sort=level,name&limit=100');
    expect(answer.body.data).toEqual([
      { name: 'Fleetport', level: 1 },
      { name: 'Acme Networks', level: 2 },
      { name: 'Northwind Logistics', level: 2 },
      { name: 'Acme East', level: 3 },
      { name: 'Acme West', level: 3 },
      { name: 'Acme East Retail', level: 4 },
    ]);
  });
});

describe('list conventions (RMS public API)', () => {
  it('pages with limit and offset and reports meta.total', async () => {
    const client = await fx.login('super@fleetport.example');
    const first = await client.get('/api/companies?limit=2&offset=0&sort=id');
    const second = await client.get('/api/companies?limit=2&offset=2&sort=id');
    expect(first.body.meta.total).toBe(6);
    expect(first.body.data).toHaveLength(2);
    expect(second.body.data[0].id).toBeGreaterThan(first.body.data[1].id);
  });

  it('searches with q and sorts descending with a leading -', async () => {
    const client = await fx.login('super@fleetport.example');
    const answer = await client.get('/api/companies?q=acme%20e&sort=-name&fields=name');
    expect(answer.body.data).toEqual([{ name: 'Acme East Retail' }, { name: 'Acme East' }]);
    expect(answer.body.meta.total).toBe(2);
  });

  it('refuses limit above 100, an unknown sort field and an unknown field with 422 naming the parameter', async () => {
    const client = await fx.login('super@fleetport.example');
    const tooMany = await client.get('/api/companies?limit=101');
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors[0].source).toBe('limit');
    const sort = await client.get('/api/companies?sort=password');
    expect(sort.status).toBe(422);
    expect(sort.body.errors[0]).toMatchObject({ source: 'sort', message: 'cannot sort by "password"' });
    const fields = await client.get('/api/companies?fields=name,secret');
    expect(fields.body.errors[0]).toMatchObject({ source: 'fields', message: 'unknown field "secret"' });
  });

  it('treats % and _ in q as plain characters', async () => {
    const client = await fx.login('super@fleetport.example');
    const answer = await client.get('/api/companies?q=%25');
    expect(answer.body.meta.total).toBe(0);
  });

  it("lists each company with its parent's name and its user and subsidiary counts, sortable by them", async () => {
    const client = await fx.login('admin@acme.example');
    const answer = await client.get(
      '/api/companies?fields=name,parent_name,subsidiaries,users&sort=-subsidiaries,name',
    );
    expect(answer.status).toBe(200);
    const rows = answer.body.data as {
      name: string;
      parent_name: string | null;
      subsidiaries: number;
      users: number;
    }[];
    expect(rows.map((row) => [row.name, row.parent_name, row.subsidiaries])).toEqual([
      ['Acme Networks', 'Fleetport', 2],
      ['Acme East', 'Acme Networks', 1],
      ['Acme East Retail', 'Acme East', 0],
      ['Acme West', 'Acme Networks', 0],
    ]);
    // Acme Networks holds the seeded Acme users; the count is its own users only.
    expect(rows[0]?.users).toBeGreaterThan(rows[1]?.users ?? 0);
  });

  it('filters by name and by parent name (contains, case aside), by id and level, within what the caller sees', async () => {
    const client = await fx.login('admin@acme.example');
    const byParent = await client.get('/api/companies?parent_name=acme%20EAST&fields=name');
    expect(byParent.body.data).toEqual([{ name: 'Acme East Retail' }]);
    const byName = await client.get('/api/companies?name=west&fields=name');
    expect(byName.body.data).toEqual([{ name: 'Acme West' }]);
    const byLevel = await client.get('/api/companies?level=3&sort=name&fields=name');
    expect(byLevel.body.data).toEqual([{ name: 'Acme East' }, { name: 'Acme West' }]);
    expect(byLevel.body.meta.total).toBe(2);
    // Northwind exists, but not for an Acme admin.
    const foreign = await client.get('/api/companies?name=northwind');
    expect(foreign.body.meta.total).toBe(0);
    const id = (await client.get('/api/companies?q=West&fields=id')).body.data[0].id as number;
    const byId = await client.get(`/api/companies?id=${id}&fields=name`);
    expect(byId.body.data).toEqual([{ name: 'Acme West' }]);
  });

  it('exclude_subtree leaves out a company and everything below it (the targets of a move)', async () => {
    const client = await fx.login('admin@acme.example');
    const east = (await client.get('/api/companies?name=acme%20east&sort=id&fields=id')).body.data[0]
      .id as number;
    const answer = await client.get(`/api/companies?exclude_subtree=${east}&sort=name&fields=name`);
    expect(answer.body.data).toEqual([{ name: 'Acme Networks' }, { name: 'Acme West' }]);
  });
});
