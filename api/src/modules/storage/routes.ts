import {
  newStorageEntrySchema,
  STORAGE_LIMITS,
  storageEntrySchema,
  storageKeyParamSchema,
  storageKeyRemovedSchema,
  storageValueBodySchema,
} from '@fleetport/contracts/storage';
import type { Router } from 'express';
import { z } from 'zod';
import type { ApiDeps } from '../../deps.ts';
import { conflict, notFound, validationFailed } from '../../http/errors.ts';
import { listQuerySchema } from '../../http/list-query.ts';
import type { RouteRegistry } from '../../http/route.ts';
import { countEntries, deleteEntry, insertEntry, listEntries, updateEntry } from './queries.ts';

function encode(input: unknown, source: string): string {
  const text = JSON.stringify(input);
  if (Buffer.byteLength(text) > STORAGE_LIMITS.valueBytes) {
    throw validationFailed([
      { code: 'VALIDATION_ERROR', message: `must be at most ${STORAGE_LIMITS.valueBytes} bytes`, source },
    ]);
  }
  return text;
}

/** A signed-in user's own preferences, key by key (values are JSON). SQL: queries.ts. */
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
      const { rows, total } = await listEntries(db, auth.userId, query);
      return {
        data: rows.map((row) => ({ key: row.key, value: JSON.parse(row.value) as unknown })),
        meta: { total },
      };
    },
  });

  registry.add(router, {
    method: 'post',
    path: '/storage',
    summary: 'Stores a new key.',
    tag: 'storage',
    access: { signedIn: true },
    event: 'account.preferences',
    body: newStorageEntrySchema,
    response: storageEntrySchema,
    statuses: { 409: 'The key exists (use PUT)' },
    handler: async ({ auth, body }) => {
      const text = encode(body.value, 'value');
      const entries = await countEntries(db, auth.userId);
      if (entries >= STORAGE_LIMITS.entries) {
        throw validationFailed([
          {
            code: 'STORAGE_FULL',
            message: `at most ${STORAGE_LIMITS.entries} keys can be stored`,
            source: 'key',
          },
        ]);
      }
      if (!(await insertEntry(db, auth.userId, body.key, text)))
        throw conflict('This key exists already.', 'key');
      return { status: 201, data: { key: body.key, value: body.value } };
    },
  });

  registry.add(router, {
    method: 'put',
    path: '/storage/:key',
    summary: 'Replaces the value of a stored key.',
    tag: 'storage',
    access: { signedIn: true },
    event: 'account.preferences',
    params: storageKeyParamSchema,
    body: storageValueBodySchema,
    response: storageEntrySchema,
    handler: async ({ auth, params, body }) => {
      if (!(await updateEntry(db, auth.userId, params.key, encode(body.value, 'value'))))
        throw notFound('No such key.');
      return { data: { key: params.key, value: body.value } };
    },
  });

  registry.add(router, {
    method: 'delete',
    path: '/storage/:key',
    summary: 'Removes a stored key.',
    tag: 'storage',
    access: { signedIn: true },
    event: 'account.preferences',
    params: storageKeyParamSchema,
    response: storageKeyRemovedSchema,
    handler: async ({ auth, params }) => {
      if (!(await deleteEntry(db, auth.userId, params.key))) throw notFound('No such key.');
      return { data: { key: params.key } };
    },
  });
}
