import { MAX_COMPANY_LEVEL, UNCHANGED_MESSAGE } from '@fleetport/contracts/companies';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiFixture, startTestApi, TEST_PASSWORD, type TestClient } from '../../testing/fixtures.ts';

let fx: ApiFixture;
beforeAll(async () => {
  fx = await startTestApi();
});
afterAll(async () => {
  await fx?.stop();
});

interface Company {
  id: number;
  name: string;
  parent_id: number | null;
  level: number;
}

const idOf = async (client: TestClient, name: string): Promise<number> => {
  const answer = await client.get(`/api/companies?q=${encodeURIComponent(name)}&limit=100`);
  const found = (answer.body.data as Company[]).find((company) => company.name === name);
  if (!found) throw new Error(`${name} not visible`);
  return found.id;
};

const create = (client: TestClient, name: string, parentId: number | null) =>
  client.post('/api/companies', { name, parent_id: parentId });

describe('POST /companies (spec §2 "New company", §5, §7)', () => {
  it('an admin creates a subsidiary of its own company and of a subsidiary; the level follows', async () => {
    const admin = await fx.login('east.admin@acme.example');
    const east = await idOf(admin, 'Acme East');
    const first = await create(admin, '  East Depot  ', east);
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ name: 'East Depot', parent_id: east, level: 4 });
    const second = await create(admin, 'East Depot Annex', first.body.data.id);
    expect(second.body.data).toMatchObject({ parent_id: first.body.data.id, level: 5 });
    // It is in the caller's list and tree at once.
    const tree = await admin.get('/api/companies/tree');
    expect(tree.body.data.map((node: Company) => node.name)).toContain('East Depot Annex');
  });

  it('spec §5: the name is required and at least 3 characters; a sibling may not share it', async () => {
    const admin = await fx.login('admin@acme.example');
    const acme = await idOf(admin, 'Acme Networks');
    const short = await create(admin, 'AB', acme);
    expect(short.status).toBe(422);
    expect(short.body.errors).toEqual([
      { code: 'VALIDATION_ERROR', message: 'must be at least 3 characters', source: 'name' },
    ]);
    const blank = await create(admin, '   ', acme);
    expect(blank.body.errors[0]).toMatchObject({ source: 'name', message: 'is required' });
    const taken = await create(admin, 'acme EAST', acme);
    expect(taken.status).toBe(422);
    expect(taken.body.errors[0]).toMatchObject({
      source: 'name',
      message: 'A company with this name already exists under the same parent.',
    });
  });

  it('spec §6: only under a company the caller manages; end users, guests and support create none', async () => {
    const eastAdmin = await fx.login('east.admin@acme.example');
    const superAdmin = await fx.login('super@fleetport.example');
    const acme = await idOf(superAdmin, 'Acme Networks');
    const northwind = await idOf(superAdmin, 'Northwind Logistics');
    expect((await create(eastAdmin, 'Up The Tree', acme)).status).toBe(403);
    expect((await create(eastAdmin, 'Next Door', northwind)).status).toBe(403);
    for (const email of ['user@acme.example', 'guest@acme.example', 'support@fleetport.example']) {
      const client = await fx.login(email);
      expect((await create(client, 'Not Allowed', acme)).status).toBe(403);
    }
    // A missing parent answers like a foreign one.
    expect((await create(eastAdmin, 'Nowhere', 999_999)).status).toBe(403);
  });

  it('a new 1st-level tree (parent_id null) is for super admins; others must name a parent', async () => {
    const superAdmin = await fx.login('super@fleetport.example');
    const root = await create(superAdmin, 'Independent Reseller', null);
    expect(root.body.data).toMatchObject({ parent_id: null, level: 1 });
    const admin = await fx.login('admin@acme.example');
    const refused = await create(admin, 'Own Root', null);
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0]).toMatchObject({ source: 'parent_id', message: 'is required' });
  });

  it(`refuses a company below level ${MAX_COMPANY_LEVEL}`, async () => {
    const superAdmin = await fx.login('super@fleetport.example');
    let parent = (await create(superAdmin, 'Deep 1', null)).body.data as Company;
    for (let level = 2; level <= MAX_COMPANY_LEVEL; level += 1) {
      parent = (await create(superAdmin, `Deep ${level}`, parent.id)).body.data as Company;
    }
    expect(parent.level).toBe(MAX_COMPANY_LEVEL);
    const tooDeep = await create(superAdmin, 'Too Deep', parent.id);
    expect(tooDeep.status).toBe(422);
    expect(tooDeep.body.errors[0].source).toBe('parent_id');
  });
});

describe('PUT /companies/{id} (spec §2 "Edit company", §5)', () => {
  it("renames; the same name is refused with 'Please input different value to save changes.'", async () => {
    const admin = await fx.login('admin@acme.example');
    const id = (await create(admin, 'Rename Me', await idOf(admin, 'Acme Networks'))).body.data.id;
    const same = await admin.put(`/api/companies/${id}`, { name: 'Rename Me' });
    expect(same.status).toBe(422);
    expect(same.body.errors[0]).toMatchObject({ source: 'name', message: UNCHANGED_MESSAGE });
    const renamed = await admin.put(`/api/companies/${id}`, { name: 'Renamed' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data.name).toBe('Renamed');
    expect((await admin.get(`/api/companies/${id}`)).body.data.name).toBe('Renamed');
  });

  it('show_payment is a setting of super admins (spec §3)', async () => {
    const admin = await fx.login('admin@acme.example');
    const superAdmin = await fx.login('super@fleetport.example');
    const west = await idOf(superAdmin, 'Acme West');
    expect((await admin.put(`/api/companies/${west}`, { show_payment: true })).status).toBe(403);
    const on = await superAdmin.put(`/api/companies/${west}`, { show_payment: true });
    expect(on.body.data.show_payment).toBe(true);
    await superAdmin.put(`/api/companies/${west}`, { show_payment: false });
  });
});

describe('POST /companies/move (spec §2 "Move company", §7)', () => {
  it('moves a subtree under another company: parent, levels and paths follow; the tree shows it', async () => {
    const admin = await fx.login('admin@acme.example');
    const acme = await idOf(admin, 'Acme Networks');
    const west = await idOf(admin, 'Acme West');
    const branch = (await create(admin, 'Mobile Branch', acme)).body.data as Company;
    const leaf = (await create(admin, 'Mobile Leaf', branch.id)).body.data as Company;
    const moved = await admin.post('/api/companies/move', { source: branch.id, target: west });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ id: branch.id, parent_id: west, level: 4 });
    expect((await admin.get(`/api/companies/${leaf.id}`)).body.data.level).toBe(5);
    // West's admin-level view (a subtree scan on the path) now holds both.
    const tree = (await admin.get('/api/companies/tree')).body.data as Company[];
    const names = tree.map((node) => node.name);
    expect(names.indexOf('Mobile Branch')).toBeGreaterThan(names.indexOf('Acme West'));
    expect(names.indexOf('Mobile Leaf')).toBe(names.indexOf('Mobile Branch') + 1);
  });

  it('never into itself or below itself, never where it already is', async () => {
    const admin = await fx.login('admin@acme.example');
    const branch = (await create(admin, 'Loop Branch', await idOf(admin, 'Acme Networks'))).body
      .data as Company;
    const child = (await create(admin, 'Loop Child', branch.id)).body.data as Company;
    for (const target of [branch.id, child.id]) {
      const answer = await admin.post('/api/companies/move', { source: branch.id, target });
      expect(answer.status).toBe(422);
      expect(answer.body.errors[0]).toMatchObject({
        source: 'target',
        message: 'A company cannot be moved into itself or one of its subsidiaries.',
      });
    }
    const already = await admin.post('/api/companies/move', { source: child.id, target: branch.id });
    expect(already.body.errors[0].source).toBe('target');
  });

  it('two moves at once that would make a cycle (each under the other): exactly one happens', async () => {
    const admin = await fx.login('admin@acme.example');
    const acme = await idOf(admin, 'Acme Networks');
    const left = (await create(admin, 'Cycle Left', acme)).body.data as Company;
    const right = (await create(admin, 'Cycle Right', acme)).body.data as Company;
    const answers = await Promise.all([
      admin.post('/api/companies/move', { source: left.id, target: right.id }),
      admin.post('/api/companies/move', { source: right.id, target: left.id }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 422]);
    const after = await Promise.all([left.id, right.id].map((id) => admin.get(`/api/companies/${id}`)));
    const parents = after.map((answer) => answer.body.data.parent_id);
    // One is the other's subsidiary, and the other still hangs from Acme Networks.
    expect(parents.filter((parent) => parent === acme)).toHaveLength(1);
  });

  it('only within what the caller manages: not its own company, not out of its subtree', async () => {
    const eastAdmin = await fx.login('east.admin@acme.example');
    const superAdmin = await fx.login('super@fleetport.example');
    const east = await idOf(superAdmin, 'Acme East');
    const retail = await idOf(superAdmin, 'Acme East Retail');
    const west = await idOf(superAdmin, 'Acme West');
    expect((await eastAdmin.post('/api/companies/move', { source: retail, target: west })).status).toBe(403);
    expect((await eastAdmin.post('/api/companies/move', { source: east, target: retail })).status).toBe(403);
    const guest = await fx.login('guest@acme.example');
    expect((await guest.post('/api/companies/move', { source: retail, target: east })).status).toBe(403);
  });
});

describe('DELETE /companies/{id} (spec §2, §6 re-confirmation)', () => {
  it('asks for the password again (423), refuses a company with subsidiaries or users (409), deletes an empty one', async () => {
    const admin = await fx.login('admin@acme.example');
    const acme = await idOf(admin, 'Acme Networks');
    const parent = (await create(admin, 'Short Lived', acme)).body.data as Company;
    const child = (await create(admin, 'Short Lived Child', parent.id)).body.data as Company;

    const first = await admin.delete(`/api/companies/${child.id}`);
    expect(first.status).toBe(423);
    expect((await admin.post('/api/password-confirmation', { password: TEST_PASSWORD })).status).toBe(200);

    const withChild = await admin.delete(`/api/companies/${parent.id}`);
    expect(withChild.status).toBe(409);
    expect(withChild.body.errors[0].message).toBe(
      'Short Lived still has subsidiaries: move or delete them first.',
    );
    const superAdmin = await fx.login('super@fleetport.example');
    await superAdmin.post('/api/password-confirmation', { password: TEST_PASSWORD });
    const withUsers = await superAdmin.delete(
      `/api/companies/${await idOf(superAdmin, 'Northwind Logistics')}`,
    );
    expect(withUsers.status).toBe(409);
    expect(withUsers.body.errors[0].message).toBe('Northwind Logistics still has users: delete them first.');

    expect((await admin.delete(`/api/companies/${child.id}`)).status).toBe(200);
    expect((await admin.delete(`/api/companies/${parent.id}`)).status).toBe(200);
    expect((await admin.get(`/api/companies/${parent.id}`)).status).toBe(403);
  });

  it('nobody deletes the company they belong to, except platform staff', async () => {
    const admin = await fx.login('east.admin@acme.example');
    await admin.post('/api/password-confirmation', { password: TEST_PASSWORD });
    expect((await admin.delete(`/api/companies/${await idOf(admin, 'Acme East')}`)).status).toBe(403);
  });
});

describe('GET /companies/tree', () => {
  it('lists the visible subtree in tree order with user and subsidiary counts', async () => {
    const eastAdmin = await fx.login('east.admin@acme.example');
    const tree = (await eastAdmin.get('/api/companies/tree')).body.data as (Company & {
      users: number;
      subsidiaries: number;
    })[];
    expect(tree[0]).toMatchObject({ name: 'Acme East', level: 3 });
    expect(tree[0]?.users).toBeGreaterThanOrEqual(1);
    expect(tree[0]?.subsidiaries).toBeGreaterThanOrEqual(1);
    expect(tree.every((node) => node.level >= 3)).toBe(true);
    expect(tree.map((node) => node.name)).not.toContain('Acme West');
    const user = await fx.login('user@acme.example');
    expect(((await user.get('/api/companies/tree')).body.data as Company[]).map((node) => node.name)).toEqual(
      ['Acme Networks'],
    );
  });
});
