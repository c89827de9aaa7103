import pg from 'pg';

/** The demo world's password in tests. */
export const TEST_PASSWORD = 'correct horse battery staple';

export const templateDatabaseName = () => `fleetport_template_${process.pid}`;

/** The maintenance database of the server DATABASE_URL points at (CREATE/DROP DATABASE). */
export function adminUrl(url: string): string {
  const parsed = new URL(url);
  parsed.pathname = '/postgres';
  return parsed.toString();
}

export async function withDatabase<T>(url: string, task: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await task(client);
  } finally {
    await client.end();
  }
}
