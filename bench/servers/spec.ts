import { readFileSync } from 'node:fs';
import { Server as HttpServer } from 'node:http';
import type { AddressInfo, Server } from 'node:net';

/** A captured response that the bare servers replay byte for byte. */
export interface ResponseSpec {
  status: number;
  headers: Record<string, string | string[]>;
  bodyFile: string;
}

export function readSpec(file: string | undefined): { spec: ResponseSpec; body: Buffer } {
  if (!file) throw new Error('usage: <server>.ts <response-spec.json>');
  const spec = JSON.parse(readFileSync(file, 'utf8')) as ResponseSpec;
  return { spec, body: readFileSync(spec.bodyFile) };
}

/** Listens on an ephemeral loopback port and prints the ready line the bench waits for. */
export function listenAndAnnounce(server: Server): void {
  if (server instanceof HttpServer) server.keepAliveTimeout = 65_000;
  server.listen(0, '127.0.0.1', () => {
    const { port } = server.address() as AddressInfo;
    process.stdout.write(`${JSON.stringify({ ready: true, port })}\n`);
  });
  // Nothing to flush: a bench server just goes.
  process.on('SIGTERM', () => process.exit(0));
}
