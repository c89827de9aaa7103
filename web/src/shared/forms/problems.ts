import { formatBytes } from '@fleetport/contracts/uploads';
import i18next from 'i18next';

/** What is wrong with a value, before it is put in words (the rules stay free of language). */
export type Problem =
  | { kind: 'required' }
  | { kind: 'number' }
  | { kind: 'pattern' }
  | { kind: 'minLength' | 'maxLength' | 'min' | 'max' | 'step' | 'maxItems'; limit: number }
  | { kind: 'fileSize'; limit: number }
  | { kind: 'fileName' };

/** The field-level message of a problem, in the current language (spec §5 texts where given). */
export function problemMessage(problem: Problem): string {
  switch (problem.kind) {
    case 'required':
      return i18next.t('forms.validation.required');
    case 'number':
      return i18next.t('forms.validation.number');
    case 'pattern':
      return i18next.t('forms.validation.pattern');
    case 'fileSize':
      // Spec §5: 'Maximum file size is {size}', 80MB written as such.
      return i18next.t('forms.validation.fileSize', { size: formatBytes(problem.limit) });
    case 'fileName':
      return i18next.t('forms.validation.fileName');
    default:
      return i18next.t(`forms.validation.${problem.kind}`, { limit: problem.limit });
  }
}
