import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { pino } from 'pino';
import { expect } from 'vitest';
import { configWith, type EdgeConfig } from '../config.ts';
import { type RunningEdge, startEdge } from '../server.ts';

export const SHIPPED_THEMES = fileURLToPath(new URL('../../../themes', import.meta.url));
export const ADMIN_TOKEN = 'test-admin-token-0123456789';
export const ASSET_PATH = '/assets/app-3f2a1b.js';
export const ASSET_SOURCE = `console.log(${JSON.stringify('fleetport '.repeat(400))});\n`;

export const silentLog = pino({ level: 'silent' });

/** What the console's build writes for the edge to paint (web/scripts/page-headings.ts). */
export const PAGE_HEADINGS = {
  en: { '/companies': 'Companies', '/tags': 'Tags & <labels>' },
  ja: { '/companies': '会社', '/tags': 'タグ' },
};

/** A build folder shaped like the console's: index.html with markers, one hashed asset. */
export async function makeDist(root: string): Promise<string> {
  const dist = path.join(root, 'dist');
  await mkdir(path.join(dist, 'assets'), { recursive: true });
  await writeFile(
    path.join(dist, 'index.html'),
    '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="UTF-8" />\n<!--fp:head-->\n</head>\n' +
      `<body><div id="root"><!--fp:boot--></div><script type="module" crossorigin src="${ASSET_PATH}"></script></body>\n</html>\n`,
  );
  const asset = path.join(dist, ASSET_PATH);
  await writeFile(asset, ASSET_SOURCE);
  await writeFile(`${asset}.br`, brotliCompressSync(ASSET_SOURCE));
  await writeFile(`${asset}.gz`, gzipSync(ASSET_SOURCE));
  await writeFile(`${asset}.map`, '{"version":3}');
  await writeFile(path.join(dist, '.env'), 'SECRET=1');
  await writeFile(path.join(dist, 'page-headings.json'), JSON.stringify(PAGE_HEADINGS));
  return dist;
}

export interface EdgeFixture {
  edge: RunningEdge;
  root: string;
  brandsDir: string;
  /** GET against the edge with a given Host header. */
  get: (pathname: string, host?: string, headers?: Record<string, string>) => Promise<HttpResult>;
  stop: () => Promise<void>;
}

/** Starts a real edge on an ephemeral port over a copy of the shipped themes. */
export async function startFixture(overrides: Partial<EdgeConfig> = {}): Promise<EdgeFixture> {
  const root = await mkdtemp(path.join(tmpdir(), 'fp-edge-'));
  const brandsDir = path.join(root, 'themes');
  await cp(SHIPPED_THEMES, brandsDir, { recursive: true, filter: (source) => !source.endsWith('.md') });
  const dist = await makeDist(root);
  const config = configWith({
    PORT: 0,
    HOST: '127.0.0.1',
    BRANDS_DIR: brandsDir,
    WEB_DIST: dist,
    BRAND_ADMIN_TOKEN: ADMIN_TOKEN,
    API_URL: 'http://127.0.0.1:9',
    ...overrides,
  });
  const edge = await startEdge(config, silentLog);
  const get = (pathname: string, host = 'localhost', headers: Record<string, string> = {}) =>
    request(edge.port, { path: pathname, headers: { host, ...headers } });
  return {
    edge,
    root,
    brandsDir,
    get,
    stop: async () => {
      await edge.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}

/** Polls `check` until it returns true or `timeoutMs` passes; returns the time it took. */
export async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    if (await check()) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`condition not met within ${timeoutMs} ms`);
}

export function titleOf(html: string): string | undefined {
  return /<title>([^<]*)<\/title>/.exec(html)?.[1];
}

export interface HttpResult {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  text: string;
}

/**
 * The `data` of a successful JSON answer, parsed with the contract's schema of it (what the
 * console reads, `@fleetport/contracts`): the test fails when the answer breaks the schema or
 * carries anything the schema does not name.
 */
export function answerData<T>(schema: { parse(value: unknown): T }, result: HttpResult): T {
  const body = JSON.parse(result.text) as { success?: unknown; data?: unknown };
  expect(body.success).toBe(true);
  const data = schema.parse(body.data);
  expect(data).toEqual(body.data);
  return data;
}

/**
 * A plain node:http request (fetch cannot set the Host header, which brand resolution is about).
 */
export function request(
  port: number,
  options: { path: string; method?: string; headers?: Record<string, string>; body?: string | Buffer },
): Promise<HttpResult> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path: options.path,
        method: options.method ?? 'GET',
        headers: options.headers,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text: body.toString('utf8') });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}
