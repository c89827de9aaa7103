import { newPoolSchema } from '@fleetport/contracts/credits';
import { CREDIT_RELOAD } from './credit-keys.ts';

/**
 * POST /credits (spec §2 'New pool'), sent by its dialog's form with the API's rules
 * (`contract`); the credit figures reload after success. Answers the pool (`CreditPool`).
 */
export const createPool = { url: '/credits', contract: newPoolSchema, reload: CREDIT_RELOAD } as const;
