import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies } from '../../db/schema.ts';

/** The id and path of each of these companies that exists. */
export async function companiesByIds(db: Db, ids: number[]): Promise<{ id: number; path: string }[]> {
  return db
    .select({ id: companies.id, path: companies.path })
    .from(companies)
    .where(inArray(companies.id, ids));
}
