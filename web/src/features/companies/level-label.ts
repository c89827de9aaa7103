import type { TFunction } from 'i18next';

/** Spec §9: 'Tier levels are shown as an ordinal followed by 'level company'' (2nd level company). */
export function levelLabel(t: TFunction, level: number): string {
  return t('admin.companies.level', { count: level, ordinal: true });
}
