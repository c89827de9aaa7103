import { z } from 'zod';
import { idSchema as id, textSchema } from './fields.ts';

/**
 * The tag forms of spec §5 ('New tag: company and name required, description optional'), with
 * a colour, one definition for the console and the API.
 */
export const TAG_NAME_MAX_LENGTH = 50;
export const TAG_DESCRIPTION_MAX_LENGTH = 200;
/** `#rrggbb`: what the colour picker and the chips use. */
export const TAG_COLOUR_PATTERN = /^#[0-9a-fA-F]{6}$/;

const tagFields = {
  name: textSchema()
    .min(1, 'is required')
    .max(TAG_NAME_MAX_LENGTH, `must be at most ${TAG_NAME_MAX_LENGTH} characters`),
  description: textSchema({ multiline: true })
    .max(TAG_DESCRIPTION_MAX_LENGTH, `must be at most ${TAG_DESCRIPTION_MAX_LENGTH} characters`)
    .nullish()
    .transform((value) => value || null),
  color: z
    .string()
    .trim()
    .regex(TAG_COLOUR_PATTERN, 'must be a colour like #1a73e8')
    .nullish()
    .or(z.literal(''))
    .transform((value) => (value ? value.toLowerCase() : null)),
};

/** POST /tags (spec §7: company_id, name, description). */
export const newTagSchema = z.object({ company_id: id, ...tagFields });
export type NewTag = z.output<typeof newTagSchema>;

/** PUT /tags/{id}. */
export const editTagSchema = z.object(tagFields);

/** A tag as the API answers it: GET /tags (rows), GET /tags/{id}, and the writes. */
export const tagSchema = z.object({
  id: z.number(),
  company_id: z.number(),
  company_name: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  color: z.string().nullable().describe('#rrggbb, lower case'),
  created_at: z.string(),
});
export type Tag = z.infer<typeof tagSchema>;
