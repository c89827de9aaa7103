import {
  markNotificationsSeenSchema,
  notificationSchema,
  notificationsSeenSchema,
} from '@fleetport/contracts/notifications';
import type { Router } from 'express';
import { z } from 'zod';
import type { ApiDeps } from '../../deps.ts';
import { listQuerySchema } from '../../http/list-query.ts';
import type { RouteRegistry } from '../../http/route.ts';
import { listNotifications, markSeen } from './queries.ts';

/** The caller's own notifications (the bell): read and marked seen. SQL: queries.ts. */
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
      const { rows, total, unseen } = await listNotifications(db, auth.userId, query);
      return { data: rows, meta: { total, unseen } };
    },
  });

  registry.add(router, {
    method: 'put',
    path: '/notifications',
    summary: 'Marks the given notifications of the caller as seen.',
    tag: 'notifications',
    access: { signedIn: true },
    event: 'account.notifications_read',
    body: markNotificationsSeenSchema,
    response: notificationsSeenSchema,
    handler: async ({ auth, body }) => {
      if (body.id.length === 0) return { data: { updated: 0 } };
      return { data: { updated: await markSeen(db, auth.userId, body.id) } };
    },
  });
}
