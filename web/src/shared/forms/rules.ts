import { hasForbiddenSymbols, MAX_UPLOAD_BYTES } from '@fleetport/contracts/uploads';
import { matchesPattern } from './pattern.ts';
import type { Problem } from './problems.ts';

/**
 * The value rules of spec §3/§5 for one field, as the browser's constraint validation reads
 * them: a rule other than `required` does not apply to an empty value.
 */
export interface ValueRules {
  required?: boolean;
  min?: number;
  max?: number;
  step?: number;
  minlength?: number;
  maxlength?: number;
  pattern?: string;
}

/** Text, password and textarea: required (blank counts as empty), lengths, pattern. */
export function textProblem(value: string, rules: ValueRules): Problem | undefined {
  if (value.trim() === '') return rules.required ? { kind: 'required' } : undefined;
  if (rules.minlength !== undefined && value.length < rules.minlength) {
    return { kind: 'minLength', limit: rules.minlength };
  }
  if (rules.maxlength !== undefined && value.length > rules.maxlength) {
    return { kind: 'maxLength', limit: rules.maxlength };
  }
  if (!matchesPattern(value, rules.pattern)) return { kind: 'pattern' };
  return undefined;
}

/** How far off a multiple of `step` may be, for steps like 0.01 that binary cannot hold. */
const STEP_TOLERANCE = 1e-9;

/**
 * Number: the text converts to a number (spec §3 number conversion), then min, max and step
 * (counted from min, as HTML does). Empty is undefined, or a problem when required.
 */
export function toNumber(
  raw: unknown,
  rules: ValueRules,
): { value: number | undefined; problem?: undefined } | { value?: undefined; problem: Problem } {
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  if (text === '') return rules.required ? { problem: { kind: 'required' } } : { value: undefined };
  const value = Number(text);
  if (!Number.isFinite(value)) return { problem: { kind: 'number' } };
  if (rules.min !== undefined && value < rules.min) return { problem: { kind: 'min', limit: rules.min } };
  if (rules.max !== undefined && value > rules.max) return { problem: { kind: 'max', limit: rules.max } };
  if (rules.step !== undefined && rules.step > 0) {
    const steps = (value - (rules.min ?? 0)) / rules.step;
    if (Math.abs(steps - Math.round(steps)) > STEP_TOLERANCE) {
      // A step of 1 from a whole number asks for a whole number: said so, not 'a multiple of 1'.
      const whole = rules.step === 1 && Number.isInteger(rules.min ?? 0);
      return { problem: whole ? { kind: 'integer' } : { kind: 'step', limit: rules.step } };
    }
  }
  if (!matchesPattern(text, rules.pattern)) return { problem: { kind: 'pattern' } };
  return { value };
}

/**
 * Spec §5 "File input": at most `max` bytes (80MB, 83886080, by default) and no forbidden
 * symbol in the name.
 */
export function fileProblem(file: File, max = MAX_UPLOAD_BYTES): Problem | undefined {
  if (file.size > max) return { kind: 'fileSize', limit: max };
  if (hasForbiddenSymbols(file.name)) return { kind: 'fileName' };
  return undefined;
}

/** Whether a choice, list or file value holds nothing. */
export function isEmptyValue(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    value === '' ||
    value === false ||
    (Array.isArray(value) && value.length === 0)
  );
}
