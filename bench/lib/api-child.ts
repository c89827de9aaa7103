import pg from 'pg';
import { freePort, type ServerChild, startServerChild } from './proc.ts';

/**
 * The real API (`api/src/main.ts`) as a child process of the bench, on PGlite or PostgreSQL, and
 * the sign-in that gives a session cookie. Parts 6, 8 and 9 use it.
 */

/** The demo world's password (SEED_DEMO); every demo user signs in with it. */
export const DEMO_PASSWORD = 'bench demo password';

/** The database named `name` on DATABASE_URL's server. */
export function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** One statement on the server's maintenance database, for CREATE/DROP/ALTER DATABASE. */
export async function adminQuery<T extends pg.QueryResultRow = pg.QueryResultRow>(
  url: string,
  sql: string,
): Promise<T[]> {
  const client = new pg.Client({ connectionString: withDatabaseName(url, 'postgres') });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

/**
 * Starts the API with the demo world (SEED_DEMO) on the store `env` names: `DATA_DIR` and an
 * empty `DATABASE_URL` for PGlite, or a `DATABASE_URL`. MFA is off and tokens live an hour, so
 * one sign-in lasts a whole part. `env` wins over the defaults.
 */
export async function startApiChild(
  label: string,
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<ServerChild> {
  const port = await freePort();
  return startServerChild(process.execPath, ['api/src/main.ts'], {
    name: `api (${label})`,
    env: {
      NODE_ENV: 'production',
      API_PORT: String(port),
      MQTT_PORT: '0',
      API_HOST: '127.0.0.1',
      SEED_DEMO: 'true',
      DEMO_PASSWORD,
      MFA_REQUIRED: 'false',
      ACCESS_TOKEN_TTL_S: '3600',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      ...env,
    },
    ready: { port },
    timeoutMs,
  });
}

/** Signs in through POST /api/account/login and answers the `fp_access` cookie to send. */
export async function signIn(server: ServerChild, email: string, password = DEMO_PASSWORD): Promise<string> {
  const login = await fetch(`${server.url}/api/account/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    body: JSON.stringify({ email, password }),
  });
  if (login.status !== 200) throw new Error(`bench login as ${email} answered ${login.status}`);
  const cookie = login.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .filter((pair) => pair?.startsWith('fp_access='))
    .join('; ');
  if (!cookie) throw new Error(`bench login as ${email} set no access cookie`);
  return cookie;
}
