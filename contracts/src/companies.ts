import { z } from 'zod';
import { idSchema as id, textSchema } from './fields.ts';
import { COMPANY_NAME_MAX_LENGTH, COMPANY_NAME_MIN_LENGTH } from './user-limits.ts';

/**
 * The company forms of spec §5, one definition for the console and the API: the console's form
 * checks with these schemas before it sends, the API with the same ones when it receives.
 * Messages are the API's (English); the console shows its own translation of each rule.
 */

export { MAX_COMPANY_LEVEL } from './company-levels.ts';
/** Spec §5 "New company name: required, minimum length 3" (zod-free in user-limits.ts). */
export { COMPANY_NAME_MAX_LENGTH, COMPANY_NAME_MIN_LENGTH } from './user-limits.ts';

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

/** A company as the writes answer it (POST, PUT, DELETE /companies/{id}, POST /companies/move). */
export const companySchema = z.object({
  id: z.number(),
  name: z.string(),
  parent_id: z.number().nullable(),
  level: z.number().describe('1 for a root company, 2 for its subsidiaries, …'),
  show_payment: z.boolean(),
  created_at: z.string(),
});
export type Company = z.infer<typeof companySchema>;

/** A row of GET /companies, and GET /companies/{id}: the company with its parent's name and counts. */
export const companyListItemSchema = companySchema.extend({
  parent_name: z.string().nullable().describe("the parent's name, null for a root company"),
  users: z.number().describe('users of this company (not of its subsidiaries)'),
  devices: z.number().describe('devices of this company (not of its subsidiaries)'),
  subsidiaries: z.number().describe('direct subsidiaries'),
  credits_left: z.number().describe("the company's paid credits, all types together"),
  remaining_data: z.number().describe('the remaining data allowance in GB'),
});
export type CompanyListItem = z.infer<typeof companyListItemSchema>;

/** A node of GET /companies/tree (the companies in tree order, each with its counts). */
export const companyTreeNodeSchema = z.object({
  id: z.number(),
  name: z.string(),
  parent_id: z.number().nullable(),
  level: z.number(),
  users: z.number().describe('users of this company (not of its subsidiaries)'),
  devices: z.number().describe('devices of this company (not of its subsidiaries)'),
  subsidiaries: z.number().describe('direct subsidiaries'),
});
export type CompanyTreeNode = z.infer<typeof companyTreeNodeSchema>;

/** Whether a company at `path` lies in the subtree rooted at `rootPath` (itself included). */
export function isInSubtree(path: string, rootPath: string): boolean {
  return path.startsWith(rootPath);
}
