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

/** A pool's pro-forma invoice number (spec §5 'New pool'). */
export const PRO_FORMA_NUMBER_MAX_LENGTH = 100;
/** A credit type's name, as the credit forms send it. */
export const CREDIT_TYPE_NAME_MAX_LENGTH = 100;
/** A credit code as typed into 'Activate credit code'. */
export const CREDIT_CODE_MAX_LENGTH = 64;

/** A company is told its credits run low (creditAmountTooLow) when a balance falls below this. */
export const LOW_CREDIT_THRESHOLD = 10;

/**
 * Spec §6, §9: what non-super-admins see of the credit types: the paid ones (named without the
 * word 'Paid') and the resource types (100 Firmware upload, 101 Backup upload), which they spend,
 * move and give as codes like the paid ones.
 */
export const CUSTOMER_PAYMENT_TYPES: readonly string[] = ['paid', 'resource'];

/** Spec §6: non-super-admins see paid types named without the word 'Paid'. */
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
    pro_form_nr: textSchema()
      .max(PRO_FORMA_NUMBER_MAX_LENGTH, `must be at most ${PRO_FORMA_NUMBER_MAX_LENGTH} characters`)
      .nullish(),
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

const typeName = textSchema()
  .min(1, 'is required')
  .max(CREDIT_TYPE_NAME_MAX_LENGTH, `must be at most ${CREDIT_TYPE_NAME_MAX_LENGTH} characters`);

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
export const activateCreditCodeSchema = z.object({
  code: textSchema()
    .min(1, 'is required')
    .max(CREDIT_CODE_MAX_LENGTH, `must be at most ${CREDIT_CODE_MAX_LENGTH} characters`),
});

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

/*
 * The answers of the credit and data routes (`data` of the envelope), declared by the API as each
 * route's `response` and read by the console. A type's name is as the caller sees it (spec §6).
 */

/** A row of GET /credits/types. */
export const creditTypeSchema = z.object({
  id: z.number(),
  name: z.string(),
  payment_type: z.string(),
  license_type: z.string(),
});
export type CreditType = z.infer<typeof creditTypeSchema>;

/** A row of GET /credits (the credit report): one company's balance of one type. */
export const creditBalanceSchema = z.object({
  company_id: z.number(),
  company_name: z.string(),
  credit_type_id: z.number(),
  credit_type_name: z.string(),
  amount: z.number(),
});
export type CreditBalance = z.infer<typeof creditBalanceSchema>;

/** POST /credits: the new pool and the company's balance after it. */
export const creditPoolSchema = z.object({
  id: z.number(),
  company_id: z.number(),
  credit_type_id: z.number(),
  balance: z.number(),
});
export type CreditPool = z.infer<typeof creditPoolSchema>;

/** POST /credits/move: both balances after the move. */
export const creditMoveSchema = z.object({ source_balance: z.number(), target_balance: z.number() });
export type CreditMove = z.infer<typeof creditMoveSchema>;

/** Spec §4: a credit code is Used or Not Used. */
export const CREDIT_CODE_STATUSES = ['used', 'not_used'] as const;
export type CreditCodeStatus = (typeof CREDIT_CODE_STATUSES)[number];

/** A row of GET /credits/codes; also the answer of POST /credits/codes. */
export const creditCodeSchema = z.object({
  id: z.number(),
  code: z.string(),
  credit_type_name: z.string(),
  amount: z.number(),
  comment: z.string().nullable(),
  from_company_id: z.number().nullable(),
  from_company_name: z.string().nullable(),
  status: z.enum(CREDIT_CODE_STATUSES),
  used_by_company_name: z.string().nullable(),
  used_at: z.string().nullable(),
  created_at: z.string(),
});
export type CreditCode = z.infer<typeof creditCodeSchema>;

/** POST /credits/codes/activate: what the code gave, and the caller's company's balance after. */
export const creditCodeActivationSchema = z.object({
  credit_type_name: z.string(),
  amount: z.number(),
  balance: z.number(),
});
export type CreditCodeActivation = z.infer<typeof creditCodeActivationSchema>;

/** A row of GET /credits/history: one balance change and its reason. */
export const creditHistoryEntrySchema = z.object({
  id: z.number(),
  company_id: z.number(),
  company_name: z.string(),
  credit_type_name: z.string(),
  change: z.number(),
  balance_after: z.number(),
  reason: z.string(),
  other_company_name: z.string().nullable(),
  created_at: z.string(),
});
export type CreditHistoryEntry = z.infer<typeof creditHistoryEntrySchema>;

/** POST /companies/data: the credits spent, the GB they bought and the company's data left. */
export const dataPurchaseSchema = z.object({
  company_id: z.number(),
  credits: z.number(),
  gb: z.number(),
  remaining_gb: z.number(),
});
export type DataPurchase = z.infer<typeof dataPurchaseSchema>;

/** A row of GET /companies/data/history. */
export const dataHistoryEntrySchema = z.object({
  id: z.number(),
  company_id: z.number(),
  company_name: z.string(),
  credits: z.number(),
  gb: z.number(),
  remaining_after: z.number(),
  created_at: z.string(),
});
export type DataHistoryEntry = z.infer<typeof dataHistoryEntrySchema>;
