import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Logger } from 'pino';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The store: one Drizzle query layer over PGlite (default) or PostgreSQL (DATABASE_URL). */
export interface Database {
  readonly kind: 'pglite' | 'postgres';
  readonly db: Db;
  /** Runs SQL text of one or more statements without parameters (migrations). */
  exec(sqlText: string): Promise<void>;
  /** One parameterised statement, outside the query builder (migrations, tools). */
  query<T>(sqlText: string, params?: unknown[]): Promise<T[]>;
  /** Runs `task` holding a lock that every API process honours (migrations, seeding). */
  exclusive<T>(task: () => Promise<T>): Promise<T>;
  /** A cheap round trip for readiness. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The PGlite instance itself, or the PostgreSQL URL: the task engine's queue opens on the same store. */
  readonly pglite?: PGlite;
  readonly url?: string;
  /** The connection pool's figures (metrics); PGlite has no pool. */
  readonly pool?: { readonly totalCount: number; readonly idleCount: number; readonly waitingCount: number };
}

export interface OpenOptions {
  databaseUrl?: string | undefined;
  dataDir: string;
  log: Logger;
}

const LOCK_KEY = 7_001_001; // pg_advisory_lock key of the API's start-up work

/**
 * The extensions the migrations create (pg_trgm: the devices search, migration 0016). PGlite
 * loads an extension's code only when asked: every PGlite that opens the store passes these.
 */
export const PGLITE_EXTENSIONS = { pg_trgm };

export async function openDatabase(options: OpenOptions): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options.log) : openPglite(options.dataDir);
}

async function openPglite(dataDir: string): Promise<Database> {
  const folder = path.join(dataDir, 'pglite');
  mkdirSync(folder, { recursive: true });
  const client = await PGlite.create(folder, { extensions: PGLITE_EXTENSIONS });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  // PGlite is one process's database and runs one query at a time: no lock is needed.
  return {
    kind: 'pglite',
    db,
    pglite: client,
    exec: async (sqlText) => {
      await client.exec(sqlText);
    },
    query: async <T>(sqlText: string, params: unknown[] = []) =>
      (await client.query<T>(sqlText, params)).rows,
    exclusive: (task) => task(),
    ping: async () => {
      await client.query('SELECT 1');
    },
    close: () => client.close(),
  };
}

async function openPostgres(url: string, log: Logger): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
  // An idle client's error (the server restarted, say) must not crash the process: the pool
  // drops that client and opens a new one for the next query.
  pool.on('error', (error) => log.warn({ err: error }, 'database connection lost; the pool reconnects'));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  await pool.query('SELECT 1');
  return {
    kind: 'postgres',
    db,
    url,
    pool,
    exec: async (sqlText) => {
      await pool.query(sqlText);
    },
    query: async <T>(sqlText: string, params: unknown[] = []) =>
      (await pool.query(sqlText, params)).rows as T[],
    exclusive: async (task) => {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [LOCK_KEY]);
        return await task();
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [LOCK_KEY]).catch(() => undefined);
        client.release();
      }
    },
    ping: async () => {
      await pool.query('SELECT 1');
    },
    close: () => pool.end(),
  };
}
