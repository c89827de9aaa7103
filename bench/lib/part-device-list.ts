import { Agent, request } from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { sqlOnlyDb } from '../../api/src/db/sql-only.ts';
import type { AuthContext } from '../../api/src/modules/auth/context.ts';
import {
  deviceConditions,
  deviceListQuery,
  devicePage,
  devicesInViewQuery,
  INDEX_WALK_MIN_DEVICES,
} from '../../api/src/modules/devices/list-queries.ts';
import { adminQuery, signIn, startApiChild, withDatabaseName } from './api-child.ts';
import { type BenchContext, envNumber, heading, withServer } from './context.ts';
import { type DeviceWorld, levelSizes, MID_TREE_ADMIN } from './device-seed.ts';
import { type PreparedStore, preparePglite, preparePostgres } from './device-store.ts';
import type { ServerChild } from './proc.ts';
import { fmtInt, fmtRatio, fmtUs, percentile, table, verdict } from './stats.ts';

/**
 * Part 9: the devices list at scale, `GET /api/devices?limit=100` (devices/list.ts: the page and an
 * exact count over devices joined to companies, run side by side, then the page's tags), as the
 * super admin (scope `all`: no tenancy condition) and as the admin of a mid-tree company (scope
 * `subtree`: `companies.path LIKE '<path>%'`, about 1% of the fleet). One request at a time, so
 * the latency is the query's and not a queue's. On PostgreSQL the route's two statements also
 * run straight on the database, with EXPLAIN ANALYZE, to show where the time goes.
 */

/** `BENCH_LIST_QUERY=limit=100&sort=name` measures the console's own first page (sorted by name). */
const QUERY = process.env.BENCH_LIST_QUERY ?? 'limit=100';
const PAGE = `/api/devices?${QUERY}`;
const SUPER_ADMIN = 'super@fleetport.example';
const P95_GOAL_US = 50_000;
const RATIO_GOAL = 1.5;
const REQUESTS = envNumber('BENCH_LIST_REQUESTS', 100);
const WARMUP = 10;
const SQL_RUNS = 20;

const WORLDS = {
  pglite: { companies: 1_000, devices: 100_000 },
  postgres: { companies: 10_000, devices: 1_000_000 },
} as const satisfies Record<string, DeviceWorld>;

interface Caller {
  label: string;
  email: string;
  cookie: string;
}

interface CallerResult {
  caller: Caller;
  /** µs, one per measured request. */
  samples: number[];
  /** The list's meta.total and page length: the scoping at work. */
  total: number;
  rows: number;
  errors: number;
}

/** One GET over a kept-alive connection; µs from the request to the end of the body. */
function timedGet(
  url: string,
  cookie: string,
  agent: Agent,
): Promise<{ us: number; status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = request(
      url,
      { agent, headers: { Cookie: cookie, 'X-Requested-With': 'XMLHttpRequest' } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            us: Number(process.hrtime.bigint() - started) / 1000,
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/**
 * The callers take turns, request by request, so a burst of load from elsewhere on the shared
 * machine falls on both alike. The first WARMUP requests of each are not counted.
 */
async function measureCallers(server: ServerChild, callers: readonly Caller[]): Promise<CallerResult[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const results = callers.map(
    (caller): CallerResult => ({ caller, samples: [], total: 0, rows: 0, errors: 0 }),
  );
  try {
    for (let i = 0; i < WARMUP + REQUESTS; i += 1) {
      for (const result of results) {
        const answer = await timedGet(`${server.url}${PAGE}`, result.caller.cookie, agent);
        if (answer.status !== 200) {
          result.errors += 1;
          continue;
        }
        if (i === 0) {
          const body = JSON.parse(answer.body) as { data: unknown[]; meta: { total: number } };
          [result.total, result.rows] = [body.meta.total, body.data.length];
        }
        if (i >= WARMUP) result.samples.push(answer.us);
      }
    }
  } finally {
    agent.destroy();
  }
  return results;
}

const p = (samples: readonly number[], q: number) =>
  percentile(
    [...samples].sort((a, b) => a - b),
    q,
  );

function report(ctx: BenchContext, store: string, results: readonly CallerResult[]): void {
  const [unscoped, scoped] = results as [CallerResult, CallerResult];
  console.log(
    table(
      ['caller', 'devices visible', 'rows', 'p50', 'p95', 'p99', 'max', 'errors', 'p95 vs unscoped'],
      results.map((result) => [
        result.caller.label,
        fmtInt(result.total),
        fmtInt(result.rows),
        fmtUs(p(result.samples, 50)),
        fmtUs(p(result.samples, 95)),
        fmtUs(p(result.samples, 99)),
        fmtUs(p(result.samples, 100)),
        fmtInt(result.errors),
        fmtRatio(p(result.samples, 95) / p(unscoped.samples, 95)),
      ]),
    ),
  );
  const ratio = p(scoped.samples, 95) / p(unscoped.samples, 95);
  for (const result of results) {
    const p95 = p(result.samples, 95);
    console.log(
      `${store}, ${result.caller.label}: p95 ${fmtUs(p95)} (goal < 50 ms) ${verdict(p95 < P95_GOAL_US)}`,
    );
    ctx.goals.push({
      part: '9 device list',
      goal: `${store}: p95 < 50 ms, ${result.caller.label}`,
      measured: fmtUs(p95),
      met: p95 < P95_GOAL_US,
    });
  }
  console.log(
    `${store}: scoped/unscoped p95 = ${fmtRatio(ratio)} (goal ≤ ${RATIO_GOAL}×) ${verdict(ratio <= RATIO_GOAL)}; p50 ${fmtRatio(p(scoped.samples, 50) / p(unscoped.samples, 50))}`,
  );
  ctx.goals.push({
    part: '9 device list',
    goal: `${store}: p95 scoped/unscoped ≤ ${RATIO_GOAL}×`,
    measured: fmtRatio(ratio),
    met: ratio <= RATIO_GOAL,
  });
}

/**
 * The route's two statements for a caller, built by the route's own code (list.ts): the page
 * (walking the sort's index, or choosing the ids first) and the total (the kept per-company
 * counts, since the bench's query has no filter).
 */
function routeSql(auth: AuthContext, walk: boolean) {
  const db = sqlOnlyDb();
  const list = deviceListQuery.parse(Object.fromEntries(new URLSearchParams(QUERY)));
  const where = deviceConditions(auth, list);
  return {
    count: devicesInViewQuery(db, auth).toSQL(),
    page: devicePage(db, where, list.sort, { limit: list.limit, offset: list.offset, walk }).toSQL(),
  };
}

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  Plans?: PlanNode[];
}

/** A plan on one line: each node with its index or table and the rows it produced (× loops). */
function planLine(node: PlanNode): string {
  const target = node['Index Name'] ?? node['Relation Name'];
  const loops = node['Actual Loops'] > 1 ? `×${fmtInt(node['Actual Loops'])}` : '';
  const own = `${node['Node Type']}${target ? ` ${target}` : ''} ${fmtInt(node['Actual Rows'])}${loops}`;
  const children = (node.Plans ?? []).map(planLine);
  return children.length === 0 ? own : `${own} ‹ ${children.join(' + ')}`;
}

/** Each statement SQL_RUNS times in a row (p50, p95) and once under EXPLAIN ANALYZE. */
async function explainRouteSql(url: string, subtreePath: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const rows: string[][] = [];
    const plans: string[] = [];
    const p50s = new Map<string, number>();
    const callers: [string, AuthContext][] = [
      ['unscoped', { scope: 'all' } as AuthContext],
      ['scoped', { scope: 'subtree', companyPath: subtreePath } as AuthContext],
    ];
    for (const [scope, auth] of callers) {
      // As the route decides: walk the sort's index when the caller sees enough devices.
      const { count } = routeSql(auth, false);
      const [first] = (await client.query<Record<string, string>>(count.sql, count.params)).rows;
      const inView = Number(Object.values(first ?? {})[0]);
      for (const [statement, { sql, params }] of Object.entries(
        routeSql(auth, inView >= INDEX_WALK_MIN_DEVICES),
      )) {
        const samples: number[] = [];
        for (let run = 0; run < SQL_RUNS; run += 1) {
          const started = process.hrtime.bigint();
          await client.query(sql, [...params]);
          samples.push(Number(process.hrtime.bigint() - started) / 1000);
        }
        const explained = await client.query<{
          'QUERY PLAN': [{ Plan: PlanNode; 'Execution Time': number }];
        }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, [...params]);
        const [plan] = explained.rows[0]?.['QUERY PLAN'] ?? [];
        rows.push([`${statement}, ${scope}`, fmtUs(p(samples, 50)), fmtUs(p(samples, 95))]);
        p50s.set(`${statement}, ${scope}`, p(samples, 50));
        if (plan)
          plans.push(
            `${statement}, ${scope} (${plan['Execution Time'].toFixed(1)} ms): ${planLine(plan.Plan)}`,
          );
      }
    }
    console.log(`\nthe route's statements straight on PostgreSQL (${SQL_RUNS} runs each, one at a time):`);
    console.log(table(['statement', 'p50', 'p95'], rows));
    const ratio = (statement: string) =>
      fmtRatio(
        (p50s.get(`${statement}, scoped`) ?? Number.NaN) / (p50s.get(`${statement}, unscoped`) ?? Number.NaN),
      );
    console.log(`scoped/unscoped p50: page ${ratio('page')}, count ${ratio('count')}`);
    for (const line of plans) console.log(line);
  } finally {
    await client.end();
  }
}

async function signInCallers(server: ServerChild): Promise<Caller[]> {
  return [
    { label: 'super admin (unscoped)', email: SUPER_ADMIN, cookie: await signIn(server, SUPER_ADMIN) },
    {
      label: 'mid-tree admin (subtree)',
      email: MID_TREE_ADMIN,
      cookie: await signIn(server, MID_TREE_ADMIN),
    },
  ];
}

function describeWorld(world: DeviceWorld): string {
  return `${fmtInt(world.devices)} devices in ${fmtInt(world.companies)} companies (levels ${levelSizes(world.companies).map(fmtInt).join(' / ')} below the root)`;
}

/** Starts the API on a prepared store, signs both callers in, measures, and stops the API. */
async function measureStore(
  ctx: BenchContext,
  store: string,
  prepared: PreparedStore,
  start: () => Promise<ServerChild>,
): Promise<void> {
  console.log(`\n${store}: ${prepared.note}`);
  await withServer(start, async (server) =>
    report(ctx, store, await measureCallers(server, await signInCallers(server))),
  );
}

export async function benchDeviceList(ctx: BenchContext): Promise<void> {
  heading(`9. Device list at scale: GET ${PAGE}, super admin vs a mid-tree admin`);
  console.log(
    `${REQUESTS} requests per caller after ${WARMUP} warm-up, one at a time, the callers taking turns; PGlite: ${describeWorld(WORLDS.pglite)}; PostgreSQL: ${describeWorld(WORLDS.postgres)}`,
  );
  const dataDir = path.join(ctx.tmp, 'devices-pglite');
  const pgliteStore = await preparePglite(WORLDS.pglite, dataDir);
  await measureStore(ctx, 'PGlite', pgliteStore, () =>
    startApiChild('PGlite, 100k devices', { DATA_DIR: dataDir, DATABASE_URL: '' }),
  );

  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.log('\nPostgreSQL: skipped (set DATABASE_URL to a server where the bench may create databases)');
    return;
  }
  const database = `fleetport_bench_list_${process.pid}`;
  try {
    const prepared = await preparePostgres(databaseUrl, WORLDS.postgres, database);
    const url = withDatabaseName(databaseUrl, database);
    await measureStore(ctx, 'PostgreSQL', prepared, () =>
      startApiChild('PostgreSQL, 1M devices', { DATABASE_URL: url }),
    );
    const [subtree] = await companyPathOf(url, MID_TREE_ADMIN);
    if (subtree) await explainRouteSql(url, subtree.path);
  } finally {
    await adminQuery(databaseUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => undefined);
  }
}

/** A user's company path, read from the bench's copy of the store. */
async function companyPathOf(url: string, email: string): Promise<{ path: string }[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ path: string }>(
      'SELECT companies.path FROM users INNER JOIN companies ON companies.id = users.company_id WHERE users.email = $1',
      [email],
    );
    return rows;
  } finally {
    await client.end();
  }
}
