import path from 'node:path';
import { adminQuery, signIn, startApiChild, withDatabaseName } from './api-child.ts';
import { type BenchContext, type Contender, heading, loadTable, measureAll } from './context.ts';
import type { LoadResult } from './load.ts';
import type { ServerChild } from './proc.ts';

const USER = 'admin@acme.example';

interface ApiUnderTest {
  label: string;
  server: ServerChild;
  cookie: string;
}

/** Starts the real API (`api/src/main.ts`) on a store, seeded with the demo world, and signs in. */
async function startApi(label: string, store: Record<string, string>): Promise<ApiUnderTest> {
  const server = await startApiChild(label, store);
  try {
    return { label, server, cookie: await signIn(server, USER) };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/**
 * Part 6: the API itself, GET /user and a scoped list (GET /companies as an Acme admin: the
 * materialised-path subtree query plus a count), on PGlite and on PostgreSQL side by side.
 * PostgreSQL runs when DATABASE_URL is set (a database of the bench's own is created and
 * dropped). Figures only: the issue sets no goal.
 */
export async function benchApiStore(ctx: BenchContext): Promise<void> {
  heading('6. API: GET /user and a scoped list (GET /companies), PGlite and PostgreSQL');
  const apis: ApiUnderTest[] = [];
  const databaseUrl = process.env.DATABASE_URL;
  const benchDatabase = `fleetport_bench_${process.pid}`;
  try {
    apis.push(await startApi('PGlite', { DATA_DIR: path.join(ctx.tmp, 'api-data'), DATABASE_URL: '' }));
    if (databaseUrl) {
      await adminQuery(databaseUrl, `DROP DATABASE IF EXISTS ${benchDatabase}`);
      await adminQuery(databaseUrl, `CREATE DATABASE ${benchDatabase}`);
      apis.push(await startApi('PostgreSQL', { DATABASE_URL: withDatabaseName(databaseUrl, benchDatabase) }));
    } else {
      console.log('PostgreSQL: skipped (set DATABASE_URL to a server where the bench may create a database)');
    }
    const contendersFor = (pathname: string): Contender[] =>
      apis.map((api) => ({
        label: `${api.label} ${pathname.split('?')[0]}`,
        target: {
          url: `${api.server.url}${pathname}`,
          headers: { Cookie: api.cookie, 'X-Requested-With': 'XMLHttpRequest' },
        },
        pid: api.server.child.pid,
      }));
    const results: LoadResult[] = [];
    for (const pathname of ['/api/user', '/api/companies?limit=25&sort=name']) {
      const measured = await measureAll(ctx, contendersFor(pathname));
      results.push(...measured);
      console.log(loadTable(measured, measured[0] as LoadResult));
    }
    const errors = results.reduce((sum, result) => sum + result.errors, 0);
    console.log(
      `each request: cookie → JWT check → one session/user/company/role query → permissions query${
        errors ? `; ${errors} non-2xx answers (check the API's log)` : ''
      }`,
    );
  } finally {
    await Promise.all(apis.map((api) => api.server.stop()));
    if (databaseUrl)
      await adminQuery(databaseUrl, `DROP DATABASE IF EXISTS ${benchDatabase} WITH (FORCE)`).catch(
        () => undefined,
      );
  }
}
