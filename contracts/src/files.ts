import { z } from 'zod';
import { idSchema, textSchema } from './fields.ts';
import {
  FILE_DESCRIPTION_MAX_LENGTH,
  FILE_KINDS,
  FILE_SHARES_MAX,
  FIRMWARE_FAMILIES,
  FIRMWARE_VERSION_MAX_LENGTH,
  FIRMWARE_VERSION_PATTERN,
  RELEASE_NOTES_MAX_LENGTH,
} from './file-kinds.ts';

export {
  FILE_CREDIT_TYPES,
  FILE_DESCRIPTION_MAX_LENGTH,
  FILE_KINDS,
  FILE_SHARES_MAX,
  FIRMWARE_FAMILIES,
  FIRMWARE_VERSION_MAX_LENGTH,
  FIRMWARE_VERSION_PATTERN,
  type FileKind,
  noFileCreditsMessage,
  RELEASE_NOTES_MAX_LENGTH,
} from './file-kinds.ts';

/**
 * Files (spec §2 "Files", "Global Firmware", §7 POST /files): the uploads' text fields, File
 * permissions, and the file as the API answers it, one definition for the console and the API.
 * The bytes come with GET /files/{id}/download (application/octet-stream).
 */

const description = textSchema({ multiline: true })
  .max(FILE_DESCRIPTION_MAX_LENGTH, `must be at most ${FILE_DESCRIPTION_MAX_LENGTH} characters`)
  .optional();

const family = z.enum(FIRMWARE_FAMILIES, { error: `must be one of ${FIRMWARE_FAMILIES.join(', ')}` });

/**
 * The model families of a firmware image. Multipart sends them as an indexed list
 * (`families[0]=RUT`, `families[1]=TRB`: what the console sends, spec §7 serialisation); one
 * comma-separated value (`families=RUT,TRB`) is taken too, for scripts and curl. A repeated
 * field name is refused by the multipart layer (422), as for every upload.
 */
const families = z
  .union([
    z.array(textSchema().max(10)).max(20),
    textSchema()
      .max(100)
      .transform((text) =>
        text
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean),
      ),
  ])
  .pipe(z.array(family))
  .transform((list) => [...new Set(list)]);

/** A firmware's own fields; required (version, families) only for firmware. */
const firmwareFields = {
  version: textSchema()
    .max(FIRMWARE_VERSION_MAX_LENGTH, `must be at most ${FIRMWARE_VERSION_MAX_LENGTH} characters`)
    .regex(FIRMWARE_VERSION_PATTERN, 'must be letters, digits, dots, underscores or dashes')
    .optional(),
  families: families.optional(),
  release_notes: textSchema({ multiline: true })
    .max(RELEASE_NOTES_MAX_LENGTH, `must be at most ${RELEASE_NOTES_MAX_LENGTH} characters`)
    .optional(),
};

type FirmwareValues = { version?: string | undefined; families?: string[] | undefined };

/** A firmware file names its version and at least one model family. */
function requireFirmwareFields(value: FirmwareValues, context: z.RefinementCtx): void {
  if (!value.version) {
    context.addIssue({ code: 'custom', path: ['version'], message: 'is required for firmware' });
  }
  if (!value.families?.length) {
    context.addIssue({ code: 'custom', path: ['families'], message: 'choose at least one model family' });
  }
}

/**
 * POST /files (multipart): the text fields beside the `file` field. `kind` is `other` unless
 * given; a firmware file also needs `version` and `families` (`release_notes` optional). The
 * firmware fields of another kind are ignored.
 */
export const uploadFileSchema = z
  .object({
    company_id: idSchema,
    kind: z.enum(FILE_KINDS).default('other'),
    description,
    ...firmwareFields,
  })
  .superRefine((value, context) => {
    if (value.kind === 'firmware') requireFirmwareFields(value, context);
  });
export type UploadFile = z.output<typeof uploadFileSchema>;

/** POST /files/global/firmware (multipart): a firmware of the global catalogue, beside `file`. */
export const uploadGlobalFirmwareSchema = z
  .object({ description, ...firmwareFields })
  .superRefine(requireFirmwareFields);
export type UploadGlobalFirmware = z.output<typeof uploadGlobalFirmwareSchema>;

/**
 * PUT /files/{id}/permissions (File permissions): the companies below the file's company that
 * see it too. The set replaces the previous one; an empty list shares it with nobody.
 */
export const filePermissionsSchema = z.object({
  company_ids: z.array(idSchema).max(FILE_SHARES_MAX, `must be at most ${FILE_SHARES_MAX} companies`),
});
export type FilePermissions = z.output<typeof filePermissionsSchema>;

/** GET /files/{id}/permissions: the companies the file is shared with, and those it may be. */
export const filePermissionChoicesSchema = z.object({
  company_ids: z.array(z.number()).describe('the companies the file is shared with now'),
  companies: z
    .array(z.object({ id: z.number(), name: z.string(), level: z.number() }))
    .describe("the companies below the file's company that the caller sees, in tree order"),
});
export type FilePermissionChoices = z.infer<typeof filePermissionChoicesSchema>;

/** A stored file: GET /files rows, and the answers of the uploads, File permissions and DELETE. */
export const companyFileSchema = z.object({
  id: z.number(),
  company_id: z.number().nullable().describe('null: the global firmware catalogue'),
  company_name: z.string().nullable(),
  name: z.string(),
  size: z.number().describe('bytes'),
  sha256: z.string().describe('hex SHA-256 of the content'),
  mime_type: z.string().describe('as the uploader declared it; downloads are always octet-stream'),
  description: z.string().nullable(),
  kind: z.enum(FILE_KINDS),
  version: z.string().nullable().describe('firmware only'),
  families: z.array(z.string()).describe('the model families a firmware fits'),
  release_notes: z.string().nullable(),
  global: z.boolean().describe('in the global firmware catalogue, which every company sees'),
  shared_with: z
    .array(z.number())
    .describe("the companies the file is shared with; empty unless the caller sees the file's company"),
  shared_with_names: z.array(z.string()).describe('their names, in the same order'),
  can_manage: z.boolean().describe('whether the caller may delete it and change its permissions'),
  uploaded_by: z.number().nullable().describe('user id; null once that user is deleted'),
  uploaded_by_name: z.string().nullable(),
  created_at: z.string(),
  device_id: z.number().nullable().describe('a backup: the device it is of, when the caller sees it'),
  device_name: z.string().nullable(),
  config_revision: z.number().int().nullable().describe("a backup: the configuration's revision it holds"),
});
export type CompanyFile = z.infer<typeof companyFileSchema>;
