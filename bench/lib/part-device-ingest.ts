import { type BenchContext, heading } from './context.ts';
import { INGEST, prepareIngest, runIngest } from './fleet-ingest.ts';
import { freePort } from './proc.ts';
import { fmtInt } from './stats.ts';

/**
 * Part 8: a simulated fleet (device-sim) against the API's embedded MQTT broker (aedes) on
 * PostgreSQL: how fast the fleet connects, how many readings per second the gateway stores, and
 * what the API process spends on it (CPU, RSS). The run itself is fleet-ingest.ts's.
 */
export async function benchDeviceIngest(ctx: BenchContext): Promise<void> {
  heading(
    `8. Device ingest: ${fmtInt(INGEST.devices)} simulated devices on the API's embedded broker (PostgreSQL)`,
  );
  const prepared = await prepareIngest(ctx.tmp);
  if (!prepared) return;
  const { databaseUrl, fleetFile } = prepared;
  const mqttPort = await freePort();
  await runIngest(databaseUrl, {
    name: 'ingest',
    fleetFile,
    replicas: 1,
    apiEnv: { MQTT_PORT: String(mqttPort), MQTT_HOST: '127.0.0.1' },
    fleetUrl: `mqtt://127.0.0.1:${mqttPort}`,
  });
}
