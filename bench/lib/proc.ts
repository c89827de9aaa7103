import { type ChildProcess, spawn } from 'node:child_process';
import { connect, createServer } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/**
 * Child processes of the bench: every server under test and every load generator runs in its
 * own process, is tracked here, and is stopped by its pid when the bench ends (or is stopped).
 */

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
export const benchDir = path.join(repoRoot, 'bench');

const children = new Set<ChildProcess>();

export function track(child: ChildProcess): ChildProcess {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/** Stops one child: SIGTERM, then SIGKILL if it is still there after `graceMs`. */
export async function stop(child: ChildProcess, graceMs = 3000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

export async function stopAll(): Promise<void> {
  await Promise.all([...children].map((child) => stop(child)));
}

/** A port that was free a moment ago (for nginx, which cannot report an ephemeral port). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface ServerChild {
  child: ChildProcess;
  port: number;
  url: string;
  stop: () => Promise<void>;
}

/** Resolves once something accepts connections on the loopback port. */
export function waitForPort(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error(`nothing listens on ${port}`));
        else setTimeout(attempt, 50);
      });
    };
    attempt();
  });
}

/**
 * Spawns a long-running child and waits until it is ready: a stdout line that `readyOf` turns
 * into a port, or (`port`) a listener on a port chosen beforehand. Stdout is drained and dropped
 * (the edge's request logs go to this sink, as they would go to a log pipe in production).
 */
export function startServerChild(
  command: string,
  args: readonly string[],
  options: {
    env?: NodeJS.ProcessEnv;
    ready: { readyOf: (line: string) => number | undefined } | { port: number };
    name: string;
    timeoutMs?: number;
  },
): Promise<ServerChild> {
  const child = track(
    spawn(command, args, {
      cwd: repoRoot,
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-4000);
  });
  const timeoutMs = options.timeoutMs ?? 20_000;
  const { ready } = options;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop(child);
      reject(new Error(`${options.name} did not start within ${timeoutMs} ms\n${stderr}`));
    }, timeoutMs);
    const onExit = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`${options.name} exited (${code}) before it was ready\n${stderr}`));
    };
    child.once('exit', onExit);
    if ('port' in ready) {
      child.stdout?.resume();
      waitForPort(ready.port, timeoutMs).then(() => {
        clearTimeout(timer);
        child.off('exit', onExit);
        resolve({ child, port: ready.port, url: `http://127.0.0.1:${ready.port}`, stop: () => stop(child) });
      }, reject);
      return;
    }
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.on('line', (line) => {
      const port = ready.readyOf(line);
      if (port === undefined) return;
      clearTimeout(timer);
      child.off('exit', onExit);
      lines.removeAllListeners('line');
      lines.close();
      // Keep draining whatever the child logs from now on.
      child.stdout?.on('data', () => undefined);
      child.stdout?.resume();
      resolve({ child, port, url: `http://127.0.0.1:${port}`, stop: () => stop(child) });
    });
  });
}

/** The ready line of the bench's own child servers: `{"ready":true,"port":N}`. */
export function benchReadyLine(line: string): number | undefined {
  try {
    const parsed = JSON.parse(line) as { ready?: boolean; port?: number };
    return parsed.ready && typeof parsed.port === 'number' ? parsed.port : undefined;
  } catch {
    return undefined;
  }
}

/** Starts `bench/servers/<name>.ts` in its own Node process. */
export function startBenchServer(
  name: string,
  args: readonly string[] = [],
  env: NodeJS.ProcessEnv = {},
): Promise<ServerChild> {
  return startServerChild(process.execPath, [path.join(benchDir, 'servers', `${name}.ts`), ...args], {
    env: { NODE_ENV: 'production', ...env },
    ready: { readyOf: benchReadyLine },
    name,
  });
}

/** Runs a child to completion and returns its stdout (rejects on a non-zero exit). */
export function runToEnd(
  command: string,
  args: readonly string[],
  options: { env?: NodeJS.ProcessEnv; timeoutMs: number },
): Promise<string> {
  const child = track(
    spawn(command, args, {
      cwd: repoRoot,
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-4000);
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop(child, 1000);
      reject(new Error(`${path.basename(command)} ${args.join(' ')} timed out\n${stderr}`));
    }, options.timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(stdout);
      else reject(new Error(`${path.basename(command)} exited with ${code ?? signal}\n${stderr}${stdout}`));
    });
  });
}
