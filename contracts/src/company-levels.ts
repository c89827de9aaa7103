/**
 * How deep the company tree may go: a 1st-level company (the platform's) and nine tiers below
 * it. Deeper trees are refused on create and on move, so a move can never push a subtree past it.
 * (Its own module, without zod: the companies page needs only this number.)
 */
export const MAX_COMPANY_LEVEL = 10;
