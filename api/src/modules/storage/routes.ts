import {
  newStorageEntrySchema,
  STORAGE_LIMITS,
  storageEntrySchema,
  storageKeyParamSchema,
  storageKeyRemovedSchema,
  storageValueBodySchema,
} from '@fleetport/contracts/storage';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Router } from 'express';
import { z } from 'zod';
import { userStorage } from '../../db/schema.ts';
import type { ApiDeps } from '../../deps.ts';
import { conflict, notFound, validationFailed } from '../../http/errors.ts';
import { listQuerySchema } from '../../http/list-query.ts';
import type { RouteRegistry } from '../../http/route.ts';

function encode(input: unknown, source: string): string {
  const text = JSON.stringify(input);
  if (Buffer.byteLength(text) > STORAGE_LIMITS.valueBytes) {
    throw validationFailed([
      { code: 'VALIDATION_ERROR', message: `must be at most ${STORAGE_LIMITS.valueBytes} bytes`, source },
    ]);
  }
  return text;
}

export function registerStorageRoutes(registry: RouteRegistry, router: Router, deps: ApiDeps): void {
  const { db } = deps;

  registry.add(router, {
    method: 'get',
    path: '/storage',
    summary: "The caller's stored preferences (key and value).",
    tag: 'storage',
    access: { signedIn: true },
    query: listQuerySchema(['key', 'value']),
    response: z.array(storageEntrySchema),
    handler: async ({ auth, query }) => {
      const mine = eq(userStorage.userId, auth.userId);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(userStorage)
          .where(mine)
          .orderBy(asc(userStorage.key))
          .limit(query.limit)
          .offset(query.offset),
        db.select({ value: count() }).from(userStorage).where(mine),
      ]);
      return {
        data: rows.map((row) => ({ key: row.key, value: JSON.parse(row.value) as unknown })),
        meta: { total: total?.value ?? 0 },
      };
    },
  });

  registry.add(router, {
    method: 'post',
    path: '/storage',
    summary: 'Stores a new key.',
    tag: 'storage',
    access: { signedIn: true },
    body: newStorageEntrySchema,
    response: storageEntrySchema,
    statuses: { 409: 'The key exists (use PUT)' },
    handler: async ({ auth, body }) => {
      const text = encode(body.value, 'value');
      const [{ value: entries } = { value: 0 }] = await db
        .select({ value: count() })
        .from(userStorage)
        .where(eq(userStorage.userId, auth.userId));
      if (entries >= STORAGE_LIMITS.entries) {
        throw validationFailed([
          {
            code: 'STORAGE_FULL',
            message: `at most ${STORAGE_LIMITS.entries} keys can be stored`,
            source: 'key',
          },
        ]);
      }
      const inserted = await db
        .insert(userStorage)
        .values({ userId: auth.userId, key: body.key, value: text })
        .onConflictDoNothing()
        .returning();
      if (inserted.length === 0) throw conflict('This key exists already.', 'key');
      return { status: 201, data: { key: body.key, value: body.value } };
    },
  });

  registry.add(router, {
    method: 'put',
    path: '/storage/:key',
    summary: 'Replaces the value of a stored key.',
    tag: 'storage',
    access: { signedIn: true },
    params: storageKeyParamSchema,
    body: storageValueBodySchema,
    response: storageEntrySchema,
    handler: async ({ auth, params, body }) => {
      const updated = await db
        .update(userStorage)
        .set({ value: encode(body.value, 'value'), updatedAt: new Date() })
        .where(and(eq(userStorage.userId, auth.userId), eq(userStorage.key, params.key)))
        .returning();
      if (updated.length === 0) throw notFound('No such key.');
      return { data: { key: params.key, value: body.value } };
    },
  });

  registry.add(router, {
    method: 'delete',
    path: '/storage/:key',
    summary: 'Removes a stored key.',
    tag: 'storage',
    access: { signedIn: true },
    params: storageKeyParamSchema,
    response: storageKeyRemovedSchema,
    handler: async ({ auth, params }) => {
      const removed = await db
        .delete(userStorage)
        .where(and(eq(userStorage.userId, auth.userId), eq(userStorage.key, params.key)))
        .returning();
      if (removed.length === 0) throw notFound('No such key.');
      return { data: { key: params.key } };
    },
  });
}
