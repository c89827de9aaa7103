import type { ConfigTemplate } from '@fleetport/contracts/config-templates';
import type { DeviceConfiguration } from '@fleetport/contracts/device-config';
import type { TaskGroupPreview } from '@fleetport/contracts/tasks';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceConfigs, devices } from '../../db/schema.ts';
import { createTestDevice } from '../../testing/device-client.ts';
import { type ApiFixture, startTestApi, type TestClient } from '../../testing/fixtures.ts';

/**
 * Saved configurations and templates (spec §2 Templates, Saved configurations; issue 22): a
 * company's settings, saved from a device or made by hand, shared down the tree; assigned to
 * devices or a tag; a device whose reported configuration differs is "drifted" (a devices-list
 * filter) with the diff in its configuration; applied as a change to many devices.
 */

let fx: ApiFixture;
let admin: TestClient;
beforeAll(async () => {
  fx = await startTestApi();
  admin = await fx.login('admin@acme.example');
});
afterAll(async () => {
  await fx?.stop();
});

const TREE = {
  system: { hostname: 'depot-1', timezone: 'UTC', log_size: 200 },
  'network.lan': { proto: 'static', ipaddr: '192.168.1.1', netmask: '255.255.255.0' },
  ntp: { enabled: true, server: 'pool.ntp.org' },
  'wireless.ap0': { ssid: 'Depot', encryption: 'psk2', key: '********', band: '2.4', disabled: false },
};

async function router(company: string, model: string, tree: typeof TREE | null = TREE) {
  const unit = await createTestDevice(fx, company);
  await fx.api.deps.db.update(devices).set({ model }).where(eq(devices.id, unit.id));
  if (tree)
    await fx.api.deps.db
      .insert(deviceConfigs)
      .values({ deviceId: unit.id, revision: 1, changedBy: 'boot', config: tree });
  return unit;
}

describe('configuration templates', () => {
  it("a device's settings saved as a template leave out secrets and its own host name and address; bad input is named", async () => {
    const unit = await router('Acme East', 'RUTX11');
    const saved = await admin.post('/api/devices/config-templates/from-device', {
      device_id: unit.id,
      name: 'Depot standard',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const template = saved.body.data as ConfigTemplate;
    expect(template).toMatchObject({ family: 'RUT', company_name: 'Acme East', editable: true });
    expect(template.sections.system).toEqual({ timezone: 'UTC', log_size: 200 });
    expect(template.sections['network.lan']).toEqual({ proto: 'static', netmask: '255.255.255.0' });
    expect(template.sections['wireless.ap0']).not.toHaveProperty('key');

    // The same name again in the company: 409 at name.
    const twice = await admin.post('/api/devices/config-templates/from-device', {
      device_id: unit.id,
      name: 'depot STANDARD',
    });
    expect(twice.status).toBe(409);
    // A hand-made template with a key, an invalid address, or nothing: 422 naming the field.
    const cases: [unknown, string][] = [
      [{ 'wireless.ap0': { key: 'secret-key-1' } }, 'sections.wireless.ap0.key'],
      [{ 'network.lan': { ipaddr: '10.0.0.256' } }, 'sections.network.lan'],
      [{}, 'sections'],
    ];
    for (const [sections, source] of cases) {
      const response = await admin.post('/api/devices/config-templates', { name: 'Bad', sections });
      expect(response.status, JSON.stringify(sections)).toBe(422);
      expect(response.body.errors[0].source).toBe(source);
    }
  });

  it('assigned devices that differ are drifted: the list filter finds them and their configuration shows the diff', async () => {
    const inLine = await router('Acme East', 'RUT956');
    const drifted = await router('Acme East', 'RUT956', {
      ...TREE,
      ntp: { enabled: true, server: 'time.local' },
    });
    const wrongFamily = await router('Acme East', 'TAP200');
    const made = await admin.post('/api/devices/config-templates', {
      name: 'Time',
      family: 'RUT',
      sections: { ntp: { enabled: true, server: 'pool.ntp.org' } },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const template = made.body.data as ConfigTemplate;

    // A device of another family is refused naming it; nothing is assigned.
    const refused = await admin.post(`/api/devices/config-templates/${template.id}/assign`, {
      device_ids: [inLine.id, wrongFamily.id],
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].source).toBe('device_ids');
    expect(refused.body.errors[0].message).toContain(wrongFamily.serial);
    expect(
      ((await admin.get(`/api/devices/config-templates/${template.id}`)).body.data as ConfigTemplate).devices,
    ).toBe(0);

    const assigned = await admin.post(`/api/devices/config-templates/${template.id}/assign`, {
      device_ids: [inLine.id, drifted.id],
    });
    expect(assigned.status).toBe(200);
    expect(assigned.body.data).toEqual({ assigned: 2 });
    expect((await admin.get(`/api/devices/config-templates/${template.id}`)).body.data).toMatchObject({
      devices: 2,
      drifted: 1,
    });
    const driftedIds = (
      (await admin.get('/api/devices?template=drifted&limit=100')).body.data as { id: number }[]
    ).map((device) => device.id);
    expect(driftedIds).toContain(drifted.id);
    expect(driftedIds).not.toContain(inLine.id);
    const inLineIds = (
      (await admin.get('/api/devices?template=in_line&limit=100')).body.data as { id: number }[]
    ).map((device) => device.id);
    expect(inLineIds).toContain(inLine.id);
    expect(inLineIds).not.toContain(drifted.id);
    const config = (await admin.get(`/api/devices/${drifted.id}/configuration`)).body
      .data as DeviceConfiguration;
    expect(config.template).toEqual({
      id: template.id,
      name: 'Time',
      drift: [{ section: 'ntp', option: 'server', from: 'time.local', to: 'pool.ntp.org' }],
    });

    // Applying the template as a change reaches only the drifted device; another family is refused.
    const preview = await admin.post('/api/devices/tasks/groups/preview', {
      action: 'config.write',
      device_ids: [inLine.id, drifted.id],
      changes: {},
      template_id: template.id,
    });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.data as TaskGroupPreview).toMatchObject({
      devices: 1,
      skipped_by_code: { config_same: 1 },
    });
    const other = await admin.post('/api/devices/tasks/groups/preview', {
      action: 'config.write',
      device_ids: [wrongFamily.id],
      changes: {},
      template_id: template.id,
    });
    expect(other.status).toBe(422);
    expect(other.body.errors[0].source).toBe('template_id');

    // Unassigned, a device is no longer drifted.
    expect(
      (await admin.post('/api/devices/config-templates/unassign', { device_ids: [drifted.id] })).status,
    ).toBe(200);
    const after = (
      (await admin.get('/api/devices?template=drifted&limit=100')).body.data as { id: number }[]
    ).map((device) => device.id);
    expect(after).not.toContain(drifted.id);
  });

  it('is shared down the tree: a company below uses it, changes it only from above; another tenant sees nothing', async () => {
    const made = await admin.post('/api/devices/config-templates', {
      name: 'Acme-wide NTP',
      sections: { ntp: { server: 'ntp.acme.com' } },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = (made.body.data as ConfigTemplate).id;
    const northwind = await fx.login('admin@northwind.example');
    expect((await northwind.get(`/api/devices/config-templates/${id}`)).status).toBe(404);
    expect(
      ((await northwind.get('/api/devices/config-templates')).body.data as ConfigTemplate[]).some(
        (template) => template.id === id,
      ),
    ).toBe(false);
    const guest = await fx.login('guest@acme.example');
    expect(
      (await guest.post('/api/devices/config-templates', { name: 'x', sections: { ntp: { enabled: true } } }))
        .status,
    ).toBe(403);
    expect((await admin.delete(`/api/devices/config-templates/${id}`)).status).toBe(200);
    expect((await admin.get(`/api/devices/config-templates/${id}`)).status).toBe(404);
  });
});
