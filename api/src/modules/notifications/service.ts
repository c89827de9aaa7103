import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema.ts';
import { EVENTS, type Realtime } from '../realtime/realtime.ts';

export type NotificationType = 'creditAmountTooLow' | 'deviceAlert';

/** Creates notifications for the server's own modules and pushes them to the user's channel. */
export class NotificationService {
  private readonly db: Db;
  private readonly realtime: Realtime | undefined;

  constructor(db: Db, realtime: Realtime | undefined) {
    this.db = db;
    this.realtime = realtime;
  }

  async create(userId: number, type: NotificationType, summary: string, data: Record<string, unknown> = {}) {
    const [row] = await this.db.insert(notifications).values({ userId, type, summary, data }).returning();
    if (!row) throw new Error('notification insert returned nothing');
    const payload = {
      id: row.id,
      type: row.type,
      summary: row.summary,
      data: row.data,
      created_at: row.createdAt.toISOString(),
      seen_at: null,
    };
    this.realtime?.emit(`private-notifications.${userId}`, EVENTS.notificationCreated, payload);
    return payload;
  }
}
