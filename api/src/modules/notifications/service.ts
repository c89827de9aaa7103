import type { NotificationType } from '@fleetport/contracts/notifications';
import {
  NOTIFICATION_CREATED_EVENT,
  type NotificationCreated,
  notificationsChannel,
} from '@fleetport/contracts/realtime';
import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema.ts';
import type { Realtime } from '../realtime/realtime.ts';

export type { NotificationType };

/** Creates notifications for the server's own modules and pushes them to the user's channel. */
export class NotificationService {
  private readonly db: Db;
  private readonly realtime: Realtime | undefined;

  constructor(db: Db, realtime: Realtime | undefined) {
    this.db = db;
    this.realtime = realtime;
  }

  async create(userId: number, type: NotificationType, summary: string, data: Record<string, unknown> = {}) {
    const [payload] = await this.createMany([userId], type, summary, data);
    if (!payload) throw new Error('notification insert returned nothing');
    return payload;
  }

  /**
   * The same notification for many users: one insert (inside the caller's transaction when
   * `db` is one), then one realtime event per user, pushed only after `db` has committed when
   * the caller says so through `publish`.
   */
  async createMany(
    userIds: readonly number[],
    type: NotificationType,
    summary: string,
    data: Record<string, unknown> = {},
    db: Db = this.db,
  ) {
    if (userIds.length === 0) return [];
    const rows = await db
      .insert(notifications)
      .values(userIds.map((userId) => ({ userId, type, summary, data })))
      .returning();
    const payloads = rows.map((row) => ({
      userId: row.userId,
      id: row.id,
      type: row.type,
      summary: row.summary,
      data: row.data as Record<string, unknown>,
      created_at: row.createdAt.toISOString(),
      seen_at: null,
    }));
    if (db === this.db) this.publish(payloads);
    return payloads;
  }

  /** Pushes created notifications to their users' channels (after their transaction committed). */
  publish(payloads: readonly ({ userId: number } & NotificationCreated)[]): void {
    for (const { userId, ...payload } of payloads) {
      this.realtime?.emit(notificationsChannel(userId), NOTIFICATION_CREATED_EVENT, payload);
    }
  }
}
