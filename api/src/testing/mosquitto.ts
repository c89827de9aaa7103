import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import mqtt from 'mqtt';

/** A Mosquitto of a test's own (Debian's packages: mosquitto, and its dynamic-security plugin). */
export const MOSQUITTO = '/usr/sbin/mosquitto';
const MOSQUITTO_CTRL = '/usr/bin/mosquitto_ctrl';
const DYNSEC_PLUGIN = '/usr/lib/x86_64-linux-gnu/mosquitto_dynamic_security.so';

export const hasMosquitto = existsSync(MOSQUITTO);
export const hasDynsec = hasMosquitto && existsSync(MOSQUITTO_CTRL) && existsSync(DYNSEC_PLUGIN);

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Stops a broker the test started (by its own handle, never by name). */
export async function stopBroker(broker: ChildProcess): Promise<void> {
  if (broker.exitCode !== null || broker.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => broker.once('exit', () => resolve()));
  broker.kill('SIGTERM');
  await exited;
}

export interface DynsecBroker {
  /** `mqtt://127.0.0.1:<port>`, without credentials: where devices connect. */
  url: string;
  /** The same with the plugin's admin client: MQTT_URL. */
  adminUrl: string;
  /** The broker's process (the bench reads its CPU time, and stops it if interrupted). */
  process: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Mosquitto with the dynamic-security plugin on a free loopback port, its configuration in a
 * folder of its own, an admin client made by `mosquitto_ctrl dynsec init`, or the plugin's whole
 * file as given (`dynsecJson`, with that admin in it: the bench's ten thousand clients). Answers
 * once the admin can connect.
 */
export async function startDynsecBroker(
  admin = 'fleetport',
  password = 'admin-password-0001',
  options: { dynsecJson?: string; startTimeoutMs?: number } = {},
): Promise<DynsecBroker> {
  const dir = await mkdtemp(path.join(tmpdir(), 'fleetport-mosquitto-'));
  // Run as root, Mosquitto drops to its own user, which must still write the plugin's file.
  await chmod(dir, 0o777);
  const file = path.join(dir, 'dynamic-security.json');
  if (options.dynsecJson === undefined) {
    await promisify(execFile)(MOSQUITTO_CTRL, ['dynsec', 'init', file, admin, password]);
  } else {
    await writeFile(file, options.dynsecJson);
  }
  await chmod(file, 0o666);
  const port = await freePort();
  const conf = path.join(dir, 'mosquitto.conf');
  await writeFile(
    conf,
    [
      'per_listener_settings false',
      `listener ${port} 127.0.0.1`,
      'allow_anonymous false',
      `plugin ${DYNSEC_PLUGIN}`,
      `plugin_opt_config_file ${file}`,
      'log_dest none',
      '',
    ].join('\n'),
  );
  const broker = spawn(MOSQUITTO, ['-c', conf], { stdio: 'ignore' });
  const url = `mqtt://127.0.0.1:${port}`;
  const adminUrl = `mqtt://${admin}:${password}@127.0.0.1:${port}`;
  const stop = async () => {
    await stopBroker(broker);
    await rm(dir, { recursive: true, force: true });
  };
  for (let attempt = 0; ; attempt++) {
    const client = await mqtt
      .connectAsync(adminUrl, { reconnectPeriod: 0, connectTimeout: 1000 })
      .catch(() => undefined);
    if (client) {
      await client.endAsync();
      return { url, adminUrl, process: broker, stop };
    }
    if (attempt * 100 >= (options.startTimeoutMs ?? 5000)) {
      await stop();
      throw new Error(`Mosquitto with the dynamic-security plugin did not start on port ${port}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
