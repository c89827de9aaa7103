import { z } from 'zod';
import { DYNAMIC_INTERVAL_S, STATIC_INTERVAL_S } from './device-protocol.ts';
import {
  BULK_DEVICE_ACTIONS,
  CONNECTION_GENERATIONS,
  DEVICE_STATUSES,
  MAX_BULK_IDS,
  SIGNAL_BUCKETS,
} from './devices.ts';
import { INT4_MAX, idSchema, integerSchema, textSchema } from './fields.ts';

/** The device list's request schemas: the filters and the bulk actions. */

/** The filters above the devices grid, as query parameters (the list, the export and bulk actions). */
export const deviceFilterSchema = z.object({
  q: textSchema().max(200).optional(),
  company_id: idSchema.optional(),
  status: z.enum(DEVICE_STATUSES).optional(),
  model: textSchema().max(40).optional().describe('the model starts with this (RUT, RUT956)'),
  tag_id: idSchema.optional(),
  connection_type: z.enum(CONNECTION_GENERATIONS).optional(),
  signal: z.enum(SIGNAL_BUCKETS).optional(),
  firmware: textSchema().max(60).optional().describe('the firmware version starts with this'),
});
export type DeviceFilter = z.infer<typeof deviceFilterSchema>;

export const bulkDevicesSchema = z
  .object({
    action: z.enum(BULK_DEVICE_ACTIONS),
    ids: z.array(idSchema).min(1).max(MAX_BULK_IDS).optional(),
    filter: deviceFilterSchema.optional(),
    tag_ids: z.array(idSchema).min(1).max(50).optional(),
    company_id: idSchema.optional(),
    monitoring: z.boolean().optional(),
    /** Spec §2 "Monitoring period", in seconds within spec §9's ranges (shown in minutes). */
    dynamic_interval_s: z.number().int().min(DYNAMIC_INTERVAL_S.min).max(DYNAMIC_INTERVAL_S.max).optional(),
    static_interval_s: z.number().int().min(STATIC_INTERVAL_S.min).max(STATIC_INTERVAL_S.max).optional(),
    /** Deleting by filter names how many devices the user saw, so a changed filter is refused. */
    expected_count: integerSchema({ min: 1, max: INT4_MAX }).optional(),
  })
  .superRefine((value, context) => {
    const need = (ok: boolean, path: string, message: string) => {
      if (!ok) context.addIssue({ code: 'custom', path: [path], message });
    };
    need(
      (value.ids === undefined) !== (value.filter === undefined),
      'ids',
      'Name the devices or a filter, not both.',
    );
    if (value.action === 'add_tags' || value.action === 'remove_tags')
      need(value.tag_ids !== undefined, 'tag_ids', 'Choose at least one tag.');
    if (value.action === 'move') need(value.company_id !== undefined, 'company_id', 'Choose a company.');
    if (value.action === 'monitoring')
      need(value.monitoring !== undefined, 'monitoring', 'Choose on or off.');
    if (value.action === 'period')
      need(
        value.dynamic_interval_s !== undefined || value.static_interval_s !== undefined,
        'dynamic_interval_s',
        'Choose a monitoring period.',
      );
    if (value.action === 'delete')
      need(value.expected_count !== undefined, 'expected_count', 'Confirm how many devices to delete.');
  });
export type BulkDevices = z.infer<typeof bulkDevicesSchema>;
