import { integerSchema, textSchema } from '@fleetport/contracts/fields';
import { z } from 'zod';

/** Spec §9: option lists and the storage list ask for 100 items; no list answers more. */
export const MAX_LIMIT = 100;
export const DEFAULT_LIMIT = 25;

export interface SortKey<F extends string> {
  field: F;
  descending: boolean;
}

export interface ListQuery<F extends string> {
  limit: number;
  offset: number;
  q: string | undefined;
  sort: SortKey<F>[];
  fields: F[] | undefined;
}

const commaList = textSchema({ trim: false })
  .max(1000)
  .transform((value) =>
    value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean),
  );

const baseShape = {
  limit: integerSchema({ min: 1, max: MAX_LIMIT }).default(DEFAULT_LIMIT),
  offset: integerSchema({ min: 0, max: 1_000_000_000 }).default(0),
  q: textSchema().max(200).optional(),
  sort: commaList.optional(),
  fields: commaList.optional(),
};
type BaseValue = z.output<z.ZodObject<typeof baseShape>>;

/**
 * The list conventions of the RMS public API: `limit` (max 100), `offset`, `q`, `sort` (a comma
 * list, `-` for descending) and `fields`, each checked against the fields the list has, so an
 * unknown field is a 422 naming it rather than a silent no-op. `extra` adds a list's filters.
 */
export function listQuerySchema<const F extends string, E extends z.ZodRawShape = Record<never, never>>(
  fields: readonly F[],
  extra?: E,
) {
  const known = new Set<string>(fields);
  return z
    .object(baseShape)
    .extend(extra ?? ({} as E))
    .superRefine((value, context) => {
      const base = value as BaseValue;
      for (const key of base.sort ?? []) {
        const name = key.startsWith('-') ? key.slice(1) : key;
        if (!known.has(name))
          context.addIssue({ code: 'custom', path: ['sort'], message: `cannot sort by "${name}"` });
      }
      for (const name of base.fields ?? []) {
        if (!known.has(name))
          context.addIssue({ code: 'custom', path: ['fields'], message: `unknown field "${name}"` });
      }
    })
    .transform((value) => {
      const base = value as BaseValue;
      const list: ListQuery<F> = {
        limit: base.limit,
        offset: base.offset,
        q: base.q || undefined,
        sort: (base.sort ?? []).map((key) => ({
          field: (key.startsWith('-') ? key.slice(1) : key) as F,
          descending: key.startsWith('-'),
        })),
        fields: base.fields?.length ? (base.fields as F[]) : undefined,
      };
      return { ...value, ...list } as Omit<typeof value, keyof ListQuery<F>> & ListQuery<F>;
    });
}

/** Keeps only the requested `fields` of each row (all when none were asked for). */
export function pickFields<T extends Record<string, unknown>>(
  rows: T[],
  fields: readonly string[] | undefined,
) {
  if (!fields) return rows;
  return rows.map((row) => Object.fromEntries(fields.map((name) => [name, row[name]])));
}

/** `value` for a LIKE pattern, its wildcards and escape character taken literally. */
export const escapeLike = (value: string) => value.replace(/[\\%_]/g, '\\$&');
/** A LIKE pattern matching text that contains `value` (the lists' searches and text filters). */
export const contains = (value: string) => `%${escapeLike(value)}%`;
