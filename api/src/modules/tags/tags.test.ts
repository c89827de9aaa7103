import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiFixture, companyIdByName, startTestApi } from '../../testing/fixtures.ts';

let fx: ApiFixture;
beforeAll(async () => {
  fx = await startTestApi();
});
afterAll(async () => {
  await fx?.stop();
});

const companyId = (name: string) => companyIdByName(fx, name);

describe('tags (spec §2 /tags, §5 "New tag", §7 POST /tags)', () => {
  it('creates a tag with its colour; name required and unique within the company; lists by tenancy', async () => {
    const admin = await fx.login('admin@acme.example');
    const west = await companyId('Acme West');
    const missing = await admin.post('/api/tags', { company_id: west, name: '' });
    expect(missing.status).toBe(422);
    expect(missing.body.errors[0].source).toBe('name');
    const badColour = await admin.post('/api/tags', { company_id: west, name: 'Roof', color: 'red' });
    expect(badColour.body.errors[0].source).toBe('color');
    const created = await admin.post('/api/tags', {
      company_id: west,
      name: 'Roof',
      description: 'Units on roofs',
      color: '#E8710A',
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ name: 'Roof', color: '#e8710a', company_name: 'Acme West' });
    const again = await admin.post('/api/tags', { company_id: west, name: 'ROOF' });
    expect(again.body.errors[0]).toMatchObject({ source: 'name' });
    // The same name in another company is another tag.
    expect(
      (await admin.post('/api/tags', { company_id: await companyId('Acme East'), name: 'Roof' })).status,
    ).toBe(201);
    const northwind = await fx.login('admin@northwind.example');
    expect((await northwind.get(`/api/tags/${created.body.data.id}`)).status).toBe(403);
    const names = (await northwind.get('/api/tags?limit=100&fields=name')).body.data as { name: string }[];
    expect(names.map((tag) => tag.name)).not.toContain('Roof');
  });

  it('edits (unchanged refused), and deletes; end users read but do not write', async () => {
    const admin = await fx.login('admin@acme.example');
    const west = await companyId('Acme West');
    const tag = (await admin.post('/api/tags', { company_id: west, name: 'Basement', color: '#1a73e8' })).body
      .data;
    const unchanged = await admin.put(`/api/tags/${tag.id}`, { name: 'Basement', color: '#1a73e8' });
    expect(unchanged.body.errors[0]).toMatchObject({ code: 'UNCHANGED' });
    const renamed = await admin.put(`/api/tags/${tag.id}`, { name: 'Cellar', color: '' });
    expect(renamed.body.data).toMatchObject({ name: 'Cellar', color: null });
    const user = await fx.login('user@acme.example');
    expect((await user.get('/api/tags')).status).toBe(200);
    expect((await user.delete(`/api/tags/${tag.id}`)).status).toBe(403);
    expect((await admin.delete(`/api/tags/${tag.id}`)).status).toBe(200);
    expect((await admin.get(`/api/tags/${tag.id}`)).status).toBe(403);
  });
});
