import { announcementSchema, newAnnouncementSchema } from '@fleetport/contracts/announcements';
import type { Router } from 'express';
import { z } from 'zod';
import type { ApiDeps } from '../../deps.ts';
import { fieldError } from '../../http/errors.ts';
import { listQuerySchema } from '../../http/list-query.ts';
import type { RouteRegistry } from '../../http/route.ts';
import { companyById, createAnnouncement, listAnnouncements, toAnnouncement } from './queries.ts';

/**
 * Announcements: a super admin sends one notice to every user of a company or of its
 * whole subtree. Each recipient gets an ordinary notification of type `announcement`, live in
 * the bell; the announcement row keeps the sender's record. SQL: queries.ts.
 */
export function registerAnnouncementRoutes(registry: RouteRegistry, router: Router, deps: ApiDeps): void {
  const { db } = deps;

  registry.add(router, {
    method: 'post',
    path: '/announcements',
    summary:
      'Notifies every user of a company, or of its whole subtree (include_subsidiaries, default true).',
    tag: 'notifications',
    access: { permission: 'super_admin' },
    event: 'announcement.send',
    body: newAnnouncementSchema,
    response: announcementSchema,
    handler: async ({ auth, body }) => {
      const company = await companyById(db, body.company_id);
      if (!company) throw fieldError('company_id', 'does not exist');
      const { row, created } = await createAnnouncement(db, deps.notifications, {
        company,
        summary: body.summary,
        includeSubsidiaries: body.include_subsidiaries,
        sentBy: auth.userId,
      });
      // Pushed once committed: a socket never shows what the database does not hold.
      deps.notifications.publish(created);
      const data = toAnnouncement(row, company.name);
      return {
        status: 201,
        data,
        audit: { companyId: company.id, entityId: String(row.id), after: data },
      };
    },
  });

  registry.add(router, {
    method: 'get',
    path: '/announcements',
    summary: 'Announcements sent so far, newest first.',
    tag: 'notifications',
    access: { permission: 'super_admin' },
    query: listQuerySchema(['id']),
    response: z.array(announcementSchema),
    handler: async ({ query }) => {
      const { rows, total } = await listAnnouncements(db, query);
      return { data: rows, meta: { total } };
    },
  });
}
