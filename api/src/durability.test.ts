import { type ChildProcess, spawn } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { TEST_PASSWORD, TestClient, testStore } from './testing/fixtures.ts';
import { adminUrl, withDatabase } from './testing/stores.ts';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  // Last in, first out: the API processes stop before their store is removed.
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A store of its own for this test, as environment variables for the API process. */
async function storeEnv(): Promise<Record<string, string>> {
  if (testStore() === 'postgres') {
    const url = process.env.DATABASE_URL as string;
    const name = `fleetport_kill_${process.pid}_${Date.now()}`;
    await withDatabase(adminUrl(url), (client) =>
      client.query(`CREATE DATABASE ${name} TEMPLATE ${inject('templateDatabase')}`),
    );
    cleanups.push(() =>
      withDatabase(adminUrl(url), (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)),
    );
    const parsed = new URL(url);
    parsed.pathname = `/${name}`;
    return { DATABASE_URL: parsed.toString() };
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'fleetport-kill-'));
  await cp(inject('templateDataDir'), dir, { recursive: true });
  cleanups.push(() => rm(dir, { recursive: true, force: true, maxRetries: 5 }));
  return { DATA_DIR: dir, DATABASE_URL: '' };
}

async function startProcess(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [MAIN], {
    env: { ...process.env, ...env, API_PORT: '0', LOG_LEVEL: 'info', REDIS_URL: '', MFA_REQUIRED: 'false' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cleanups.push(async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  });
  const url = await new Promise<string>((resolve, reject) => {
    let buffered = '';
    const timer = setTimeout(() => reject(new Error('API did not start')), 30_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const match = /"url":"(http:[^"]+)"/.exec(buffered);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once('exit', (code) => reject(new Error(`API exited with ${code}`)));
  });
  return { child, url };
}

describe('durability', () => {
  it('keeps every write whose 2xx answer was received when the process is SIGKILLed mid-burst', {
    timeout: 60_000,
  }, async () => {
    const env = await storeEnv();
    const first = await startProcess(env);
    const client = new TestClient(first.url);
    expect(
      (await client.post('/api/account/login', { email: 'admin@acme.example', password: TEST_PASSWORD }))
        .status,
    ).toBe(200);

    const acknowledged: string[] = [];
    let sent = 0;
    const writer = async (lane: number) => {
      for (;;) {
        const key = `burst-${lane}-${sent++}`;
        try {
          const answer = await client.post('/api/storage', { key, value: { lane, at: Date.now() } });
          if (answer.status === 201) acknowledged.push(key);
          else return;
        } catch {
          return; // the connection died with the process
        }
      }
    };
    const lanes = Promise.all([0, 1, 2, 3].map(writer));
    while (acknowledged.length < 40) await new Promise((resolve) => setTimeout(resolve, 5));
    const exited = new Promise((resolve) => first.child.once('exit', resolve));
    first.child.kill('SIGKILL');
    await lanes;
    await exited;

    const second = await startProcess(env);
    const again = new TestClient(second.url);
    expect(
      (await again.post('/api/account/login', { email: 'admin@acme.example', password: TEST_PASSWORD }))
        .status,
    ).toBe(200);
    const stored = new Set<string>();
    for (let offset = 0; ; offset += 100) {
      const page = await again.get(`/api/storage?limit=100&offset=${offset}`);
      for (const entry of page.body.data as { key: string }[]) stored.add(entry.key);
      if (page.body.data.length < 100) break;
    }
    expect(acknowledged.length).toBeGreaterThanOrEqual(40);
    expect(acknowledged.filter((key) => !stored.has(key))).toEqual([]);
  });
});
