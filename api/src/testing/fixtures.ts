import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { inject } from 'vitest';
import { type ApiConfig, configWith } from '../config.ts';
import { type RunningApi, startApi } from '../server.ts';
import { adminUrl, TEST_PASSWORD, withDatabase } from './stores.ts';

export { TEST_PASSWORD };

export interface ApiFixture {
  api: RunningApi;
  url: string;
  store: 'pglite' | 'postgres';
  client(): TestClient;
  /** Signs in a demo user and returns their client. */
  login(email: string, password?: string): Promise<TestClient>;
  stop(): Promise<void>;
  /** Stops the API and starts it again on the same store (a deploy, a crash and its restart). */
  restart(): Promise<void>;
}

export const testStore = (): 'pglite' | 'postgres' =>
  process.env.FLEETPORT_TEST_STORE === 'postgres' ? 'postgres' : 'pglite';

/**
 * A real API on an ephemeral port over its own copy of the seeded template store: a PGlite
 * folder copy, or a PostgreSQL database created from the template database.
 */
export async function startTestApi(overrides: Partial<ApiConfig> = {}): Promise<ApiFixture> {
  const store = testStore();
  let cleanup: () => Promise<void>;
  let settings: Partial<ApiConfig>;
  if (store === 'postgres' && overrides.DATABASE_URL) {
    // A second API instance on another fixture's database (scale-out tests): nothing to clean.
    settings = {};
    cleanup = async () => undefined;
  } else if (store === 'postgres') {
    const url = process.env.DATABASE_URL as string;
    const name = `fleetport_test_${randomBytes(6).toString('hex')}`;
    await withDatabase(adminUrl(url), (client) =>
      client.query(`CREATE DATABASE ${name} TEMPLATE ${inject('templateDatabase')}`),
    );
    const parsed = new URL(url);
    parsed.pathname = `/${name}`;
    // A data folder of its own too: uploads and stored files (DATA_DIR/tmp, DATA_DIR/files).
    const dir = await mkdtemp(path.join(tmpdir(), 'fleetport-api-'));
    settings = { DATABASE_URL: parsed.toString(), DATA_DIR: dir };
    cleanup = () =>
      withDatabase(adminUrl(url), (client) =>
        client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      ).then(() => rm(dir, { recursive: true, force: true }));
  } else {
    const dir = await mkdtemp(path.join(tmpdir(), 'fleetport-api-'));
    await cp(inject('templateDataDir'), dir, { recursive: true });
    settings = { DATA_DIR: dir, DATABASE_URL: undefined };
    cleanup = () => rm(dir, { recursive: true, force: true });
  }
  const config = configWith({
    API_PORT: 0,
    MQTT_PORT: 0,
    LOG_LEVEL: 'silent',
    MFA_REQUIRED: false,
    REDIS_URL: undefined,
    ...settings,
    ...overrides,
  });
  // Every answer is checked against its route's response schema (a mismatch is a 500) and every
  // realtime payload against its event's schema; the issues go to stderr (the logger is silent).
  const start = () => startApi(config, pino({ level: 'silent' }), { checkResponses: true });
  const api = await start();
  const fixture: ApiFixture = {
    api,
    url: api.url,
    store,
    client: () => new TestClient(fixture.url),
    login: async (email, password = TEST_PASSWORD) => {
      const client = new TestClient(fixture.url);
      const answer = await client.post('/api/account/login', { email, password });
      if (answer.status !== 200)
        throw new Error(`login ${email}: ${answer.status} ${JSON.stringify(answer.body)}`);
      return client;
    },
    stop: async () => {
      await fixture.api.close();
      await cleanup();
    },
    restart: async () => {
      await fixture.api.close();
      fixture.api = await start();
      fixture.url = fixture.api.url;
    },
  };
  return fixture;
}

export interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: test answers are inspected freely
  body: any;
  headers: Headers;
  cookies: string[];
}

/**
 * A browser-like client: keeps cookies (honouring Path), sends X-Requested-With and echoes
 * the XSRF-TOKEN cookie in X-XSRF-TOKEN, as the console does (spec §7).
 */
export class TestClient {
  readonly jar = new Map<string, { value: string; path: string }>();
  private readonly base: string;

  constructor(base: string) {
    this.base = base;
  }

  cookie(name: string): string | undefined {
    return this.jar.get(name)?.value;
  }

  cookieHeader(pathname: string): string {
    return [...this.jar]
      .filter(([, cookie]) => pathname.startsWith(cookie.path))
      .map(([name, cookie]) => `${name}=${cookie.value}`)
      .join('; ');
  }

  async request(
    method: string,
    pathname: string,
    options: {
      body?: unknown;
      /** Sent as is instead of JSON: a FormData, or a stream (with its own Content-Type). */
      payload?: NonNullable<RequestInit['body']>;
      signal?: AbortSignal;
      headers?: Record<string, string>;
      xhr?: boolean;
      xsrf?: boolean;
    } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = {};
    if (options.xhr !== false) headers['X-Requested-With'] = 'XMLHttpRequest';
    const xsrf = this.cookie('XSRF-TOKEN');
    if (options.xsrf !== false && xsrf) headers['X-XSRF-TOKEN'] = xsrf;
    const cookie = this.cookieHeader(pathname.split('?')[0] as string);
    if (cookie) headers.Cookie = cookie;
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    const response = await fetch(`${this.base}${pathname}`, {
      method,
      headers: { ...headers, ...options.headers },
      body: options.payload ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
      ...(options.payload instanceof ReadableStream ? { duplex: 'half' as const } : {}),
      signal: options.signal,
      redirect: 'manual',
    });
    const cookies = response.headers.getSetCookie();
    for (const line of cookies) this.store(line);
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: kept as text
    }
    return { status: response.status, body, headers: response.headers, cookies };
  }

  private store(line: string): void {
    const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
    const index = pair.indexOf('=');
    const name = pair.slice(0, index);
    const value = pair.slice(index + 1);
    const pathAttribute = attributes.find((attribute) => attribute.toLowerCase().startsWith('path='));
    const cookiePath = pathAttribute ? pathAttribute.slice(5) : '/';
    const expired = attributes.some(
      (attribute) =>
        attribute.toLowerCase().startsWith('expires=') &&
        new Date(attribute.slice(8)).getTime() <= Date.now(),
    );
    if (expired || value === '') this.jar.delete(name);
    else this.jar.set(name, { value, path: cookiePath });
  }

  get = (pathname: string, options?: Parameters<TestClient['request']>[2]) =>
    this.request('GET', pathname, options);
  post = (pathname: string, body?: unknown, options?: Parameters<TestClient['request']>[2]) =>
    this.request('POST', pathname, { ...options, body: body ?? {} });
  put = (pathname: string, body?: unknown, options?: Parameters<TestClient['request']>[2]) =>
    this.request('PUT', pathname, { ...options, body: body ?? {} });
  patch = (pathname: string, body?: unknown, options?: Parameters<TestClient['request']>[2]) =>
    this.request('PATCH', pathname, { ...options, body: body ?? {} });
  delete = (pathname: string, options?: Parameters<TestClient['request']>[2]) =>
    this.request('DELETE', pathname, options);
  /** POSTs a multipart body (a FormData, or a stream with its Content-Type in the headers). */
  upload = (
    pathname: string,
    payload: NonNullable<RequestInit['body']>,
    options?: Parameters<TestClient['request']>[2],
  ) => this.request('POST', pathname, { ...options, payload });
}

/** A company's id by its exact name, as the super admin sees it (tests address companies by name). */
export async function companyIdByName(fx: ApiFixture, name: string): Promise<number> {
  const client = await fx.login('super@fleetport.example');
  const answer = await client.get(`/api/companies?name=${encodeURIComponent(name)}&fields=id,name`);
  const found = (answer.body.data as { id: number; name: string }[]).find((row) => row.name === name);
  if (!found) throw new Error(`no company ${name}`);
  return found.id;
}
