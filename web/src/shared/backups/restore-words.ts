import type { RestorePreview } from '@fleetport/contracts/device-backups';
import type { ConfigValue } from '@fleetport/contracts/device-config';
import type { TFunction } from 'i18next';
import {
  knownValue,
  optionLabel,
  SECRET_OPTIONS,
  sectionKind,
  sectionText,
} from '../config/config-sections.ts';

/**
 * Restore a backup (issue 22) in words: each setting it changes ('Time (NTP) › Server'), the
 * device's value and the backup's (a secret only ever 'set', 'not set' or 'changed', never its
 * value), and why a restore cannot go or what to know first. Zod-free, like the words it uses
 * (`shared/config/config-sections.ts`). Strings: `device.config`, `device.restore`.
 */

type Line = RestorePreview['changes'][number];
type Problem = RestorePreview['problems'][number];

const blank = (value: ConfigValue | null) => value === null || value === '' || value === false;

/** 'Time (NTP) › Server'. */
export function settingText(t: TFunction, line: Pick<Line, 'section' | 'option'>): string {
  const known = sectionKind(line.section);
  return known
    ? `${sectionText(t, line.section)} › ${optionLabel(t, known.kind, line.option)}`
    : `${line.section}.${line.option}`;
}

/** One side of a line: the device's value (`from`) or the backup's (`to`). */
export function sideText(t: TFunction, line: Line, side: 'from' | 'to'): string {
  const value = line[side];
  if (SECRET_OPTIONS.includes(line.option)) {
    if (side === 'from') return blank(value) ? t('device.config.notSet') : t('device.config.set');
    if (value === null) return t('device.restore.removed');
    return blank(line.from) ? t('device.config.set') : t('device.restore.changed');
  }
  if (value === null) return side === 'to' ? t('device.restore.removed') : '—';
  const known = sectionKind(line.section);
  return known ? knownValue(t, known.kind, line.option, value) : String(value);
}

/** Why a restore cannot go, or what to know before it goes, in the user's language. */
export function problemText(t: TFunction, problem: Problem, preview: RestorePreview): string {
  switch (problem.code) {
    case 'other_family':
      return t('device.restore.problems.other_family', {
        backup: preview.backup.model,
        device: preview.device.model ?? '—',
      });
    case 'missing_section':
      return t('device.restore.problems.missing_section', { section: sectionText(t, problem.section ?? '') });
    case 'invalid_value':
      return t('device.restore.problems.invalid_value', {
        section: sectionText(t, problem.section ?? ''),
        message: problem.message,
      });
    case 'not_reported':
      return t('device.restore.problems.not_reported');
    case 'other_device':
      return t('device.restore.problems.other_device', { serial: preview.backup.serial });
    case 'nothing_to_change':
      return t('device.restore.problems.nothing_to_change');
  }
}
