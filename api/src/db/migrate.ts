import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Logger } from 'pino';
import type { Database } from './client.ts';

const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations/', import.meta.url));
const FILE = /^(\d{4})_[a-z0-9_]+\.sql$/;

/**
 * Applies the versioned SQL files of `api/migrations/` that the database has not seen, in
 * order, each atomically, under the start-up lock (several API replicas may start
 * together). Returns the versions applied.
 */
export async function migrate(database: Database, log: Logger): Promise<string[]> {
  return database.exclusive(async () => {
    await database.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const rows = await database.query<{ version: string }>('SELECT version FROM schema_migrations');
    const applied = new Set(rows.map((row) => row.version));
    const files = (await readdir(MIGRATIONS_DIR)).filter((name) => FILE.test(name)).sort();
    const done: string[] = [];
    for (const name of files) {
      const version = name.slice(0, -'.sql'.length);
      if (applied.has(version)) continue;
      const text = await readFile(`${MIGRATIONS_DIR}${name}`, 'utf8');
      // One simple-protocol message without BEGIN/COMMIT is one implicit transaction: a file
      // applies whole, with its schema_migrations row, or not at all.
      await database.exec(`${text}\nINSERT INTO schema_migrations (version) VALUES ('${version}');`);
      log.info({ version }, 'migration applied');
      done.push(version);
    }
    return done;
  });
}
