import { z } from 'zod';
import { configSectionsSchema, configValueSchema, SECRET_OPTIONS } from './device-config.ts';
import { MODEL_FAMILIES } from './device-protocol.ts';
import { idSchema, textSchema } from './fields.ts';
import { TASK_GROUP_MAX_DEVICES } from './tasks.ts';

/**
 * Saved configurations and templates (spec §2 Templates, Saved configurations; issue 22): a set
 * of settings a company keeps (saved from a device, or made by hand), shared down the company
 * tree like files: its users and those of the companies below may use it; those who see its
 * company change it. A template assigned to devices (by choice or by tag) is what they should
 * hold: a device whose reported configuration differs is "drifted", with the diff one click away.
 * Templates hold no secrets (keys and passwords are set per change, never kept in the open).
 */

export const CONFIG_TEMPLATE_LIMITS = { nameMax: 100, descriptionMax: 500 } as const;

/**
 * Options that are each device's own (its host name, its LAN address): a template saved from a
 * device leaves them out, and Configure devices offers them for Set unique.
 */
export const PER_DEVICE_OPTIONS: readonly string[] = ['system.hostname', 'network.lan.ipaddr'];

/** A template's settings: sections and their options, each checked with its section's schema; no secret, no removal. */
export const templateSectionsSchema = configSectionsSchema.superRefine((sections, context) => {
  if (Object.keys(sections).length === 0)
    context.addIssue({ code: 'custom', message: 'Choose at least one setting.' });
  for (const [name, values] of Object.entries(sections)) {
    if (values === null) {
      context.addIssue({ code: 'custom', path: [name], message: `A template cannot remove "${name}".` });
      continue;
    }
    const secret = Object.keys(values).find((option) => SECRET_OPTIONS.has(option));
    if (secret) {
      context.addIssue({
        code: 'custom',
        path: [name, secret],
        message: `Templates keep no passwords or keys: leave out "${name}.${secret}".`,
      });
    }
  }
});

const name = textSchema().min(1, 'Enter a name.').max(CONFIG_TEMPLATE_LIMITS.nameMax);
const description = textSchema({ multiline: true }).max(CONFIG_TEMPLATE_LIMITS.descriptionMax);

/** POST /devices/config-templates and PUT …/{id}: a template made or changed by hand. */
export const newConfigTemplateSchema = z.object({
  /** Its company (the caller's own when none is named); not changed by PUT. */
  company_id: idSchema.optional(),
  name,
  description: description.default(''),
  /** The model family it fits; null: any device that has its sections. */
  family: z.enum(MODEL_FAMILIES).nullable().default(null),
  sections: templateSectionsSchema,
});
export type NewConfigTemplate = z.output<typeof newConfigTemplateSchema>;

/** POST /devices/config-templates/from-device: a device's reported settings saved as a template of its family. */
export const templateFromDeviceSchema = z.object({
  device_id: idSchema,
  company_id: idSchema.optional(),
  name,
  description: description.default(''),
});
export type TemplateFromDevice = z.output<typeof templateFromDeviceSchema>;

export const configTemplateSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  company_id: z.number(),
  company_name: z.string(),
  family: z.enum(MODEL_FAMILIES).nullable(),
  sections: z.record(z.string(), z.record(z.string(), configValueSchema)),
  /** Devices it is assigned to, among those the caller sees; and those of them that drifted. */
  devices: z.number().int(),
  drifted: z.number().int(),
  created_by_email: z.string().nullable(),
  updated_at: z.string(),
  /** Whether the caller may change it (a template of a company above is used, not changed). */
  editable: z.boolean(),
});
export type ConfigTemplate = z.infer<typeof configTemplateSchema>;

/** POST /devices/config-templates/{id}/assign: the devices (or a tag's devices at that moment) that should hold it. */
export const assignTemplateSchema = z
  .object({
    device_ids: z.array(idSchema).min(1).max(TASK_GROUP_MAX_DEVICES).optional(),
    tag_id: idSchema.optional(),
  })
  .refine((value) => (value.device_ids === undefined) !== (value.tag_id === undefined), {
    message: 'Choose devices or a tag.',
    path: ['device_ids'],
  });
export type AssignTemplate = z.infer<typeof assignTemplateSchema>;

/** POST /devices/config-templates/unassign: devices that no longer follow a template. */
export const unassignTemplateSchema = z.object({
  device_ids: z.array(idSchema).min(1).max(TASK_GROUP_MAX_DEVICES),
});

export const templateAssignedSchema = z.object({ assigned: z.number().int() });

export { type DeviceTemplate, deviceTemplateSchema } from './device-config.ts';
