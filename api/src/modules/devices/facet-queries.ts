import type { DeviceFacet, DeviceFacetField, DeviceFilter } from '@fleetport/contracts/device-schemas';
import { and, asc, count, desc, ilike, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { devices } from '../../db/schema.ts';
import { contains } from '../../http/list-query.ts';
import type { AuthContext } from '../auth/context.ts';
import { deviceConditions } from './list-queries.ts';

const FACET_COLUMNS = { model: devices.model, firmware: devices.firmware } as const satisfies Record<
  DeviceFacetField,
  unknown
>;

/**
 * The values of a field among the devices the caller sees under the list's other filters (the
 * field's own filter is what the user is choosing, so it is left out), each with its count, the
 * most common first; `search` keeps those containing it, case aside. One scan of the caller's
 * matching devices (an index range for a tenant; the whole table for the platform's staff).
 */
export async function deviceFacets(
  db: Db,
  auth: AuthContext,
  field: DeviceFacetField,
  filter: DeviceFilter,
  options: { search?: string | undefined; limit: number },
): Promise<DeviceFacet[]> {
  const column = FACET_COLUMNS[field];
  return db
    .select({ value: column, count: count() })
    .from(devices)
    .where(
      and(
        deviceConditions(auth, { ...filter, [field]: undefined }),
        isNotNull(column),
        options.search ? ilike(column, contains(options.search)) : undefined,
      ),
    )
    .groupBy(column)
    .orderBy(desc(count()), asc(column))
    .limit(options.limit) as Promise<DeviceFacet[]>;
}
