import { moveCreditsSchema } from '@fleetport/contracts/credits';
import { CREDIT_RELOAD } from './credit-keys.ts';

/**
 * POST /credits/move (spec §2 'Move resources'), sent by its dialog's form with the API's rules
 * (`contract`); the credit figures reload after success. Answers both balances (`CreditMove`).
 */
export const moveCredits = {
  url: '/credits/move',
  contract: moveCreditsSchema,
  reload: CREDIT_RELOAD,
} as const;
