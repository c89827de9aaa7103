import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../api/src/testing/fixtures.ts';
import { restartDelay, Supervisor } from '../../scripts/supervise.ts';

/**
 * `npm start` stays up: the launcher restarts a child that dies. The first part drives the
 * supervisor with small scripts; the second runs the real launcher (API, edge, PGlite in a
 * folder of its own) and kills the API with SIGKILL under it.
 */
const repoRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)));

const until = async (check: () => Promise<boolean> | boolean, timeoutMs: number, what: string) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
};

describe('supervisor', () => {
  it('restartDelay: short after a healthy run, doubling with quick failures, capped', () => {
    expect(restartDelay(0, 500, 30_000)).toBe(500);
    expect(restartDelay(1, 500, 30_000)).toBe(500);
    expect(restartDelay(2, 500, 30_000)).toBe(1000);
    expect(restartDelay(4, 500, 30_000)).toBe(4000);
    expect(restartDelay(20, 500, 30_000)).toBe(30_000);
  });

  it('starts a killed child again and says so', async () => {
    const lines: string[] = [];
    const supervisor = new Supervisor({ initialDelayMs: 50, log: (line) => lines.push(line) });
    supervisor.start({
      name: 'sleeper',
      command: process.execPath,
      args: ['-e', 'setInterval(() => {}, 1000)'],
    });
    const first = supervisor.child('sleeper') as ChildProcess;
    await until(() => first.pid !== undefined, 5_000, 'the first child');
    first.kill('SIGKILL');
    await until(() => supervisor.child('sleeper') !== first, 5_000, 'a new child');
    const second = supervisor.child('sleeper') as ChildProcess;
    expect(second.pid).not.toBe(first.pid);
    expect(lines).toEqual(['sleeper stopped (killed by SIGKILL); starting it again in 50 ms.']);
    await supervisor.stop();
    expect(second.signalCode).toBe('SIGTERM');
  });

  it('gives up on a child that keeps dying right after it starts', async () => {
    const lines: string[] = [];
    const given: string[] = [];
    const supervisor = new Supervisor({
      initialDelayMs: 10,
      maxDelayMs: 40,
      maxQuickFailures: 3,
      log: (line) => lines.push(line),
      onGiveUp: (name) => given.push(name),
    });
    supervisor.start({ name: 'broken', command: process.execPath, args: ['-e', 'process.exit(3)'] });
    await until(() => given.length > 0, 10_000, 'the supervisor to give up');
    expect(given).toEqual(['broken']);
    expect(lines.at(-1)).toBe(
      'broken stopped (exit code 3) 3 times in a row soon after starting; giving up.',
    );
    expect(lines).toHaveLength(3);
  });
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

/** The children of a process, from /proc (Linux). */
function childrenOf(pid: number): { pid: number; command: string }[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((name) => {
      try {
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        if (parent !== pid) return [];
        const command = readFileSync(`/proc/${name}/cmdline`, 'utf8').replaceAll('\0', ' ');
        return [{ pid: Number(name), command }];
      } catch {
        return []; // the process ended while we looked
      }
    });
}

describe('npm start under a dead API', () => {
  const password = 'launcher-test-password';
  let launcher: ChildProcess;
  let dataDir: string;
  let base: string;
  let output = '';

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'fleetport-launcher-'));
    const [port, apiPort] = [await freePort(), await freePort()];
    base = `http://127.0.0.1:${port}`;
    launcher = spawn(process.execPath, ['scripts/start.ts'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        PORT: String(port),
        API_PORT: String(apiPort),
        MQTT_PORT: '0',
        DATA_DIR: dataDir,
        BRANDS_DIR: join(repoRoot, 'themes'),
        DEVICES: '0',
        DEMO_PASSWORD: password,
        // What a person sees in a terminal: a summary, warnings and errors; logs go to files.
        START_LOGS: 'terminal',
        DATABASE_URL: '',
        REDIS_URL: '',
        MQTT_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    launcher.stdout?.on('data', (chunk) => {
      output += String(chunk);
    });
    launcher.stderr?.on('data', (chunk) => {
      output += String(chunk);
    });
  }, 10_000);

  afterAll(async () => {
    if (launcher && launcher.exitCode === null) {
      const exited = new Promise((done) => launcher.once('exit', done));
      launcher.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  const signedInUser = async () => {
    const client = new TestClient(base);
    const login = await client.post('/api/account/login', { email: 'super@fleetport.example', password });
    if (login.status !== 200) return undefined;
    return client.get('/api/user');
  };

  it('restarts the API killed with SIGKILL: the console and /api/user answer again', async () => {
    await until(
      async () => (await signedInUser().catch(() => undefined))?.status === 200,
      120_000,
      `the first start (${output.slice(-500)})`,
    );
    const api = childrenOf(launcher.pid as number).find((child) => child.command.includes('api/src/main.ts'));
    expect(api, 'the API runs under the launcher').toBeDefined();
    process.kill(api?.pid as number, 'SIGKILL');

    // The edge stays up and answers for the API while it is away (never a refused connection).
    const console_ = await fetch(`${base}/`);
    expect(console_.status).toBe(200);

    await until(
      async () => (await signedInUser().catch(() => undefined))?.status === 200,
      90_000,
      `the API to come back (${output.slice(-500)})`,
    );
    const user = (await signedInUser()) as { body: { data: { email: string } } };
    expect(user.body.data.email).toBe('super@fleetport.example');
    expect((await fetch(`${base}/management/devices`)).status).toBe(200);
    expect(output).toMatch(/api stopped \(killed by SIGKILL\); starting it again in/);
    const again = childrenOf(launcher.pid as number).find((child) =>
      child.command.includes('api/src/main.ts'),
    );
    expect(again?.pid).not.toBe(api?.pid);
    expect(launcher.exitCode).toBeNull();
  }, 240_000);

  it('shows a short summary in a terminal and keeps the request logs in data/logs', () => {
    expect(output).toContain('Fleetport is ready. Open:');
    expect(output).toContain('http://acme.localhost:');
    expect(output).toContain('E-mail outbox');
    expect(output).toContain('Sign in as any of:');
    // No JSON log line reaches the screen; the requests above are in the API's log file.
    expect(output.split('\n').filter((line) => line.startsWith('{'))).toEqual([]);
    const apiLog = readFileSync(join(dataDir, 'logs', 'api.log'), 'utf8');
    expect(apiLog).toMatch(/"url":"(\/api)?\/user"/);
    expect(apiLog).toContain('Fleetport API listening on');
  });
});
