/** Every credit query, and the company figures that show credits: a credit write reloads them. */
export const CREDITS_KEY = ['credits'] as const;
export const CREDIT_RELOAD = [CREDITS_KEY, ['companies']] as const;
