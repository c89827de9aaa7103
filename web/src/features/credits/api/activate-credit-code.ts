import { activateCreditCodeSchema, type CreditCodeActivation } from '@fleetport/contracts/credits';
import { CREDIT_RELOAD } from './credit-keys.ts';

/**
 * POST /credits/codes/activate (spec §2 'Activate credit code'), sent by its dialog's form with
 * the API's rules (`contract`); the credit figures reload after success.
 */
export const activateCreditCode = {
  url: '/credits/codes/activate',
  contract: activateCreditCodeSchema,
  reload: CREDIT_RELOAD,
} as const;

/** What the code gave, from the answer of POST /credits/codes/activate. */
export function codeActivation(response: unknown): CreditCodeActivation | undefined {
  return (response as { data?: CreditCodeActivation } | undefined)?.data;
}
