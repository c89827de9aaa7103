import { z } from 'zod';
import { idSchema as id, textSchema } from './fields.ts';

/**
 * The company forms of spec §5, one definition for the console and the API: the console's form
 * checks with these schemas before it sends, the API with the same ones when it receives.
 * Messages are the API's (English); the console shows its own translation of each rule.
 */

/** Spec §5 "New company name: required, minimum length 3". */
export const COMPANY_NAME_MIN_LENGTH = 3;
export const COMPANY_NAME_MAX_LENGTH = 100;
export { MAX_COMPANY_LEVEL } from './company-levels.ts';

export const companyNameSchema = textSchema()
  .min(1, 'is required')
  .min(COMPANY_NAME_MIN_LENGTH, `must be at least ${COMPANY_NAME_MIN_LENGTH} characters`)
  .max(COMPANY_NAME_MAX_LENGTH, `must be at most ${COMPANY_NAME_MAX_LENGTH} characters`);

/** POST /companies (spec §7): a new company under a parent the caller manages. */
export const newCompanySchema = z.object({
  name: companyNameSchema,
  /** Null (a new 1st-level tree) for super admins only. */
  parent_id: id.nullable(),
});
export type NewCompany = z.output<typeof newCompanySchema>;

/** PUT /companies/{id}: the name; show_payment for super admins only (spec §3). */
export const editCompanySchema = z.object({
  name: companyNameSchema.optional(),
  show_payment: z.boolean().optional(),
});
export type EditCompany = z.output<typeof editCompanySchema>;

/** Spec §5 "Edit company name: refuses to save when unchanged". */
export const UNCHANGED_MESSAGE = 'Please input different value to save changes.';

/** POST /companies/move (spec §7): `source` goes under `target`. */
export const moveCompanySchema = z.object({ source: id, target: id });
export type MoveCompany = z.output<typeof moveCompanySchema>;

/** Whether a company at `path` lies in the subtree rooted at `rootPath` (itself included). */
export function isInSubtree(path: string, rootPath: string): boolean {
  return path.startsWith(rootPath);
}
