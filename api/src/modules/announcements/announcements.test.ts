import { inArray } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { type ApiFixture, startTestApi, type TestClient } from '../../testing/fixtures.ts';
import { EVENTS, REALTIME_PATH } from '../realtime/realtime.ts';

let fx: ApiFixture;
let superAdmin: TestClient;
const opened: Socket[] = [];
beforeAll(async () => {
  fx = await startTestApi();
  superAdmin = await fx.login('super@fleetport.example');
});
afterAll(async () => {
  for (const socket of opened) socket.close();
  await fx?.stop();
});

const companyId = async (name: string): Promise<number> =>
  (await superAdmin.get(`/api/companies?q=${encodeURIComponent(name)}&limit=100`)).body.data.find(
    (company: { name: string }) => company.name === name,
  ).id;

/** The summaries of a user's notifications of type announcement. */
async function announcementsOf(email: string): Promise<string[]> {
  const client = await fx.login(email);
  const answer = await client.get('/api/notifications?limit=100');
  return answer.body.data
    .filter((notification: { type: string }) => notification.type === 'announcement')
    .map((notification: { summary: string }) => notification.summary);
}

describe('announcements (a super admin notifies a company subtree)', () => {
  it('reaches every user of the company and its subsidiaries, and nobody else', async () => {
    const summary = 'Maintenance on Saturday 02:00 UTC';
    const answer = await superAdmin.post('/api/announcements', {
      company_id: await companyId('Acme East'),
      summary: `  ${summary}  `,
    });
    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({
      company_name: 'Acme East',
      summary,
      include_subsidiaries: true,
    });
    const subtree = [await companyId('Acme East'), await companyId('Acme East Retail')];
    const members = await fx.api.deps.db.select().from(users).where(inArray(users.companyId, subtree));
    expect(members.length).toBeGreaterThan(0);
    expect(answer.body.data.recipients).toBe(members.length);
    expect(await announcementsOf('east.admin@acme.example')).toContain(summary);
    expect(await announcementsOf('admin@acme.example')).not.toContain(summary);
    expect(await announcementsOf('admin@northwind.example')).not.toContain(summary);
  });

  it('with include_subsidiaries false, reaches the company itself only', async () => {
    const summary = 'Acme Networks only';
    const answer = await superAdmin.post('/api/announcements', {
      company_id: await companyId('Acme Networks'),
      summary,
      include_subsidiaries: false,
    });
    expect(answer.status).toBe(201);
    expect(await announcementsOf('admin@acme.example')).toContain(summary);
    expect(await announcementsOf('east.admin@acme.example')).not.toContain(summary);
  });

  it("arrives live on a recipient's notification channel", async () => {
    const recipient = await fx.login('admin@northwind.example');
    const userId = (await recipient.get('/api/user')).body.data.id as number;
    const socket = io(fx.url, {
      path: REALTIME_PATH,
      transports: ['websocket'],
      reconnection: false,
      extraHeaders: { Cookie: recipient.cookieHeader('/status/socket.io') },
    });
    opened.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    await socket.emitWithAck('subscribe', { channel: `private-notifications.${userId}` });
    const received = new Promise<{ type: string; summary: string }>((resolve) =>
      socket.once(EVENTS.notificationCreated, resolve),
    );
    await superAdmin.post('/api/announcements', {
      company_id: await companyId('Northwind Logistics'),
      summary: 'Northwind: new firmware policy',
    });
    expect(await received).toMatchObject({ type: 'announcement', summary: 'Northwind: new firmware policy' });
  });

  it('refuses a blank or over-long summary and an unknown company, on their fields', async () => {
    const id = await companyId('Acme West');
    const blank = await superAdmin.post('/api/announcements', { company_id: id, summary: '   ' });
    expect(blank.status).toBe(422);
    expect(blank.body.errors[0].source).toBe('summary');
    const long = await superAdmin.post('/api/announcements', { company_id: id, summary: 'x'.repeat(501) });
    expect(long.status).toBe(422);
    const unknown = await superAdmin.post('/api/announcements', { company_id: 999999, summary: 'Hello' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors[0].source).toBe('company_id');
  });

  it('lists what was sent, newest first, for super admins only', async () => {
    const list = await superAdmin.get('/api/announcements?limit=100');
    expect(list.status).toBe(200);
    const summaries = list.body.data.map((row: { summary: string }) => row.summary);
    expect(summaries.indexOf('Acme Networks only')).toBeLessThan(
      summaries.indexOf('Maintenance on Saturday 02:00 UTC'),
    );
    const admin = await fx.login('admin@acme.example');
    expect((await admin.get('/api/announcements')).status).toBe(403);
    expect((await admin.post('/api/announcements', { company_id: 1, summary: 'x' })).status).toBe(403);
  });
});
