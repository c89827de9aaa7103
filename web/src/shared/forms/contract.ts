import { TEXT_RULES } from '@fleetport/contracts/fields';
import type { z } from 'zod';
import type { FieldSchema, FormValues } from './field-schema.ts';
import { type Problem, type ProblemWording, problemMessage } from './problems.ts';

/** A field's error from the contract, in the current language. */
export interface ContractError {
  field: string;
  message: string;
}

const isEmpty = (input: unknown) => input === undefined || input === null || input === '';

/**
 * What a contract's zod issue means, as a problem of the form engine: the contract (in
 * `contracts/`) holds the rule, the API's messages are English, and the console words each rule
 * in the current language from its kind, format and limit: an address without `@` is an e-mail
 * problem, a 300-character one a length problem, each with its own message.
 */
export function problemOfIssue(issue: z.core.$ZodIssue): Problem {
  switch (issue.code) {
    case 'too_small': {
      const limit = Number(issue.minimum);
      if (issue.origin === 'string') return limit <= 1 ? { kind: 'required' } : { kind: 'minLength', limit };
      if (issue.origin === 'array' || issue.origin === 'set') {
        return limit <= 1 ? { kind: 'required' } : { kind: 'minItems', limit };
      }
      return { kind: 'min', limit };
    }
    case 'too_big': {
      const limit = Number(issue.maximum);
      if (issue.origin === 'string') return { kind: 'maxLength', limit };
      if (issue.origin === 'array' || issue.origin === 'set') return { kind: 'maxItems', limit };
      return { kind: 'max', limit };
    }
    case 'invalid_type':
      if (isEmpty(issue.input)) return { kind: 'required' };
      if (issue.expected === 'int') return { kind: 'integer' };
      return issue.expected === 'number' ? { kind: 'number' } : { kind: 'invalid' };
    case 'invalid_format':
      if (issue.format === 'email') return { kind: 'email' };
      if (issue.format === 'url') return { kind: 'url' };
      return { kind: 'pattern' };
    case 'invalid_value':
      return isEmpty(issue.input) ? { kind: 'required' } : { kind: 'choice' };
    case 'not_multiple_of':
      return { kind: 'step', limit: Number(issue.divisor) };
    case 'invalid_union': {
      // The first alternative says what was meant (a colour, or nothing: `'#1a73e8' | ''`).
      const first = issue.errors[0]?.[0];
      return first ? problemOfIssue(first) : { kind: 'invalid' };
    }
    case 'custom': {
      const rule = issue.params?.rule;
      if (rule === TEXT_RULES.control) return { kind: 'controlCharacters' };
      if (rule === TEXT_RULES.unicode) return { kind: 'unicode' };
      return isEmpty(issue.input) ? { kind: 'required' } : { kind: 'invalid' };
    }
    default:
      return { kind: 'invalid' };
  }
}

/**
 * Checks the values to be sent against the contract's schema (spec §5 rules, one definition for
 * console and API) and answers the errors by field, first issue of each field, translated; a
 * field's own pattern message words its pattern issues.
 */
export function contractErrors(
  contract: z.ZodType,
  values: FormValues,
  fields: readonly FieldSchema[] = [],
): ContractError[] {
  // reportInput: an issue carries the value it is about (empty → required, else the wrong type).
  const result = contract.safeParse(values, { reportInput: true });
  if (result.success) return [];
  const wording = new Map<string, ProblemWording>(
    fields.map((field) => [field.key, { patternMessage: field.patternMessage, type: field.type }]),
  );
  const seen = new Set<string>();
  const errors: ContractError[] = [];
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join('.');
    if (!field || seen.has(field)) continue;
    seen.add(field);
    const key = String(issue.path[0]);
    errors.push({ field, message: problemMessage(problemOfIssue(issue), wording.get(key)) });
  }
  return errors;
}

/** The object shape a contract checks, through refinements and pipes; none for a custom check. */
function shapeOf(schema: z.core.$ZodType): Record<string, z.core.$ZodType> | undefined {
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  if (def.type === 'object') return def.shape as Record<string, z.core.$ZodType>;
  if (def.type === 'pipe') return shapeOf(def.in as z.core.$ZodType);
  return undefined;
}

/** The most characters a contract's field takes, through optional, nullable, default and pipes. */
export function maxLengthOf(schema: z.core.$ZodType | undefined): number | undefined {
  if (!schema) return undefined;
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  switch (def.type) {
    case 'string': {
      const limits = (def.checks ?? [])
        .map((check) => check._zod.def as { check?: string; maximum?: number })
        .filter((check) => check.check === 'max_length' && typeof check.maximum === 'number')
        .map((check) => check.maximum as number);
      return limits.length > 0 ? Math.min(...limits) : undefined;
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
      return maxLengthOf(def.innerType as z.core.$ZodType);
    case 'pipe':
      return maxLengthOf(def.in as z.core.$ZodType) ?? maxLengthOf(def.out as z.core.$ZodType);
    case 'union': {
      const limits = (def.options as z.core.$ZodType[])
        .map(maxLengthOf)
        .filter((limit) => limit !== undefined);
      return limits.length > 0 ? Math.max(...limits) : undefined;
    }
    default:
      return undefined;
  }
}

/** Text-like fields, which take the contract's length as their `maxlength`. */
const takesLength = (field: FieldSchema) =>
  field.component === undefined &&
  (field.type === undefined ||
    field.type === 'text' ||
    field.type === 'textarea' ||
    field.type === 'password');

/**
 * One limit, two sides: each text field of a form with a contract gets the contract's maximum
 * length as its `maxlength` (the browser's limit while typing, and the field's own rule), unless
 * the field states one. The constants live once, in `contracts/`.
 */
export function withContractLimits(
  fields: readonly FieldSchema[],
  contract: z.ZodType | undefined,
): FieldSchema[] {
  const shape = contract ? shapeOf(contract) : undefined;
  if (!shape) return [...fields];
  return fields.map((field) => {
    if (field.maxlength !== undefined || !takesLength(field)) return field;
    const maxlength = maxLengthOf(shape[field.key]);
    return maxlength === undefined ? field : { ...field, maxlength };
  });
}
