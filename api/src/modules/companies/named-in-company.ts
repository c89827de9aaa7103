import { and, eq, ne, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { conflict } from '../../http/errors.ts';

/** A table of things a company names (task lists, configuration templates, backup rules). */
export interface NamedInCompany {
  table: PgTable;
  id: PgColumn;
  companyId: PgColumn;
  name: PgColumn;
}

/**
 * Names are unique within a company, case aside: a name taken (by another row than `exceptId`)
 * is a 409 at `name`, in the words given ("This company already has a task list with this name.").
 */
export async function assertNameFreeIn(
  db: Db,
  named: NamedInCompany,
  values: { companyId: number; name: string; exceptId?: number | undefined },
  taken: string,
): Promise<void> {
  const [found] = await db
    .select({ id: named.id })
    .from(named.table)
    .where(
      and(
        eq(named.companyId, values.companyId),
        sql`lower(${named.name}) = lower(${values.name})`,
        values.exceptId === undefined ? undefined : ne(named.id, values.exceptId),
      ),
    );
  if (found) throw conflict(taken, 'name');
}
