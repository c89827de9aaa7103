import type { DeviceConfiguration } from '@fleetport/contracts/device-config';
import { deviceTopics } from '@fleetport/contracts/device-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDevice, createTestDevice } from '../../testing/device-client.ts';
import { type ApiFixture, startTestApi, type TestClient } from '../../testing/fixtures.ts';
import { until } from '../../testing/until.ts';

/**
 * A device's configuration (issue 22; docs/device-protocol.md "Configuration"): the device
 * reports its whole tree after every change and at its hello; the gateway keeps its last word,
 * checked against the protocol's bounds, and answers it to those who may see the device.
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
  system: { hostname: 'depot-7', timezone: 'Europe/Vilnius', log_size: 200 },
  'network.lan': { proto: 'static', ipaddr: '192.168.1.1', netmask: '255.255.255.0' },
  'wireless.ap0': { ssid: 'Depot', encryption: 'psk2', key: '********', band: '2.4', disabled: false },
};

describe("a device's configuration", () => {
  it('is what the device last reported: its tree, revision and who changed it', async () => {
    const unit = await createTestDevice(fx, 'Acme East');
    const url = `/api/devices/${unit.id}/configuration`;
    // Before any report: nothing known yet, said as nulls.
    const before = await admin.get(url);
    expect(before.status).toBe(200);
    expect(before.body.data).toEqual({
      device_id: unit.id,
      revision: null,
      changed_by: null,
      reported_at: null,
      config: null,
    });

    const connection = await connectDevice(fx, unit, () => ({ results: [] }));
    const topic = deviceTopics(unit.serial).configReport;
    const publish = async (body: unknown) => {
      await connection.client.publishAsync(topic, JSON.stringify(body), { qos: 1 });
      await fx.api.deps.gateway.settled();
    };
    try {
      await publish({ v: 1, revision: 3, by: 'boot', config: TREE });
      const first = await until(
        async () => (await admin.get(url)).body.data as DeviceConfiguration,
        (data) => data.revision === 3,
        'the report to be kept',
      );
      expect(first).toMatchObject({ revision: 3, changed_by: 'boot', config: TREE });

      // Someone on site changes the SSID: a new revision, by 'local'.
      const changed = { ...TREE, 'wireless.ap0': { ...TREE['wireless.ap0'], ssid: 'Depot-2' } };
      await publish({ v: 1, revision: 4, by: 'local', config: changed });
      const second = await until(
        async () => (await admin.get(url)).body.data as DeviceConfiguration,
        (data) => data.revision === 4,
        'the change to be kept',
      );
      expect(second.changed_by).toBe('local');
      expect(second.config?.['wireless.ap0']?.ssid).toBe('Depot-2');

      // A report out of the protocol's bounds is refused; what was known stays.
      await publish({ v: 1, revision: 5, by: 'local', config: { system: { hostname: 'x'.repeat(5000) } } });
      await publish({ v: 1, revision: -1, by: 'someone', config: {} });
      const after = (await admin.get(url)).body.data as DeviceConfiguration;
      expect(after.revision).toBe(4);

      // The same revision again (a hello's report) changes nothing, not even the time.
      await publish({ v: 1, revision: 4, by: 'boot', config: changed });
      const again = (await admin.get(url)).body.data as DeviceConfiguration;
      expect(again).toEqual(after);

      // Another tenant does not see it (403 alike for missing and not yours).
      const northwind = await fx.login('admin@northwind.example');
      expect((await northwind.get(url)).status).toBe(403);
    } finally {
      await connection.client.endAsync();
    }
  });

  it("a device cannot report another device's configuration", async () => {
    const unit = await createTestDevice(fx, 'Acme East');
    const other = await createTestDevice(fx, 'Acme East');
    const connection = await connectDevice(fx, unit, () => ({ results: [] }));
    try {
      // The broker refuses the publish on a topic that is not the device's own.
      await connection.client
        .publishAsync(
          deviceTopics(other.serial).configReport,
          JSON.stringify({ v: 1, revision: 1, by: 'local', config: TREE }),
          { qos: 0 },
        )
        .catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await fx.api.deps.gateway.settled();
      const theirs = (await admin.get(`/api/devices/${other.id}/configuration`)).body
        .data as DeviceConfiguration;
      expect(theirs.revision).toBeNull();
    } finally {
      await connection.client.endAsync(true).catch(() => undefined);
    }
  });
});
