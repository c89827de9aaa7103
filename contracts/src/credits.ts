import { z } from 'zod';
import { idSchema as id, textSchema } from './fields.ts';
import {
  ADD_DATA_CREDITS_MAX,
  CREDIT_CODE_AMOUNT_MAX_DIGITS,
  CREDIT_CODE_COMMENT_MAX,
  DATA_GB_PER_CREDIT,
} from './limits.ts';

/**
 * The credit and data forms of spec §5, one definition for the console and the API:
 * 'New pool', 'Move resources', 'New credit code', 'Activate credit code', 'Add data'.
 */

/** Spec §5: price and pro-forma number apply only to these (the paid types). */
export const PAID_CREDIT_TYPE_IDS: readonly number[] = [2, 4, 6, 8, 10];
export const isPaidCreditType = (typeId: number): boolean => PAID_CREDIT_TYPE_IDS.includes(typeId);

/** A company is told its credits run low (creditAmountTooLow) when a balance falls below this. */
export const LOW_CREDIT_THRESHOLD = 10;

/** Spec §6: non-super-admins see paid types only, named without the word 'Paid'. */
export function creditTypeLabel(name: string, superAdmin: boolean): string {
  return superAdmin ? name : name.replace(/\bpaid\b\s*/i, '').trim();
}

const creditCount = z.coerce
  .number()
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .max(Number.MAX_SAFE_INTEGER);

/** POST /credits (spec §7): a pool of credits issued into a company. */
export const newPoolSchema = z
  .object({
    credit_type_id: id,
    company_id: id,
    credit_count: creditCount,
    credit_price: z.coerce.number().min(0, 'must be at least 0').multipleOf(0.01).max(1e12).nullish(),
    pro_form_nr: textSchema().max(100).nullish(),
  })
  .superRefine((value, context) => {
    if (!isPaidCreditType(value.credit_type_id)) return;
    if (value.credit_price === undefined || value.credit_price === null) {
      context.addIssue({ code: 'custom', path: ['credit_price'], message: 'is required' });
    }
    if (!value.pro_form_nr) {
      context.addIssue({ code: 'custom', path: ['pro_form_nr'], message: 'is required' });
    }
  });
export type NewPool = z.output<typeof newPoolSchema>;

const typeName = textSchema().min(1, 'is required').max(100);

/** POST /credits/move (spec §7): credits from one company of the visible tree to another. */
export const moveCreditsSchema = z.object({
  credit_type_name: typeName,
  source: id,
  target: id,
  amount: creditCount,
});

/** POST /credits/codes (spec §5: amount ≥ 1 with at most 12 digits, comment ≤ 200). */
export const newCreditCodeSchema = z.object({
  credit_type_name: typeName,
  /** 'From company': required for super admins, the caller's own company for others. */
  company_id: id.nullish(),
  amount: z.coerce
    .number()
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(
      10 ** CREDIT_CODE_AMOUNT_MAX_DIGITS - 1,
      `must have at most ${CREDIT_CODE_AMOUNT_MAX_DIGITS} digits`,
    ),
  comment: textSchema({ multiline: true })
    .max(CREDIT_CODE_COMMENT_MAX, `must be at most ${CREDIT_CODE_COMMENT_MAX} characters`)
    .nullish(),
});

/** POST /credits/codes/activate. */
export const activateCreditCodeSchema = z.object({ code: textSchema().min(1, 'is required').max(64) });

/** POST /companies/data (spec §5: credits ≥ 1, at most 14 digits). */
export const buyDataSchema = z.object({
  company_id: id,
  credits: z.coerce
    .number()
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(ADD_DATA_CREDITS_MAX, `must be at most ${ADD_DATA_CREDITS_MAX}`),
});

/** Spec §5, §9: N credits buy 2N GB. */
export const gbForCredits = (credits: number): number => credits * DATA_GB_PER_CREDIT;
