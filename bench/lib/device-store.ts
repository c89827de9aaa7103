import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { adminQuery, startApiChild, withDatabaseName } from './api-child.ts';
import { type DeviceWorld, deviceSeedSql } from './device-seed.ts';
import { benchDir, repoRoot, runToEnd, stop } from './proc.ts';

/**
 * Part 9's seeded stores, built once and kept between runs: a PostgreSQL template database and
 * a PGlite data folder, each named by a hash of what shapes it (the API's migrations, its seed
 * code and the seed SQL). A run copies the cache, so the API's own writes (sessions) never
 * reach it; a change to any of those inputs builds a new one and drops the old.
 */

export interface PreparedStore {
  /** How the store was obtained, for the report. */
  note: string;
}

/** PGlite caches live here (`BENCH_CACHE_DIR`), outside the bench's temp folder. */
const CACHE_ROOT = process.env.BENCH_CACHE_DIR ?? path.join(tmpdir(), 'fleetport-bench-cache');
const TEMPLATE_PREFIX = 'fleetport_bench_devices_';

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Every input that changes the seeded store: migrations, the demo-world seed, the seed SQL. */
async function worldHash(world: DeviceWorld): Promise<string> {
  const hash = createHash('sha256').update(deviceSeedSql(world));
  for (const folder of ['api/migrations', 'api/src/seed']) {
    const names = (await readdir(path.join(repoRoot, folder)))
      .filter((name) => !name.includes('.test.'))
      .sort();
    for (const name of names) {
      hash.update(`${folder}/${name}\n`).update(await readFile(path.join(repoRoot, folder, name)));
    }
  }
  return hash.digest('hex').slice(0, 12);
}

/** Starts the API once on a new store, so it migrates it and seeds the demo world, then stops it. */
async function migrateWithDemoWorld(label: string, env: Record<string, string>): Promise<void> {
  const api = await startApiChild(label, env, 120_000);
  // A long grace: PGlite must close its files cleanly before the seed opens them.
  await stop(api.child, 20_000);
}

async function seedPostgres(url: string, world: DeviceWorld): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // One simple-protocol message is one implicit transaction: the seed applies whole or not at all.
    await client.query(deviceSeedSql(world));
    await client.query('VACUUM ANALYZE');
  } finally {
    await client.end();
  }
}

/**
 * A fresh database `target` holding the seeded world, copied from the cached template (built
 * first when missing). The copy is a file copy, several times faster than seeding again.
 */
export async function preparePostgres(
  databaseUrl: string,
  world: DeviceWorld,
  target: string,
): Promise<PreparedStore> {
  const template = `${TEMPLATE_PREFIX}${await worldHash(world)}`;
  const existing = await adminQuery<{ datname: string }>(
    databaseUrl,
    `SELECT datname FROM pg_database WHERE datname LIKE '${TEMPLATE_PREFIX}%'`,
  );
  let note: string;
  if (existing.some((row) => row.datname === template)) {
    note = `cached template ${template}`;
  } else {
    const started = performance.now();
    // Built under a name of its own and renamed when complete, so an interrupted build is never reused.
    const building = `${template}_build_${process.pid}`;
    await adminQuery(databaseUrl, `DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
    await adminQuery(databaseUrl, `CREATE DATABASE ${building}`);
    const url = withDatabaseName(databaseUrl, building);
    await migrateWithDemoWorld('PostgreSQL, migrating the device world', { DATABASE_URL: url });
    const migrated = performance.now();
    await seedPostgres(url, world);
    await adminQuery(databaseUrl, `ALTER DATABASE ${building} RENAME TO ${template}`);
    for (const { datname } of existing) {
      if (!datname.includes('_build_'))
        await adminQuery(databaseUrl, `DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`).catch(
          () => undefined,
        );
    }
    note = `seeded in ${seconds(performance.now() - migrated)} (SQL and VACUUM ANALYZE; the API's migrations and demo world before it ${seconds(migrated - started)}), kept as template ${template}`;
  }
  const copying = performance.now();
  await adminQuery(databaseUrl, `DROP DATABASE IF EXISTS ${target} WITH (FORCE)`);
  // FILE_COPY (PostgreSQL 15+) copies the files instead of writing every page through the WAL.
  await adminQuery(databaseUrl, `CREATE DATABASE ${target} TEMPLATE ${template} STRATEGY FILE_COPY`).catch(
    () => adminQuery(databaseUrl, `CREATE DATABASE ${target} TEMPLATE ${template}`),
  );
  return { note: `${note}; copied in ${seconds(performance.now() - copying)}` };
}

/**
 * A PGlite data folder at `target` (the API's DATA_DIR) holding the seeded world, copied from the
 * cache folder (built first when missing).
 */
export async function preparePglite(world: DeviceWorld, target: string): Promise<PreparedStore> {
  const name = `pglite-${await worldHash(world)}`;
  const cached = path.join(CACHE_ROOT, name);
  let note: string;
  if (existsSync(cached)) {
    note = `cached folder ${cached}`;
  } else {
    const started = performance.now();
    await mkdir(CACHE_ROOT, { recursive: true });
    const building = `${cached}.build-${process.pid}`;
    await rm(building, { recursive: true, force: true });
    await migrateWithDemoWorld('PGlite, migrating the device world', {
      DATA_DIR: building,
      DATABASE_URL: '',
    });
    const migrated = performance.now();
    await runToEnd(
      process.execPath,
      [path.join(benchDir, 'workers/pglite-seed.ts'), path.join(building, 'pglite'), JSON.stringify(world)],
      { timeoutMs: 600_000 },
    );
    await rename(building, cached);
    for (const entry of await readdir(CACHE_ROOT)) {
      if (entry.startsWith('pglite-') && entry !== name && !entry.includes('.build-'))
        await rm(path.join(CACHE_ROOT, entry), { recursive: true, force: true });
    }
    note = `seeded in ${seconds(performance.now() - migrated)} (SQL and VACUUM ANALYZE; the API's migrations and demo world before it ${seconds(migrated - started)}), kept in ${cached}`;
  }
  const copying = performance.now();
  await cp(cached, target, { recursive: true });
  return { note: `${note}; copied in ${seconds(performance.now() - copying)}` };
}
