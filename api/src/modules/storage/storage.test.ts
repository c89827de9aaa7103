import { STORAGE_LIMITS } from '@fleetport/contracts/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiFixture, startTestApi } from '../../testing/fixtures.ts';

let fx: ApiFixture;
beforeAll(async () => {
  fx = await startTestApi();
});
afterAll(async () => {
  await fx?.stop();
});

describe('user storage (spec §7 "Storage")', () => {
  it('creates, lists, replaces and deletes keys, each user seeing only their own', async () => {
    const ada = await fx.login('admin@acme.example');
    const nora = await fx.login('admin@northwind.example');
    expect((await ada.post('/api/storage', { key: 'wideNav', value: true })).status).toBe(201);
    expect(
      (await ada.post('/api/storage', { key: 'columns.devices', value: ['name', 'serial'] })).status,
    ).toBe(201);
    expect((await ada.post('/api/storage', { key: 'wideNav', value: false })).status).toBe(409);
    expect((await ada.put('/api/storage/wideNav', { value: false })).status).toBe(200);
    const list = await ada.get('/api/storage?limit=100');
    expect(list.body.data).toEqual([
      { key: 'columns.devices', value: ['name', 'serial'] },
      { key: 'wideNav', value: false },
    ]);
    expect(list.body.meta.total).toBe(2);
    expect((await nora.get('/api/storage?limit=100')).body.data).toEqual([]);
    expect((await nora.put('/api/storage/wideNav', { value: true })).status).toBe(404);
    expect((await ada.delete('/api/storage/wideNav')).status).toBe(200);
    expect((await ada.get('/api/storage')).body.data).toEqual([
      { key: 'columns.devices', value: ['name', 'serial'] },
    ]);
  });

  it('refuses a value over the size limit with 422 on the value field', async () => {
    const ada = await fx.login('admin@acme.example');
    const answer = await ada.post('/api/storage', {
      key: 'big',
      value: 'x'.repeat(STORAGE_LIMITS.valueBytes),
    });
    expect(answer.status).toBe(422);
    expect(answer.body.errors[0].source).toBe('value');
  });
});

interface NoticeRow {
  type: string;
  summary: string;
  data: { credits_left?: number };
}

describe('notifications (spec §7)', () => {
  it('the demo’s low-credit notice says the balance the company page shows (one source of truth)', async () => {
    const ada = await fx.login('admin@acme.example');
    const notice = ((await ada.get('/api/notifications')).body.data as NoticeRow[]).find(
      (item) => item.type === 'creditAmountTooLow',
    );
    const acme = (await ada.get('/api/companies?limit=100')).body.data.find(
      (company: { name: string }) => company.name === 'Acme Networks',
    );
    expect(acme.credits_left).toBeGreaterThan(0);
    expect(notice?.data.credits_left).toBe(acme.credits_left);
    expect(notice?.summary).toContain(`Only ${acme.credits_left} `);
  });

  it("lists the caller's notifications and marks them seen with PUT {id: [...]}", async () => {
    const ada = await fx.login('admin@acme.example');
    const before = await ada.get('/api/notifications');
    expect(before.body.data).toHaveLength(1);
    expect(before.body.data[0]).toMatchObject({ type: 'creditAmountTooLow', seen_at: null });
    expect(before.body.data[0].created_at).toMatch(/Z$/);
    expect(before.body.meta.unseen).toBe(1);
    const id = before.body.data[0].id as number;
    // Someone else's id changes nothing.
    const nora = await fx.login('admin@northwind.example');
    expect((await nora.put('/api/notifications', { id: [id] })).body.data.updated).toBe(0);
    expect((await ada.put('/api/notifications', { id: [id] })).body.data.updated).toBe(1);
    const after = await ada.get('/api/notifications');
    expect(after.body.meta.unseen).toBe(0);
    expect(after.body.data[0].seen_at).toMatch(/Z$/);
  });
});

describe('GET /local/config', () => {
  it('answers the device counts the console reads', async () => {
    const answer = await (await fx.login('guest@acme.example')).get('/api/local/config');
    expect(answer.body.data).toEqual({ max_devices_count: 0, total_devices_count: 0 });
  });
});
