import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';

/** A Mosquitto of a test's own (Debian's package). */
export const MOSQUITTO = '/usr/sbin/mosquitto';

export const hasMosquitto = existsSync(MOSQUITTO);

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
