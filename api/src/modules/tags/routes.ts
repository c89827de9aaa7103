import { deletedSchema } from '@fleetport/contracts/envelope';
import { idSchema, textSchema } from '@fleetport/contracts/fields';
import { editTagSchema, newTagSchema, tagSchema } from '@fleetport/contracts/tags';
import type { Router } from 'express';
import { z } from 'zod';
import type { ApiDeps } from '../../deps.ts';
import { fieldError } from '../../http/errors.ts';
import { listQuerySchema, pickFields } from '../../http/list-query.ts';
import { idParam, type RouteRegistry } from '../../http/route.ts';
import { visibleCompanyById } from '../companies/scope.ts';
import {
  assertNameFree,
  deleteTag,
  insertTag,
  listTags,
  TAG_FIELDS,
  tagFor,
  toTag,
  updateTag,
} from './queries.ts';

/**
 * Tags (spec §2 /tags, /tag/{id}, 'New tag'; §7 POST /tags): labels of a company for
 * its devices, with a colour. Read with view_tags in the companies the caller sees; written with
 * manage_tags. Names are unique within a company (case aside).
 *
 * The model of a module: this file declares the routes (method, path, access, schemas) and each
 * handler calls the query functions of `queries.ts` and shapes the answer; the SQL lives there.
 */
export function registerTagRoutes(registry: RouteRegistry, router: Router, deps: ApiDeps): void {
  const { db } = deps;

  registry.add(router, {
    method: 'get',
    path: '/tags',
    summary: 'Tags of the companies the caller may see (list conventions).',
    tag: 'tags',
    access: { permission: 'view_tags' },
    query: listQuerySchema(TAG_FIELDS, {
      company_id: idSchema.optional(),
      name: textSchema().max(200).optional().describe('the name contains this'),
      company_name: textSchema().max(200).optional().describe("the company's name contains this"),
    }),
    response: z.array(tagSchema),
    handler: async ({ auth, query }) => {
      const { rows, total } = await listTags(db, auth, query);
      return { data: pickFields(rows, query.fields), meta: { total } };
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
    handler: async ({ auth, params }) => ({ data: toTag(await tagFor(db, auth, params.id)) }),
  });

  registry.add(router, {
    method: 'post',
    path: '/tags',
    summary: 'Creates a tag in a company the caller sees (spec §7 POST /tags).',
    tag: 'tags',
    access: { permission: 'manage_tags' },
    event: 'tag.create',
    body: newTagSchema,
    response: tagSchema,
    handler: async ({ auth, body }) => {
      const company = await visibleCompanyById(db, auth, body.company_id);
      await assertNameFree(db, company.id, body.name);
      const id = await insertTag(db, {
        companyId: company.id,
        name: body.name,
        description: body.description,
        color: body.color,
      });
      const data = toTag(await tagFor(db, auth, id));
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
    event: 'tag.update',
    params: idParam,
    body: editTagSchema,
    response: tagSchema,
    handler: async ({ auth, params, body }) => {
      const before = await tagFor(db, auth, params.id);
      const unchanged =
        body.name === before.tag.name &&
        body.description === before.tag.description &&
        body.color === before.tag.color;
      if (unchanged) throw fieldError('name', 'Please input different value to save changes.', 'UNCHANGED');
      if (body.name.toLowerCase() !== before.tag.name.toLowerCase()) {
        await assertNameFree(db, before.tag.companyId, body.name, before.tag.id);
      }
      await updateTag(db, before.tag.id, {
        name: body.name,
        description: body.description,
        color: body.color,
      });
      const data = toTag(await tagFor(db, auth, before.tag.id));
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
    event: 'tag.delete',
    params: idParam,
    response: deletedSchema,
    handler: async ({ auth, params }) => {
      const row = await tagFor(db, auth, params.id);
      await deleteTag(db, row.tag.id);
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
