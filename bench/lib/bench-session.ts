import { spawn } from 'node:child_process';
import path from 'node:path';
import { DEMO_PASSWORD } from './api-child.ts';
import { benchDir, type ServerChild, stop, track } from './proc.ts';

/**
 * What the fleet parts (11, 12) share: the simulated fleet in its own process, and a signed-in
 * session on the API under test (its cookies and the XSRF token a write echoes).
 */

export function startFleetChild(
  url: string,
  fleetFile: string,
  options: {
    devices: number;
    batchSize: number;
    firmwareFailureRate?: number;
    firmwareStepMs?: number;
    rebootDelayMs?: number;
  },
): { pid: number | undefined; stop: () => Promise<void> } {
  const child = track(
    spawn(
      process.execPath,
      [
        path.join(benchDir, 'workers/device-fleet.ts'),
        JSON.stringify({ url, fleetFile, timeScale: 1, ...options }),
      ],
      { stdio: ['ignore', 'ignore', 'ignore'] },
    ),
  );
  return { pid: child.pid, stop: () => stop(child, 5000) };
}

export interface Session {
  cookie: string;
  xsrf: string;
}

/** Signs in and keeps what a write needs: the session cookies and the XSRF token to echo. */
export async function login(api: ServerChild, email: string): Promise<Session> {
  const answer = await fetch(`${api.url}/api/account/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (answer.status !== 200) throw new Error(`bench login as ${email} answered ${answer.status}`);
  const pairs = answer.headers.getSetCookie().map((line) => line.split(';')[0] ?? '');
  const xsrf = pairs.find((pair) => pair.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length) ?? '';
  return { cookie: pairs.join('; '), xsrf: decodeURIComponent(xsrf) };
}

export const headersOf = (session: Session) => ({
  Cookie: session.cookie,
  'X-Requested-With': 'XMLHttpRequest',
  'X-XSRF-TOKEN': session.xsrf,
});

export async function post(
  api: ServerChild,
  session: Session,
  route: string,
  body: unknown,
): Promise<unknown> {
  const answer = await fetch(`${api.url}/api${route}`, {
    method: 'POST',
    headers: { ...headersOf(session), 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await answer.text();
  if (answer.status >= 300) throw new Error(`${route} answered ${answer.status}: ${text}`);
  return (JSON.parse(text) as { data: unknown }).data;
}
