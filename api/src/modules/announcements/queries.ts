import type { Announcement } from '@fleetport/contracts/announcements';
import { count, desc, eq, like } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { announcements, companies, users } from '../../db/schema.ts';
import type { NotificationService } from '../notifications/service.ts';

type CompanyRow = typeof companies.$inferSelect;

/** An announcement as the API answers it. */
export function toAnnouncement(row: typeof announcements.$inferSelect, companyName: string): Announcement {
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

/** A company by id, whoever may see it (announcements are the super admin's). */
export async function companyById(db: Db, id: number): Promise<CompanyRow | undefined> {
  const [company] = await db.select().from(companies).where(eq(companies.id, id));
  return company;
}

/**
 * Records an announcement and notifies every user of the company (and of its subtree with
 * `includeSubsidiaries`), in one transaction. The row, and the notifications to publish once
 * committed (a socket never shows what the database does not hold).
 */
export async function createAnnouncement(
  db: Db,
  notifications: NotificationService,
  announcement: { company: CompanyRow; summary: string; includeSubsidiaries: boolean; sentBy: number },
) {
  const { company } = announcement;
  const audience = announcement.includeSubsidiaries
    ? like(companies.path, `${company.path}%`)
    : eq(companies.id, company.id);
  return db.transaction(async (tx) => {
    const recipients = await tx
      .select({ id: users.id })
      .from(users)
      .innerJoin(companies, eq(companies.id, users.companyId))
      .where(audience);
    const [inserted] = await tx
      .insert(announcements)
      .values({
        companyId: company.id,
        summary: announcement.summary,
        includeSubsidiaries: announcement.includeSubsidiaries,
        recipients: recipients.length,
        sentBy: announcement.sentBy,
      })
      .returning();
    if (!inserted) throw new Error('announcement row not inserted');
    const notified = await notifications.createMany(
      recipients.map((recipient) => recipient.id),
      'announcement',
      announcement.summary,
      { announcement_id: inserted.id, company_id: company.id },
      tx,
    );
    return { row: inserted, created: notified };
  });
}

/** A page of the announcements sent so far, newest first, and their count. */
export async function listAnnouncements(
  db: Db,
  page: { limit: number; offset: number },
): Promise<{ rows: Announcement[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select({ announcement: announcements, companyName: companies.name })
      .from(announcements)
      .innerJoin(companies, eq(companies.id, announcements.companyId))
      .orderBy(desc(announcements.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(announcements),
  ]);
  return {
    rows: rows.map(({ announcement, companyName }) => toAnnouncement(announcement, companyName)),
    total: total?.value ?? 0,
  };
}
