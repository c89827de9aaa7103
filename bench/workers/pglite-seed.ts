import { PGlite } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS } from '../../api/src/db/client.ts';
import { deviceSeedSql } from '../lib/device-seed.ts';

/**
 * Seeds part 9's world into a PGlite data folder the API has migrated and stopped. PGlite is
 * one process's database, so this runs in its own child while no API has the folder open.
 * Prints `{"seedMs":…,"vacuumMs":…}`.
 *
 *   node bench/workers/pglite-seed.ts <data-dir>/pglite '{"companies":1000,"devices":100000}'
 */

const [folder, worldJson] = process.argv.slice(2);
if (!folder || !worldJson) throw new Error('usage: pglite-seed.ts <folder> <world JSON>');
const db = await PGlite.create(folder, { extensions: PGLITE_EXTENSIONS });
try {
  const started = performance.now();
  await db.exec(deviceSeedSql(JSON.parse(worldJson)));
  const seeded = performance.now();
  // Fresh statistics and a visibility map, as autovacuum would leave them on a live store.
  await db.exec('VACUUM ANALYZE');
  process.stdout.write(
    `${JSON.stringify({ seedMs: seeded - started, vacuumMs: performance.now() - seeded })}\n`,
  );
} finally {
  await db.close();
}
