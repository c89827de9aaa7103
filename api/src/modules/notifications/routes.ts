import {
  markNotificationsSeenSchema,
  notificationSchema,
  notificationsSeenSchema,
} from '@fleetport/contracts/notifications';
import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Router } from 'express';
import { z } from 'zod';
import { notifications } from '../../db/schema.ts';
import type { ApiDeps } from '../../deps.ts';
import { listQuerySchema } from '../../http/list-query.ts';
import type { RouteRegistry } from '../../http/route.ts';

const toNotification = (row: typeof notifications.$inferSelect) => ({
  id: row.id,
  type: row.type,
  summary: row.summary,
  data: row.data as Record<string, unknown>,
  created_at: row.createdAt.toISOString(),
  seen_at: row.seenAt?.toISOString() ?? null,
});

export function registerNotificationRoutes(registry: RouteRegistry, router: Router, deps: ApiDeps): void {
  const { db } = deps;

  registry.add(router, {
    method: 'get',
    path: '/notifications',
    summary: "The caller's notifications, newest first; meta.unseen counts the unseen ones.",
    tag: 'notifications',
    access: { signedIn: true },
    query: listQuerySchema(['id', 'type', 'summary', 'data', 'created_at', 'seen_at']),
    response: z.array(notificationSchema),
    handler: async ({ auth, query }) => {
      const mine = eq(notifications.userId, auth.userId);
      const [rows, [total], [unseen]] = await Promise.all([
        db
          .select()
          .from(notifications)
          .where(mine)
          .orderBy(desc(notifications.id))
          .limit(query.limit)
          .offset(query.offset),
        db.select({ value: count() }).from(notifications).where(mine),
        db
          .select({ value: count() })
          .from(notifications)
          .where(and(mine, isNull(notifications.seenAt))),
      ]);
      return {
        data: rows.map(toNotification),
        meta: { total: total?.value ?? 0, unseen: unseen?.value ?? 0 },
      };
    },
  });

  registry.add(router, {
    method: 'put',
    path: '/notifications',
    summary: 'Marks the given notifications of the caller as seen.',
    tag: 'notifications',
    access: { signedIn: true },
    body: markNotificationsSeenSchema,
    response: notificationsSeenSchema,
    handler: async ({ auth, body }) => {
      if (body.id.length === 0) return { data: { updated: 0 } };
      const updated = await db
        .update(notifications)
        .set({ seenAt: new Date() })
        .where(
          and(
            eq(notifications.userId, auth.userId),
            inArray(notifications.id, body.id),
            isNull(notifications.seenAt),
          ),
        )
        .returning({ id: notifications.id });
      return { data: { updated: updated.length } };
    },
  });
}
