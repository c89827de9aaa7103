import type { AuditLogEntry, DeviceActivityEntry } from '@fleetport/contracts/audit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectTestDevice } from '../../testing/device-client.ts';
import { type ApiFixture, startTestApi, type TestClient } from '../../testing/fixtures.ts';

let fx: ApiFixture;
beforeAll(async () => {
  fx = await startTestApi();
});
afterAll(async () => {
  await fx?.stop();
});

/** The device's activity until `done` holds (a command's outcome comes after its answer). */
async function activityUntil(
  client: TestClient,
  id: number,
  done: (events: DeviceActivityEntry[]) => boolean,
) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    await fx.api.deps.gateway.settled();
    const events = (await client.get(`/api/devices/${id}/activity`)).body.data as DeviceActivityEntry[];
    if (done(events)) return events;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the activity never showed it');
}

const ended = (events: DeviceActivityEntry[], event: string) =>
  events.some((entry) => entry.event === event && entry.outcome?.finished_at);

describe('history people can read: event types (issue 30)', () => {
  it('records a reboot and a refresh as distinct event types, with who did it and how each ended', async () => {
    const device = await connectTestDevice(fx, 'Acme West', (command) =>
      command.action === 'reboot'
        ? { results: [{ state: 'accepted' }, { state: 'done' }], restart: true }
        : command.action === 'cli'
          ? { results: [{ state: 'failed', error: 'sh: nope: command not found' }] }
          : { results: [{ state: 'done' }] },
    );
    try {
      const ada = await fx.login('admin@acme.example');
      for (const body of [{ action: 'reboot' }, { action: 'refresh' }]) {
        expect((await ada.post(`/api/devices/${device.id}/actions`, body)).status).toBe(201);
      }
      expect((await ada.post(`/api/devices/${device.id}/cli`, { command: 'nope' })).status).toBe(201);

      const events = await activityUntil(
        ada,
        device.id,
        (all) => ended(all, 'device.reboot') && ended(all, 'device.refresh') && ended(all, 'device.cli'),
      );
      const byEvent = (event: string) => events.find((entry) => entry.event === event);
      const [reboot, refresh, cli] = [
        byEvent('device.reboot'),
        byEvent('device.refresh'),
        byEvent('device.cli'),
      ];
      for (const entry of [reboot, refresh, cli]) {
        expect(entry).toMatchObject({
          kind: 'action',
          user_name: 'Ada Admin',
          user_email: 'admin@acme.example',
        });
      }
      // Back online: the reboot ended when the device said hello again.
      expect(reboot?.outcome).toMatchObject({ state: 'succeeded', message: null });
      expect(Date.parse(reboot?.outcome?.finished_at ?? '')).toBeGreaterThanOrEqual(
        Date.parse(reboot?.outcome?.started_at ?? ''),
      );
      expect(refresh?.outcome?.state).toBe('succeeded');
      expect(cli?.after).toMatchObject({ command: 'nope' });
      expect(cli?.outcome).toMatchObject({ state: 'failed', message: 'sh: nope: command not found' });
      // No route is ever part of what the device's activity answers.
      expect(JSON.stringify(events)).not.toContain('/devices/:id');

      // The log says the same, with the device by its name.
      const log = (await ada.get('/api/audit-log?event=device.reboot,device.refresh&limit=100')).body
        .data as AuditLogEntry[];
      const ours = log.filter((entry) => entry.entity_id === String(device.id));
      expect(ours.map((entry) => entry.event).sort()).toEqual(['device.reboot', 'device.refresh']);
      expect(ours[0]).toMatchObject({ user_name: 'Ada Admin', subject_name: device.name });
      expect(ours.find((entry) => entry.event === 'device.reboot')?.outcome?.state).toBe('succeeded');
      expect(await fx.api.deps.audit.verify()).toMatchObject({ ok: true });
    } finally {
      await device.client.endAsync();
    }
  });

  it('filters the log by event type on the server, and refuses an event type it does not know', async () => {
    const ada = await fx.login('admin@acme.example');
    await ada.post('/api/storage', { key: 'history.filter', value: 1 });
    const logins = await ada.get('/api/audit-log?event=account.login&limit=100');
    expect(logins.status).toBe(200);
    expect(logins.body.data.length).toBeGreaterThan(0);
    expect(logins.body.data.every((entry: AuditLogEntry) => entry.event === 'account.login')).toBe(true);
    expect(logins.body.meta.total).toBe(logins.body.data.length);
    const two = (await ada.get('/api/audit-log?event=account.login,account.preferences&limit=100')).body
      .data as AuditLogEntry[];
    expect(new Set(two.map((entry) => entry.event))).toEqual(
      new Set(['account.login', 'account.preferences']),
    );
    const unknown = await ada.get('/api/audit-log?event=POST%20%2Fstorage');
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors[0].source).toMatch(/^event/);
  });

  it('shows a bulk action in the activity of each device it named; entries before event types still verify', async () => {
    const device = await connectTestDevice(fx, 'Acme West', () => ({ results: [{ state: 'done' }] }));
    try {
      const ada = await fx.login('admin@acme.example');
      const bulk = await ada.post('/api/devices/bulk', {
        action: 'monitoring',
        ids: [device.id],
        monitoring: true,
      });
      expect(bulk.status).toBe(200);
      const events = (await ada.get(`/api/devices/${device.id}/activity`)).body.data as DeviceActivityEntry[];
      expect(events.find((entry) => entry.event === 'device.bulk')).toMatchObject({
        user_name: 'Ada Admin',
        after: { action: 'monitoring', ids: [device.id] },
      });
      // An entry written the old way (no event type) hashes as before and answers null.
      await fx.api.deps.audit.append({
        actorUserId: undefined,
        userId: undefined,
        companyId: undefined,
        action: 'PATCH /devices/:id',
        entity: 'device',
        entityId: String(device.id),
        before: { name: 'Old' },
        after: { name: 'New' },
      });
      expect(await fx.api.deps.audit.verify()).toMatchObject({ ok: true });
      const old = (await ada.get(`/api/devices/${device.id}/activity`)).body.data as DeviceActivityEntry[];
      expect(old.find((entry) => (entry.after as { name?: string })?.name === 'New')?.event).toBeNull();
    } finally {
      await device.client.endAsync();
    }
  });
});
