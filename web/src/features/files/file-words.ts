import type { FileKind } from '@fleetport/contracts/file-kinds';
import type { CompanyFile } from '@fleetport/contracts/files';
import { formatBytes } from '@fleetport/contracts/format';
import type { TFunction } from 'i18next';

/** How a file's kind reads ('Firmware'). */
export const kindName = (t: TFunction, kind: FileKind): string => t(`files.kinds.${kind}`);

/** The company a file belongs to, or the global catalogue. */
export const ownerName = (t: TFunction, file: Pick<CompanyFile, 'global' | 'company_name'>): string =>
  file.global ? t('files.values.global') : (file.company_name ?? t('files.values.none'));

/** Spec §9 byte formatting (steps of 1024). */
export const sizeText = (bytes: number): string => formatBytes(bytes);

/** A firmware's model families ('RUT, TRB'), or a dash. */
export const familiesText = (t: TFunction, families: readonly string[]): string =>
  families.length > 0 ? families.join(', ') : t('files.values.none');

/** The first characters of a SHA-256, enough to tell files apart at a glance. */
export const shortSha = (sha256: string): string => `${sha256.slice(0, 12)}…`;
