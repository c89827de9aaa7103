import { buyDataSchema, type DataPurchase } from '@fleetport/contracts/credits';
import { CREDIT_RELOAD } from './credit-keys.ts';

/**
 * POST /companies/data (spec §2 'Add data'), sent by its dialog's form with the API's rules
 * (`contract`); the credit figures reload after success.
 */
export const buyData = { url: '/companies/data', contract: buyDataSchema, reload: CREDIT_RELOAD } as const;

/** The GB bought and the data left, from the answer of POST /companies/data. */
export function dataPurchase(response: unknown): DataPurchase | undefined {
  return (response as { data?: DataPurchase } | undefined)?.data;
}
