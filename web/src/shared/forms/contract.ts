import type { z } from 'zod';
import type { FormValues } from './field-schema.ts';
import { type Problem, problemMessage } from './problems.ts';

/** A field's error from the contract, in the current language. */
export interface ContractError {
  field: string;
  message: string;
}

/**
 * What a contract's zod issue means, as a problem of the form engine: the contract (in
 * `contracts/`) holds the rule, the API's messages are English, and the console words each rule
 * in the current language from its kind and limit.
 */
export function problemOfIssue(issue: z.core.$ZodIssue): Problem {
  switch (issue.code) {
    case 'too_small': {
      const limit = Number(issue.minimum);
      if (issue.origin === 'string') return limit <= 1 ? { kind: 'required' } : { kind: 'minLength', limit };
      if (issue.origin === 'array') return { kind: 'required' };
      return { kind: 'min', limit };
    }
    case 'too_big': {
      const limit = Number(issue.maximum);
      if (issue.origin === 'string') return { kind: 'maxLength', limit };
      if (issue.origin === 'array') return { kind: 'maxItems', limit };
      return { kind: 'max', limit };
    }
    case 'invalid_type':
      return issue.input === undefined || issue.input === null || issue.input === ''
        ? { kind: 'required' }
        : issue.expected === 'number' || issue.expected === 'int'
          ? { kind: 'number' }
          : { kind: 'pattern' };
    case 'not_multiple_of':
      return { kind: 'step', limit: Number(issue.divisor) };
    default:
      return { kind: 'pattern' };
  }
}

/**
 * Checks the values to be sent against the contract's schema (spec §5 rules, one definition for
 * console and API) and answers the errors by field, first issue of each field, translated.
 */
export function contractErrors(contract: z.ZodType, values: FormValues): ContractError[] {
  // reportInput: an issue carries the value it is about (empty → required, else the wrong type).
  const result = contract.safeParse(values, { reportInput: true });
  if (result.success) return [];
  const seen = new Set<string>();
  const errors: ContractError[] = [];
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join('.');
    if (!field || seen.has(field)) continue;
    seen.add(field);
    errors.push({ field, message: problemMessage(problemOfIssue(issue)) });
  }
  return errors;
}
