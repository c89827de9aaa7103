import { drizzle } from 'drizzle-orm/node-postgres';
import type { Db } from './client.ts';
import * as schema from './schema.ts';

/** A query builder connected to nothing: tools (bench part 9) take the SQL the API would send. */
export const sqlOnlyDb = (): Db => drizzle.mock({ schema });
