import { z } from 'zod';
import { isStorableJson, textSchema, unstorableJsonMessage } from './fields.ts';

/** Per-user key/value storage of console preferences (spec §7 "Storage"). */
export const STORAGE_LIMITS = { keyLength: 100, valueBytes: 64 * 1024, entries: 500 } as const;

/** A key: in the body of POST /storage, in the path of PUT and DELETE /storage/{key}. */
export const storageKeySchema = textSchema({ trim: false })
  .min(1, 'is required')
  .max(STORAGE_LIMITS.keyLength, `must be at most ${STORAGE_LIMITS.keyLength} characters`);

/** Any JSON value; stored as its JSON text (at most STORAGE_LIMITS.valueBytes). */
export const storageValueSchema = z
  .unknown()
  .refine((v) => v !== undefined, 'is required')
  .refine(isStorableJson, { error: unstorableJsonMessage });

/** POST /storage: a new key and its value. */
export const newStorageEntrySchema = z.object({ key: storageKeySchema, value: storageValueSchema });

/** PUT /storage/{key}: the new value. */
export const storageValueBodySchema = z.object({ value: storageValueSchema });

/** The path of PUT and DELETE /storage/{key}. */
export const storageKeyParamSchema = z.object({ key: storageKeySchema });

/** A stored preference: GET /storage rows, and the answers of POST and PUT. */
export const storageEntrySchema = z.object({ key: z.string(), value: z.unknown() });
export type StorageEntry = z.infer<typeof storageEntrySchema>;

/** DELETE /storage/{key}: the key removed. */
export const storageKeyRemovedSchema = z.object({ key: z.string() });
export type StorageKeyRemoved = z.infer<typeof storageKeyRemovedSchema>;
