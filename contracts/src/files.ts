import { z } from 'zod';
import { idSchema, textSchema } from './fields.ts';

/**
 * Company files (spec §2 "Files", §7 POST /files): the upload's text fields and the file as the
 * API answers it, one definition for the console and the API. The bytes come with
 * GET /files/{id}/download (application/octet-stream).
 */

export const FILE_DESCRIPTION_MAX_LENGTH = 500;

/** POST /files (multipart): the text fields beside the `file` field. */
export const uploadFileSchema = z.object({
  company_id: idSchema,
  description: textSchema({ multiline: true })
    .max(FILE_DESCRIPTION_MAX_LENGTH, `must be at most ${FILE_DESCRIPTION_MAX_LENGTH} characters`)
    .optional(),
});
export type UploadFile = z.output<typeof uploadFileSchema>;

/** A stored file: GET /files rows, and the answers of POST /files and DELETE /files/{id}. */
export const companyFileSchema = z.object({
  id: z.number(),
  company_id: z.number(),
  name: z.string(),
  size: z.number().describe('bytes'),
  sha256: z.string().describe('hex SHA-256 of the content'),
  mime_type: z.string().describe('as the uploader declared it; downloads are always octet-stream'),
  description: z.string().nullable(),
  uploaded_by: z.number().nullable().describe('user id; null once that user is deleted'),
  created_at: z.string(),
});
export type CompanyFile = z.infer<typeof companyFileSchema>;
