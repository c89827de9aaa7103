import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { APP_CHANNEL, APP_VERSION_RELEASED, type AppVersion } from '@fleetport/contracts/app-version';
import { pino } from 'pino';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiFixture, startTestApi, type TestClient } from '../../testing/fixtures.ts';
import { REALTIME_PATH } from '../realtime/realtime.ts';
import { AppVersionWatcher, readVersionFile } from './watcher.ts';

const silent = pino({ level: 'silent' });
const v = (version: string): AppVersion => ({ version, released_at: '2026-01-01T00:00:00.000Z' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'fp-web-dist-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const writeVersion = (version: AppVersion | string) =>
  writeFile(path.join(dir, 'version.json'), typeof version === 'string' ? version : JSON.stringify(version));

describe('AppVersionWatcher (spec §4: a new version is announced)', () => {
  /** A watcher over a file whose content the test sets, and the versions it told. */
  async function watcherOver(first: AppVersion | undefined) {
    let served = first;
    const watcher = new AppVersionWatcher({ read: async () => served, intervalMs: 60_000, log: silent });
    const told: string[] = [];
    watcher.subscribe((version) => told.push(version.version));
    await watcher.start();
    watcher.stop();
    return { watcher, told, serve: (next: AppVersion | undefined) => (served = next) };
  }

  it('unit, the version found at start: is the baseline and is not announced', async () => {
    const { watcher, told } = await watcherOver(v('1-a'));
    await watcher.check();
    expect(watcher.current).toEqual(v('1-a'));
    expect(told).toEqual([]);
  });

  it('unit, a new build: is announced once per change, however often it is read', async () => {
    const { watcher, told, serve } = await watcherOver(v('1-a'));
    serve(v('2-b'));
    await watcher.check();
    await watcher.check();
    serve(v('3-c'));
    await Promise.all([watcher.check(), watcher.check()]);
    await watcher.check();
    expect(told).toEqual(['2-b', '3-c']);
    expect(watcher.current?.version).toBe('3-c');
  });

  it('unit, the file gone or half written mid-build: nothing is announced, and the same build after it neither', async () => {
    const { watcher, told, serve } = await watcherOver(v('1-a'));
    serve(undefined);
    await watcher.check();
    serve(v('1-a'));
    await watcher.check();
    expect(told).toEqual([]);
    expect(watcher.current?.version).toBe('1-a');
  });

  it('unit, no build at start: the first version.json that appears is announced', async () => {
    const { watcher, told, serve } = await watcherOver(undefined);
    serve(v('1-a'));
    await watcher.check();
    expect(told).toEqual(['1-a']);
  });

  it('unit, a listener that throws: the others are still told', async () => {
    const { watcher, told, serve } = await watcherOver(v('1-a'));
    watcher.subscribe(() => {
      throw new Error('boom');
    });
    const after: string[] = [];
    watcher.subscribe((version) => after.push(version.version));
    serve(v('2-b'));
    await watcher.check();
    expect([told, after]).toEqual([['2-b'], ['2-b']]);
  });

  it('readVersionFile: undefined when missing or unreadable, the version when valid', async () => {
    await rm(path.join(dir, 'version.json'), { force: true });
    expect(await readVersionFile(dir)).toBeUndefined();
    await writeVersion('{"version": "1-');
    expect(await readVersionFile(dir)).toBeUndefined();
    await writeVersion(v('1-a'));
    expect(await readVersionFile(dir)).toEqual(v('1-a'));
  });
});

describe('the public-app channel (AppVersionReleased over socket.io)', () => {
  let fx: ApiFixture;
  const opened: Socket[] = [];
  beforeAll(async () => {
    await writeVersion(v('100-first'));
    fx = await startTestApi({ WEB_DIST: dir, WEB_VERSION_POLL_MS: 50 });
  });
  afterAll(async () => {
    for (const socket of opened) socket.close();
    await fx?.stop();
  });

  function connect(client: TestClient | undefined): Socket {
    const socket = io(fx.url, {
      path: REALTIME_PATH,
      transports: ['websocket'],
      reconnection: false,
      extraHeaders: client ? { Cookie: client.cookieHeader('/status/socket.io') } : {},
    });
    opened.push(socket);
    return socket;
  }
  const connected = (socket: Socket) =>
    new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });

  it('scenario, a socket without a session: is refused at the handshake, so it never hears the channel', async () => {
    await expect(connected(connect(undefined))).rejects.toThrow('UNAUTHORIZED');
  });

  it('scenario, a signed-in user of any role subscribes: gets the served build at once, then each new build once; a socket that did not subscribe hears none', async () => {
    const [guest, admin] = [await fx.login('guest@acme.example'), await fx.login('admin@acme.example')];
    const socket = connect(guest);
    const bystander = connect(admin);
    const heard: unknown[] = [];
    const overheard: unknown[] = [];
    socket.on(APP_VERSION_RELEASED, (payload: unknown) => heard.push(payload));
    bystander.on(APP_VERSION_RELEASED, (payload: unknown) => overheard.push(payload));
    await Promise.all([connected(socket), connected(bystander)]);

    const answer = await socket.emitWithAck('subscribe', { channel: APP_CHANNEL });
    expect(answer).toEqual({ success: true, channel: APP_CHANNEL });
    await expect.poll(() => heard.length).toBe(1);
    expect(heard[0]).toEqual({ ...v('100-first'), channel: APP_CHANNEL });

    await writeVersion(v('200-second'));
    await expect.poll(() => heard.length, { timeout: 2000 }).toBe(2);
    await sleep(300); // several polls later: still told once
    expect(heard).toEqual([
      { ...v('100-first'), channel: APP_CHANNEL },
      { ...v('200-second'), channel: APP_CHANNEL },
    ]);
    expect(overheard).toEqual([]);
  });
});
