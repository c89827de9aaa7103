import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for the API's signed firmware URLs, for tests: it serves images in a few pieces
 * (so that a download reports progress), answers a chosen status, or stalls after a first piece,
 * and counts the requests for each path.
 */
export interface ServedImage {
  url: string;
  sha256: string;
  size: number;
  path: string;
}

const PIECES = 8;

export async function startFirmwareServer() {
  const images = new Map<string, Uint8Array>();
  const requests = new Map<string, number>();
  const server = createServer((request, response) => {
    const path = request.url ?? '/';
    requests.set(path, (requests.get(path) ?? 0) + 1);
    const status = /^\/status\/(\d{3})$/.exec(path)?.[1];
    if (status) {
      response.writeHead(Number(status)).end();
      return;
    }
    const image = images.get(path);
    if (!image) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': image.length });
    const stalls = path.startsWith('/stall/');
    const piece = Math.ceil(image.length / PIECES);
    const write = (from: number): void => {
      if (from >= image.length) {
        response.end();
        return;
      }
      response.write(image.subarray(from, from + piece));
      // A stalling server sends its first piece, then nothing more.
      if (!stalls) setImmediate(() => write(from + piece));
    };
    write(0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  let served = 0;

  return {
    /** Serves `size` random bytes at a new path; `stall` stops after the first piece. */
    serve(size: number, options: { stall?: boolean } = {}): ServedImage {
      const bytes = randomBytes(size);
      const path = `/${options.stall ? 'stall' : 'image'}/${++served}.bin`;
      images.set(path, bytes);
      return { url: `${base}${path}`, path, size, sha256: createHash('sha256').update(bytes).digest('hex') };
    },
    /** A URL answered with this HTTP status (403, 410: expired or not for a running task). */
    statusUrl: (status: number) => `${base}/status/${status}`,
    requests: (path: string) => requests.get(path) ?? 0,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
