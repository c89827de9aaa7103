import { formatBytes } from '@fleetport/contracts/uploads';
import i18next from 'i18next';

/**
 * What is wrong with a value, before it is put in words (the rules stay free of language). Each
 * rule has its own kind, so each gets its own message: a missing `@` is not a length problem.
 */
export type Problem =
  | { kind: 'required' }
  | { kind: 'number' }
  | { kind: 'integer' }
  | { kind: 'email' }
  | { kind: 'url' }
  | { kind: 'choice' }
  | { kind: 'controlCharacters' }
  | { kind: 'unicode' }
  | { kind: 'invalid' }
  | { kind: 'pattern' }
  | { kind: 'minLength' | 'maxLength' | 'min' | 'max' | 'step' | 'minItems' | 'maxItems'; limit: number }
  | { kind: 'fileSize'; limit: number }
  | { kind: 'fileName' };

/** How one field words a value off its pattern: its own message (translated), or by its type. */
export interface ProblemWording {
  /** The field's `patternMessage`: what the pattern asks for ('Enter a colour like #1a73e8'). */
  patternMessage?: string;
  /** A colour field says what a colour looks like when it has no message of its own. */
  type?: string;
}

/** The field-level message of a problem, in the current language (spec §5 texts where given). */
export function problemMessage(problem: Problem, wording: ProblemWording = {}): string {
  switch (problem.kind) {
    case 'pattern':
      if (wording.patternMessage) return wording.patternMessage;
      return wording.type === 'color'
        ? i18next.t('forms.validation.colour')
        : i18next.t('forms.validation.pattern');
    case 'fileSize':
      // Spec §5: 'Maximum file size is {size}', 80MB written as such.
      return i18next.t('forms.validation.fileSize', { size: formatBytes(problem.limit) });
    case 'minLength':
    case 'maxLength':
    case 'min':
    case 'max':
    case 'step':
    case 'minItems':
    case 'maxItems':
      return i18next.t(`forms.validation.${problem.kind}`, { limit: problem.limit });
    default:
      return i18next.t(`forms.validation.${problem.kind}`);
  }
}
