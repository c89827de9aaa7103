import type { TFunction } from 'i18next';

/**
 * Spec §9 resource types (100 Firmware upload, 101 Backup upload) in the user's language: the
 * API names credit types in English, and these are words a user reads, not product names.
 */
const RESOURCE_TYPES: Readonly<Record<string, 'firmware_upload' | 'backup_upload'>> = {
  'Firmware upload': 'firmware_upload',
  'Backup upload': 'backup_upload',
};

/** A credit type's name as the user reads it. */
export function creditTypeName(t: TFunction, name: string): string {
  const key = RESOURCE_TYPES[name];
  return key ? t(`admin.credits.typeNames.${key}`) : name;
}
