import { request } from 'node:http';

export interface Captured {
  status: number;
  headers: Record<string, string | string[]>;
  body: Buffer;
}

/** Headers a replaying server must not copy: the transport's own. */
const TRANSPORT_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/** One GET with explicit headers (Host included, which fetch does not allow). */
export function capture(url: string, headers: Record<string, string>): Promise<Captured> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const kept: Record<string, string | string[]> = {};
        for (const [name, value] of Object.entries(res.headers)) {
          if (value !== undefined && !TRANSPORT_HEADERS.has(name)) kept[name] = value;
        }
        resolve({ status: res.statusCode ?? 0, headers: kept, body: Buffer.concat(chunks) });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

export function expect(condition: boolean, message: string): void {
  if (!condition) throw new Error(message);
}
