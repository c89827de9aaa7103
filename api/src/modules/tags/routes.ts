import { deletedSchema } from '@fleetport/contracts/envelope';
import { idSchema, textSchema } from '@fleetport/contracts/fields';
import { editTagSchema, newTagSchema, tagSchema } from '@fleetport/contracts/tags';
import { and, asc, count, desc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { Router } from 'express';
import { z } from 'zod';
import { companies, tags } from '../../db/schema.ts';
import type { ApiDeps } from '../../deps.ts';
import { fieldError, forbidden } from '../../http/errors.ts';
import { contains, listQuerySchema, pickFields } from '../../http/list-query.ts';
import { idParam, type RouteRegistry } from '../../http/route.ts';
import type { AuthContext } from '../auth/context.ts';
import { canSeeCompany, visibleCompanies } from '../companies/scope.ts';

const FIELDS = ['id', 'company_id', 'company_name', 'name', 'description', 'color', 'created_at'] as const;

const listQuery = listQuerySchema(FIELDS, {
  company_id: idSchema.optional(),
  name: textSchema().max(200).optional().describe('the name contains this'),
  company_name: textSchema().max(200).optional().describe("the company's name contains this"),
});

/**
 * Tags (spec §2 /tags, /tag/{id}, 'New tag'; §7 POST /tags): labels of a company for
 * its devices, with a colour. Read with view_tags in the companies the caller sees; written with
 * manage_tags. Names are unique within a company (case aside).
 */
export function registerTagRoutes(registry: RouteRegistry, router: Router, deps: ApiDeps): void {
  const { db } = deps;

  const selectTags = (where: SQL | undefined) =>
    db
      .select({ tag: tags, companyName: companies.name, companyPath: companies.path })
      .from(tags)
      .innerJoin(companies, eq(companies.id, tags.companyId))
      .where(where)
      .$dynamic();
  type Row = Awaited<ReturnType<typeof selectTags>>[number];

  const toTag = (row: Row) => ({
    id: row.tag.id,
    company_id: row.tag.companyId,
    company_name: row.companyName,
    name: row.tag.name,
    description: row.tag.description,
    color: row.tag.color,
    created_at: row.tag.createdAt.toISOString(),
  });

  const tagFor = async (auth: AuthContext, id: number): Promise<Row> => {
    const [row] = await selectTags(eq(tags.id, id));
    if (!row || !canSeeCompany(auth, { id: row.tag.companyId, path: row.companyPath })) throw forbidden();
    return row;
  };

  const assertNameFree = async (companyId: number, name: string, except?: number) => {
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
  };

  registry.add(router, {
    method: 'get',
    path: '/tags',
    summary: 'Tags of the companies the caller may see (list conventions).',
    tag: 'tags',
    access: { permission: 'view_tags' },
    query: listQuery,
    response: z.array(tagSchema),
    handler: async ({ auth, query }) => {
      const sortable = {
        id: tags.id,
        company_id: tags.companyId,
        company_name: companies.name,
        name: tags.name,
        description: tags.description,
        color: tags.color,
        created_at: tags.createdAt,
      } satisfies Record<(typeof FIELDS)[number], unknown>;
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
        selectTags(where)
          .orderBy(...order, asc(tags.id))
          .limit(query.limit)
          .offset(query.offset),
        db
          .select({ value: count() })
          .from(tags)
          .innerJoin(companies, eq(companies.id, tags.companyId))
          .where(where),
      ]);
      return { data: pickFields(rows.map(toTag), query.fields), meta: { total: total?.value ?? 0 } };
    },
  });

  registry.add(router, {
    method: 'get',
    path: '/tags/:id',
    summary: "One tag; 403 alike for another tenant's tag and for one that does not exist.",
    tag: 'tags',
    access: { permission: 'view_tags' },
    params: idParam,
    response: tagSchema,
    handler: async ({ auth, params }) => ({ data: toTag(await tagFor(auth, params.id)) }),
  });

  registry.add(router, {
    method: 'post',
    path: '/tags',
    summary: 'Creates a tag in a company the caller sees (spec §7 POST /tags).',
    tag: 'tags',
    access: { permission: 'manage_tags' },
    body: newTagSchema,
    response: tagSchema,
    handler: async ({ auth, body }) => {
      const [company] = await db.select().from(companies).where(eq(companies.id, body.company_id));
      if (!company || !canSeeCompany(auth, company)) throw forbidden();
      await assertNameFree(company.id, body.name);
      const [created] = await db
        .insert(tags)
        .values({ companyId: company.id, name: body.name, description: body.description, color: body.color })
        .returning({ id: tags.id });
      const data = toTag(await tagFor(auth, created?.id ?? 0));
      return {
        status: 201,
        data,
        audit: { entity: 'tag', entityId: String(data.id), companyId: company.id, after: data },
      };
    },
  });

  registry.add(router, {
    method: 'put',
    path: '/tags/:id',
    summary: "Changes a tag's name, description and colour; unchanged values are refused (spec §5).",
    tag: 'tags',
    access: { permission: 'manage_tags' },
    params: idParam,
    body: editTagSchema,
    response: tagSchema,
    handler: async ({ auth, params, body }) => {
      const before = await tagFor(auth, params.id);
      const unchanged =
        body.name === before.tag.name &&
        body.description === before.tag.description &&
        body.color === before.tag.color;
      if (unchanged) throw fieldError('name', 'Please input different value to save changes.', 'UNCHANGED');
      if (body.name.toLowerCase() !== before.tag.name.toLowerCase()) {
        await assertNameFree(before.tag.companyId, body.name, before.tag.id);
      }
      await db
        .update(tags)
        .set({ name: body.name, description: body.description, color: body.color })
        .where(eq(tags.id, before.tag.id));
      const data = toTag(await tagFor(auth, before.tag.id));
      return {
        data,
        audit: {
          entity: 'tag',
          entityId: String(data.id),
          companyId: data.company_id,
          before: toTag(before),
          after: data,
        },
      };
    },
  });

  registry.add(router, {
    method: 'delete',
    path: '/tags/:id',
    summary: 'Deletes a tag.',
    tag: 'tags',
    access: { permission: 'manage_tags' },
    params: idParam,
    response: deletedSchema,
    handler: async ({ auth, params }) => {
      const row = await tagFor(auth, params.id);
      await db.delete(tags).where(eq(tags.id, row.tag.id));
      return {
        data: { deleted: true },
        audit: {
          entity: 'tag',
          entityId: String(row.tag.id),
          companyId: row.tag.companyId,
          before: toTag(row),
          after: undefined,
        },
      };
    },
  });
}
