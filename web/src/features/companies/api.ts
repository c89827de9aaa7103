import type { TFunction } from 'i18next';

/** A row of GET /companies (api/src/modules/companies/routes.ts `companyListItemSchema`). */
export interface CompanyListItem {
  id: number;
  name: string;
  parent_id: number | null;
  parent_name: string | null;
  level: number;
  users: number;
  devices: number;
  subsidiaries: number;
  credits_left: number;
  remaining_data: number;
  show_payment: boolean;
  created_at: string;
}

/** GET /companies/{id}. */
export interface Company {
  id: number;
  name: string;
  parent_id: number | null;
  level: number;
  show_payment: boolean;
  created_at: string;
}

/** A node of GET /companies/tree, in tree order (a parent before its subsidiaries). */
export interface CompanyTreeNode {
  id: number;
  name: string;
  parent_id: number | null;
  level: number;
  users: number;
  devices: number;
  subsidiaries: number;
}

/** What the company dialogs need of a company. */
export type CompanyRef = Pick<Company, 'id' | 'name' | 'parent_id' | 'level'> & { show_payment?: boolean };

/** Every company query starts with this key: a company write reloads them all. */
export const COMPANIES_KEY = ['companies'] as const;
export const companyKey = (id: number) => [...COMPANIES_KEY, 'one', id] as const;
export const COMPANY_TREE_KEY = [...COMPANIES_KEY, 'tree'] as const;
export const COMPANY_LIST_KEY = [...COMPANIES_KEY, 'list'] as const;
/** The company pickers of every form (option-source.ts keys): a company write reloads them too. */
export const COMPANY_OPTIONS_KEY = ['form-options', '/companies'] as const;

/** Spec §9: 'Tier levels are shown as an ordinal followed by 'level company'' (2nd level company). */
export function levelLabel(t: TFunction, level: number): string {
  return t('admin.companies.level', { count: level, ordinal: true });
}
