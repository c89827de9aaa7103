import { type CreditCode, newCreditCodeSchema } from '@fleetport/contracts/credits';
import { CREDIT_RELOAD } from './credit-keys.ts';

/**
 * POST /credits/codes (spec §2 'New credit code'), sent by its dialog's form with the API's
 * rules (`contract`); the credit figures reload after success.
 */
export const createCreditCode = {
  url: '/credits/codes',
  contract: newCreditCodeSchema,
  reload: CREDIT_RELOAD,
} as const;

/** The new code, from the answer of POST /credits/codes. */
export function createdCreditCode(response: unknown): CreditCode | undefined {
  return (response as { data?: CreditCode } | undefined)?.data;
}
