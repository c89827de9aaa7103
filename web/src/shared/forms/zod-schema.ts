import { z } from 'zod';
import { type FieldSchema, holdsValue, type TableInputColumn } from './field-schema.ts';
import { listItemProblem } from './list-input-rules.ts';
import { matchesPattern } from './pattern.ts';
import { type Problem, type ProblemWording, problemMessage } from './problems.ts';
import { fileProblem, isEmptyValue, textProblem, toNumber } from './rules.ts';

/** Reports a problem as a zod issue, in the language current when the form is checked. */
function report(
  context: z.RefinementCtx,
  problem: Problem | undefined,
  path: PropertyKey[] = [],
  wording: ProblemWording = {},
): void {
  if (problem) context.addIssue({ code: 'custom', message: problemMessage(problem, wording), path });
}

/** How a field words its pattern problems. */
const wordingOf = (field: FieldSchema): ProblemWording => ({
  patternMessage: field.patternMessage,
  type: field.type,
});

const asText = (value: unknown): string =>
  typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value);

const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

const required = (field: FieldSchema) => (value: unknown, context: z.RefinementCtx) => {
  if (field.required && isEmptyValue(value)) report(context, { kind: 'required' });
};

function textSchema(field: FieldSchema) {
  return z
    .unknown()
    .transform(asText)
    .superRefine((value, context) => report(context, textProblem(value, field), [], wordingOf(field)));
}

/** Spec §3 number conversion: the input's text becomes a number (empty: undefined). */
function numberSchema(field: FieldSchema) {
  return z.unknown().transform((raw, context) => {
    const result = toNumber(raw, field);
    if (result.problem) {
      report(context, result.problem, [], wordingOf(field));
      return z.NEVER;
    }
    return result.value;
  });
}

/** Spec §5 "File input": required, size and name of every chosen file. */
function fileSchema(field: FieldSchema) {
  return z.unknown().superRefine((value, context) => {
    const files = (Array.isArray(value) ? value : [value]).filter((item) => item instanceof File);
    if (field.required && files.length === 0) report(context, { kind: 'required' });
    for (const file of files) report(context, fileProblem(file, field.max));
  });
}

function listSchema(field: FieldSchema & { component: 'ListInput' }) {
  const rules = field.options ?? {};
  return z
    .unknown()
    .transform(asList)
    .superRefine((items, context) => {
      if (field.required && items.length === 0) return report(context, { kind: 'required' });
      if (rules.maxItems !== undefined && items.length > rules.maxItems) {
        return report(context, { kind: 'maxItems', limit: rules.maxItems });
      }
      const problem = items.map((item) => listItemProblem(asText(item), rules)).find(Boolean);
      report(context, problem, [], wordingOf(field));
    });
}

function cellProblem(value: string, column: TableInputColumn): Problem | undefined {
  if (column.maxlength !== undefined && value.length > column.maxlength) {
    return { kind: 'maxLength', limit: column.maxlength };
  }
  if (value !== '' && !matchesPattern(value, column.pattern)) return { kind: 'pattern' };
  return undefined;
}

/** Spec §3 "Table-input options": per-cell pattern and maxlength, reported on the cell. */
function tableSchema(field: FieldSchema & { component: 'TableInput' }) {
  return z
    .unknown()
    .transform((value) =>
      asList(value).map((row) =>
        Object.fromEntries(
          field.options.fields.map((column) => [
            column.key,
            asText((row as Record<string, unknown> | null)?.[column.key]),
          ]),
        ),
      ),
    )
    .superRefine((rows, context) => {
      if (field.required && rows.length === 0) report(context, { kind: 'required' });
      rows.forEach((row, index) => {
        for (const column of field.options.fields) {
          report(context, cellProblem(row[column.key] ?? '', column), [index, column.key], {
            patternMessage: column.patternMessage,
          });
        }
      });
    });
}

/** Choices (radio, select, checkbox) keep their values; only `required` is checked. */
function choiceSchema(field: FieldSchema) {
  return z.unknown().superRefine(required(field));
}

/** The zod schema of one field's value, or undefined for a field without a value (BaseAlert). */
export function fieldValueSchema(field: FieldSchema): z.ZodType | undefined {
  switch (field.component) {
    case 'BaseAlert':
      return undefined;
    case 'ListInput':
      return listSchema(field);
    case 'TableInput':
      return tableSchema(field);
    case 'ItemSelect':
      return choiceSchema(field);
    default:
      break;
  }
  switch (field.type) {
    case 'number':
      return numberSchema(field);
    case 'file':
      return fileSchema(field);
    case 'checkbox':
    case 'radio':
      return choiceSchema(field);
    default:
      return textSchema(field);
  }
}

/**
 * Spec §3/§5: the zod schema of a form from its field schema: required, min/max/step, lengths,
 * pattern, number conversion, file and list rules. Pass the shown fields only: hidden ones are
 * neither checked nor sent. Messages are translated when the form is checked.
 */
export function buildFormSchema(fields: readonly FieldSchema[]) {
  const shape: Record<string, z.ZodType> = {};
  for (const field of fields) {
    const schema = holdsValue(field) ? fieldValueSchema(field) : undefined;
    if (schema) shape[field.key] = schema;
  }
  return z.object(shape);
}
