import type { Tag } from '@fleetport/contracts/tags';
import { and, asc, count, desc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, tags } from '../../db/schema.ts';
import { fieldError, forbidden } from '../../http/errors.ts';
import { contains, type SortKey } from '../../http/list-query.ts';
import type { AuthContext } from '../auth/context.ts';
import { canSeeCompany, visibleCompanies } from '../companies/scope.ts';

export const TAG_FIELDS = [
  'id',
  'company_id',
  'company_name',
  'name',
  'description',
  'color',
  'created_at',
] as const;

const selectTags = (db: Db, where: SQL | undefined) =>
  db
    .select({ tag: tags, companyName: companies.name, companyPath: companies.path })
    .from(tags)
    .innerJoin(companies, eq(companies.id, tags.companyId))
    .where(where)
    .$dynamic();
export type TagRow = Awaited<ReturnType<typeof selectTags>>[number];

/** A tag as the API answers it. */
export const toTag = (row: TagRow): Tag => ({
  id: row.tag.id,
  company_id: row.tag.companyId,
  company_name: row.companyName,
  name: row.tag.name,
  description: row.tag.description,
  color: row.tag.color,
  created_at: row.tag.createdAt.toISOString(),
});

/** A tag the caller sees; 403 alike for another tenant's tag and for one that does not exist. */
export async function tagFor(db: Db, auth: AuthContext, id: number): Promise<TagRow> {
  const [row] = await selectTags(db, eq(tags.id, id));
  if (!row || !canSeeCompany(auth, { id: row.tag.companyId, path: row.companyPath })) throw forbidden();
  return row;
}

/** 422 on `name` when the company has a tag of this name already (case aside), other than `except`. */
export async function assertNameFree(
  db: Db,
  companyId: number,
  name: string,
  except?: number,
): Promise<void> {
  const [taken] = await db
    .select({ id: tags.id })
    .from(tags)
    .where(
      and(
        eq(tags.companyId, companyId),
        sql`lower(${tags.name}) = lower(${name})`,
        except === undefined ? undefined : sql`${tags.id} <> ${except}`,
      ),
    );
  if (taken) throw fieldError('name', 'This company has a tag with this name already.');
}

/** A page of the tags of the companies the caller sees, and their count. */
export async function listTags(
  db: Db,
  auth: AuthContext,
  query: {
    q?: string;
    name?: string;
    company_name?: string;
    company_id?: number;
    sort: SortKey<(typeof TAG_FIELDS)[number]>[];
    limit: number;
    offset: number;
  },
): Promise<{ rows: Tag[]; total: number }> {
  const sortable = {
    id: tags.id,
    company_id: tags.companyId,
    company_name: companies.name,
    name: tags.name,
    description: tags.description,
    color: tags.color,
    created_at: tags.createdAt,
  } satisfies Record<(typeof TAG_FIELDS)[number], unknown>;
  const conditions: SQL[] = [visibleCompanies(auth)];
  if (query.q) conditions.push(ilike(tags.name, contains(query.q)));
  if (query.name) conditions.push(ilike(tags.name, contains(query.name)));
  if (query.company_name) conditions.push(ilike(companies.name, contains(query.company_name)));
  if (query.company_id !== undefined) conditions.push(eq(tags.companyId, query.company_id));
  const where = and(...conditions);
  const order = query.sort.map((key) =>
    key.descending ? desc(sortable[key.field]) : asc(sortable[key.field]),
  );
  const [rows, [total]] = await Promise.all([
    selectTags(db, where)
      .orderBy(...order, asc(tags.id))
      .limit(query.limit)
      .offset(query.offset),
    db
      .select({ value: count() })
      .from(tags)
      .innerJoin(companies, eq(companies.id, tags.companyId))
      .where(where),
  ]);
  return { rows: rows.map(toTag), total: total?.value ?? 0 };
}

/** A new tag; its id. */
export async function insertTag(
  db: Db,
  tag: { companyId: number; name: string; description: string | null; color: string | null },
): Promise<number> {
  const [created] = await db.insert(tags).values(tag).returning({ id: tags.id });
  return created?.id ?? 0;
}

/** Sets a tag's name, description and colour. */
export async function updateTag(
  db: Db,
  id: number,
  values: { name: string; description: string | null; color: string | null },
): Promise<void> {
  await db.update(tags).set(values).where(eq(tags.id, id));
}

/** Deletes a tag. */
export async function deleteTag(db: Db, id: number): Promise<void> {
  await db.delete(tags).where(eq(tags.id, id));
}
