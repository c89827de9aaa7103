/** A row of GET /credits/codes (api/src/modules/credits/routes.ts). */
export interface CreditCode {
  id: number;
  code: string;
  credit_type_name: string;
  amount: number;
  comment: string | null;
  from_company_id: number | null;
  from_company_name: string | null;
  status: 'used' | 'not_used';
  used_by_company_name: string | null;
  used_at: string | null;
  created_at: string;
}

/** A row of GET /credits (a balance). */
export interface CreditBalance {
  company_id: number;
  company_name: string;
  credit_type_id: number;
  credit_type_name: string;
  amount: number;
}

/** A row of GET /credits/history. */
export interface CreditHistoryEntry {
  id: number;
  company_id: number;
  company_name: string;
  credit_type_name: string;
  change: number;
  balance_after: number;
  reason:
    | 'pool'
    | 'move_in'
    | 'move_out'
    | 'code_created'
    | 'code_activated'
    | 'data_purchase'
    | 'device_monitoring';
  other_company_name: string | null;
  created_at: string;
}

/** A row of GET /companies/data/history. */
export interface DataPurchase {
  id: number;
  company_id: number;
  company_name: string;
  credits: number;
  gb: number;
  remaining_after: number;
  created_at: string;
}

/** Every credit query, and the company figures that show credits: a credit write reloads them. */
export const CREDITS_KEY = ['credits'] as const;
export const CREDIT_RELOAD = [CREDITS_KEY, ['companies']] as const;

/** The user-storage key of the accepted data agreement (spec §2 'Data agreement'). */
export const DATA_AGREEMENT_KEY = 'data_agreement_accepted';
