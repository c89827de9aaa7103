import {
  companySchema,
  companyTreeNodeSchema,
  type EditCompany,
  editCompanySchema,
  MAX_COMPANY_LEVEL,
  moveCompanySchema,
  newCompanySchema,
  UNCHANGED_MESSAGE,
} from '@fleetport/contracts/companies';
import type { Router } from 'express';
import { z } from 'zod';
import type { ApiDeps } from '../../deps.ts';
import { conflict, fieldError, forbidden } from '../../http/errors.ts';
import { idParam, type RouteRegistry } from '../../http/route.ts';
import { requireRecentPassword } from '../auth/confirmation.ts';
import { companyTree, toCompany } from './queries.ts';
import { levelOf } from './scope.ts';
import {
  assertNameFree,
  type CompanyRow,
  canManage,
  companyById,
  companyContents,
  createCompany,
  deleteCompany,
  moveCompany,
  updateCompany,
} from './write-queries.ts';

/**
 * Company writes (spec §2 "New company", "Edit company", "Move company", spec §7):
 * create under a company the caller manages, rename (refused when unchanged), move a subtree
 * (never into itself, never past MAX_COMPANY_LEVEL) and delete an empty company after the
 * password re-confirmation. The tree view reads GET /companies/tree. SQL: write-queries.ts.
 */
export function registerCompanyWriteRoutes(registry: RouteRegistry, router: Router, deps: ApiDeps): void {
  const { db, config } = deps;

  registry.add(router, {
    method: 'get',
    path: '/companies/tree',
    summary: 'The companies the caller may see, in tree order, with user and subsidiary counts.',
    tag: 'companies',
    access: { permission: 'view_companies' },
    response: z.array(companyTreeNodeSchema),
    handler: async ({ auth }) => ({ data: await companyTree(db, auth) }),
  });

  registry.add(router, {
    method: 'post',
    path: '/companies',
    summary: 'Creates a company under parent_id, a company the caller manages (spec §7 POST /companies).',
    tag: 'companies',
    access: { permission: 'manage_companies' },
    event: 'company.create',
    body: newCompanySchema,
    response: companySchema,
    handler: async ({ auth, body }) => {
      let parent: CompanyRow | undefined;
      if (body.parent_id === null) {
        if (auth.scope !== 'all') throw fieldError('parent_id', 'is required');
      } else {
        parent = await companyById(db, body.parent_id);
        if (!parent || !canManage(auth, parent, true)) throw forbidden();
        if (levelOf(parent.depth) >= MAX_COMPANY_LEVEL) {
          throw fieldError(
            'parent_id',
            `A company can have at most ${MAX_COMPANY_LEVEL} levels; this one is at the last level.`,
          );
        }
      }
      await assertNameFree(db, body.name, parent?.id ?? null);
      const created = await createCompany(db, body.name, parent);
      const data = toCompany(created);
      return {
        status: 201,
        data,
        audit: { companyId: created.id, entityId: String(created.id), before: undefined, after: data },
      };
    },
  });

  registry.add(router, {
    method: 'put',
    path: '/companies/:id',
    summary: 'Renames a company; show_payment is for super admins. Unchanged values are refused (spec §5).',
    tag: 'companies',
    access: { permission: 'manage_companies' },
    event: 'company.update',
    params: idParam,
    body: editCompanySchema,
    response: companySchema,
    handler: async ({ auth, params, body }) => {
      const company = await companyById(db, params.id);
      if (!company || !canManage(auth, company, true)) throw forbidden();
      if (body.show_payment !== undefined && !auth.can('super_admin')) throw forbidden();
      const changes: Partial<Pick<CompanyRow, 'name' | 'showPayment'>> = {};
      if (body.name !== undefined && body.name !== company.name) changes.name = body.name;
      if (body.show_payment !== undefined && body.show_payment !== company.showPayment) {
        changes.showPayment = body.show_payment;
      }
      if (Object.keys(changes).length === 0) {
        throw fieldError(fieldOf(body), UNCHANGED_MESSAGE, 'UNCHANGED');
      }
      if (changes.name !== undefined) await assertNameFree(db, changes.name, company.parentId, company.id);
      const updated = await updateCompany(db, company.id, changes);
      if (!updated) throw forbidden();
      const data = toCompany(updated);
      return {
        data,
        audit: {
          companyId: company.id,
          entityId: String(company.id),
          before: toCompany(company),
          after: data,
        },
      };
    },
  });

  registry.add(router, {
    method: 'post',
    path: '/companies/move',
    summary: 'Moves company `source` (with its subtree) under `target` (spec §7 POST /companies/move).',
    tag: 'companies',
    access: { permission: 'manage_companies' },
    event: 'company.move',
    body: moveCompanySchema,
    response: companySchema,
    handler: async ({ auth, body }) => {
      const moved = await moveCompany(db, auth, { sourceId: body.source, targetId: body.target });
      // Sessions carry their company's path: users in the moved subtree see it on their next request.
      const data = toCompany(moved.after);
      return {
        data,
        audit: {
          companyId: moved.after.id,
          entityId: String(moved.after.id),
          before: toCompany(moved.before),
          after: data,
        },
      };
    },
  });

  registry.add(router, {
    method: 'delete',
    path: '/companies/:id',
    summary:
      'Deletes a company without subsidiaries, devices, users or files (423 until the password is confirmed again).',
    tag: 'companies',
    access: { permission: 'manage_companies' },
    event: 'company.delete',
    params: idParam,
    response: companySchema,
    statuses: {
      409: 'The company still has subsidiaries, devices, users, files or credits',
      423: 'Confirm the password',
    },
    handler: async ({ auth, params }) => {
      const company = await companyById(db, params.id);
      if (!company || !canManage(auth, company, false)) throw forbidden();
      requireRecentPassword(auth, config.PASSWORD_CONFIRMATION_TTL_S);
      const contents = await companyContents(db, company.id);
      if (contents.subsidiaries > 0) {
        throw conflict(`${company.name} still has subsidiaries: move or delete them first.`);
      }
      // Spec §2: refused while it has devices or subsidiaries.
      if (contents.devices > 0)
        throw conflict(`${company.name} still has devices: move or delete them first.`);
      if (contents.users > 0) throw conflict(`${company.name} still has users: delete them first.`);
      if (contents.files > 0) throw conflict(`${company.name} still has files: delete them first.`);
      // Credits are money: they are moved elsewhere, never deleted with their company.
      if (contents.credits > 0) {
        throw conflict(
          `${company.name} still has ${contents.credits} credit(s): move them to another company first.`,
        );
      }
      const removed = await deleteCompany(db, company.id);
      if (!removed) throw forbidden();
      const data = toCompany(removed);
      return {
        data,
        audit: {
          companyId: company.parentId ?? company.id,
          entityId: String(company.id),
          before: data,
          after: undefined,
        },
      };
    },
  });
}

/** Where 'unchanged' is reported: the name field when the form sent one. */
function fieldOf(body: EditCompany): string {
  return body.name !== undefined ? 'name' : 'show_payment';
}
