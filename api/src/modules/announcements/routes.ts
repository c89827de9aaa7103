import { announcementSchema, newAnnouncementSchema } from '@fleetport/contracts/announcements';
import { count, desc, eq, like } from 'drizzle-orm';
import type { Router } from 'express';
import { z } from 'zod';
import { announcements, companies, users } from '../../db/schema.ts';
import type { ApiDeps } from '../../deps.ts';
import { fieldError } from '../../http/errors.ts';
import { listQuerySchema } from '../../http/list-query.ts';
import type { RouteRegistry } from '../../http/route.ts';

/**
 * Announcements: a super admin sends one notice to every user of a company or of its
 * whole subtree. Each recipient gets an ordinary notification of type `announcement`, live in
 * the bell; the announcement row keeps the sender's record.
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
    body: newAnnouncementSchema,
    response: announcementSchema,
    handler: async ({ auth, body }) => {
      const [company] = await db.select().from(companies).where(eq(companies.id, body.company_id));
      if (!company) throw fieldError('company_id', 'does not exist');
      const audience = body.include_subsidiaries
        ? like(companies.path, `${company.path}%`)
        : eq(companies.id, company.id);
      const { row, created } = await db.transaction(async (tx) => {
        const recipients = await tx
          .select({ id: users.id })
          .from(users)
          .innerJoin(companies, eq(companies.id, users.companyId))
          .where(audience);
        const [inserted] = await tx
          .insert(announcements)
          .values({
            companyId: company.id,
            summary: body.summary,
            includeSubsidiaries: body.include_subsidiaries,
            recipients: recipients.length,
            sentBy: auth.userId,
          })
          .returning();
        if (!inserted) throw new Error('announcement row not inserted');
        const notified = await deps.notifications.createMany(
          recipients.map((recipient) => recipient.id),
          'announcement',
          body.summary,
          { announcement_id: inserted.id, company_id: company.id },
          tx,
        );
        return { row: inserted, created: notified };
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
      const [rows, [total]] = await Promise.all([
        db
          .select({ announcement: announcements, companyName: companies.name })
          .from(announcements)
          .innerJoin(companies, eq(companies.id, announcements.companyId))
          .orderBy(desc(announcements.id))
          .limit(query.limit)
          .offset(query.offset),
        db.select({ value: count() }).from(announcements),
      ]);
      return {
        data: rows.map(({ announcement, companyName }) => toAnnouncement(announcement, companyName)),
        meta: { total: total?.value ?? 0 },
      };
    },
  });
}

function toAnnouncement(row: typeof announcements.$inferSelect, companyName: string) {
  return {
    id: row.id,
    company_id: row.companyId,
    company_name: companyName,
    summary: row.summary,
    include_subsidiaries: row.includeSubsidiaries,
    recipients: row.recipients,
    sent_by: row.sentBy,
    created_at: row.createdAt.toISOString(),
  };
}
