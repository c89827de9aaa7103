import { expect, type Page, test } from '@playwright/test';
import type { SimDevice } from '../../device-sim/src/device.ts';
import type { SimTiming } from '../../device-sim/src/device-connection.ts';
import { type FleetHandle, startFleet } from '../../device-sim/src/fleet-runner.ts';
import { callApi } from './sign-in.ts';
import { E2E_FLEET_CSV, E2E_FLEET_SEED, E2E_FLEET_SHAPE, E2E_FLEET_SIZE, E2E_MQTT_PORT } from './support.ts';

/**
 * The e2e world's simulated fleet, run in the spec's own process (so a test can stop a device or
 * arm its next failure): started before the spec's tests, stopped after them. Answers a getter:
 * the fleet exists once `beforeAll` has run.
 */
export function useFleet(timing: Partial<SimTiming> = {}): () => FleetHandle {
  let fleet: FleetHandle | undefined;
  test.beforeAll(async () => {
    fleet = await startFleet({
      url: `mqtt://127.0.0.1:${E2E_MQTT_PORT}`,
      devices: E2E_FLEET_SIZE,
      fleetFile: E2E_FLEET_CSV,
      seed: E2E_FLEET_SEED,
      ...E2E_FLEET_SHAPE,
      batchIntervalMs: 100,
      summaryIntervalMs: 0,
      timing: { rebootDelayMs: 1_500, reconnectPeriodMs: 500, ...timing },
      log: () => undefined,
    });
    await fleet.started;
  });
  test.afterAll(async () => {
    await fleet?.stop();
  });
  return () => {
    if (!fleet) throw new Error('the fleet starts in beforeAll');
    return fleet;
  };
}

export interface FleetRow {
  id: number;
  serial: string;
  name: string;
  firmware: string | null;
}

/** At least `count` devices the signed-in user sees Online that the simulator runs (so they answer). */
export async function onlineDevices(
  page: Page,
  fleet: FleetHandle,
  count: number,
): Promise<{ row: FleetRow; sim: SimDevice }[]> {
  let found: { row: FleetRow; sim: SimDevice }[] = [];
  await expect(async () => {
    const answer = await callApi(
      page,
      'GET',
      '/devices?status=online&limit=100&fields=id,serial,name,firmware',
    );
    found = (answer.body.data as FleetRow[]).flatMap((row) => {
      const sim = fleet.devices.find((device) => device.profile.serial === row.serial);
      return sim?.state === 'online' ? [{ row, sim }] : [];
    });
    expect(found.length).toBeGreaterThanOrEqual(count);
  }).toPass({ timeout: 30_000 });
  return found;
}

/**
 * A simulated device loses its connection (no goodbye: the broker's last will tells the API);
 * resolves once the API lists it offline.
 */
export async function takeOffline(page: Page, device: { row: FleetRow; sim: SimDevice }): Promise<void> {
  await device.sim.stop();
  await expect(async () => {
    const answer = await callApi(page, 'GET', `/devices?q=${device.row.serial}&status=offline&fields=id`);
    expect((answer.body.data as unknown[]).length).toBe(1);
  }).toPass({ timeout: 20_000 });
}
