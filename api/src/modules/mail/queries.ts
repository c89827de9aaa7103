import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema.ts';

/** The captured e-mails, newest first, at most `limit`; only those to `to` when given. */
export async function outboxMails(db: Db, to: string | undefined, limit: number) {
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(to === undefined ? undefined : eq(mailOutbox.recipient, to))
    .orderBy(desc(mailOutbox.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    to: row.recipient,
    from: row.sender,
    kind: row.kind,
    locale: row.locale,
    brand_id: row.brandId,
    subject: row.subject,
    text: row.bodyText,
    html: row.bodyHtml,
    link: row.link,
    created_at: row.createdAt.toISOString(),
  }));
}
