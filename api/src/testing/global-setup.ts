import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { openTaskQueue } from '../modules/tasks/queue.ts';
import { ensureBuiltInRoles } from '../seed/built-in-roles.ts';
import { seedDemoWorld } from '../seed/demo-world.ts';
import { adminUrl, TEST_PASSWORD, templateDatabaseName, withDatabase } from './stores.ts';

const log = pino({ level: 'silent' });

/**
 * Prepares one migrated, seeded store per run, which every test file copies: a PGlite folder
 * (opening a fresh PGlite costs seconds), or a PostgreSQL template database when the project
 * runs against DATABASE_URL.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const store = project.config.env?.FLEETPORT_TEST_STORE ?? 'pglite';
  if (store === 'postgres') {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error('The api-postgres tests need DATABASE_URL.');
    const name = templateDatabaseName();
    await withDatabase(adminUrl(url), async (client) => {
      await client.query(`DROP DATABASE IF EXISTS ${name}`);
      await client.query(`CREATE DATABASE ${name}`);
    });
    const database = await openDatabase({ databaseUrl: withName(url, name), dataDir: '', log });
    await prepare(database);
    await database.close();
    project.provide('templateDatabase', name);
    return async () => {
      await withDatabase(adminUrl(url), (client) =>
        client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      );
    };
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'fleetport-template-'));
  const database = await openDatabase({ dataDir: dir, log });
  await prepare(database);
  await database.close();
  project.provide('templateDataDir', dir);
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}

async function prepare(database: Awaited<ReturnType<typeof openDatabase>>): Promise<void> {
  await migrate(database, log);
  await ensureBuiltInRoles(database.db);
  await seedDemoWorld(database.db, TEST_PASSWORD);
  // The task queue's own schema (pg-boss installs it on first start): in the template too.
  const queue = await openTaskQueue(database, log);
  await queue.stop({ graceful: false, close: database.kind === 'postgres' });
}

export function withName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    templateDataDir: string;
    templateDatabase: string;
  }
}
