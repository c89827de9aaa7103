import type { FieldSchema, FormValues } from './field-schema.ts';

type Primitive = string | number | boolean;

const isPrimitive = (value: unknown): value is Primitive =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/** `1` and `'1'` are the same choice: radio and select values come back from the DOM as text. */
function sameChoice(allowed: unknown, value: unknown): boolean {
  if (allowed === value) return true;
  return isPrimitive(allowed) && isPrimitive(value) && String(allowed) === String(value);
}

/** Whether `value` (or, for a list, any of its items) is one of `allowed`. */
export function valueMatches(value: unknown, allowed: readonly unknown[]): boolean {
  const values = Array.isArray(value) ? value : [value];
  return values.some((item) => allowed.some((candidate) => sameChoice(candidate, item)));
}

/**
 * The keys of the fields shown for these values (spec §4 "Form fields", §5 "Masks and field
 * visibility"): a field needing a permission the user lacks is hidden; a field with `depends` is
 * hidden unless every dependency holds one of its values and, when the dependency is a field of
 * this form, that field is shown itself. A dependency cycle hides the fields on it.
 */
export function visibleFieldKeys(
  fields: readonly FieldSchema[],
  values: FormValues,
  holds: (permission: string | undefined) => boolean,
): Set<string> {
  const byKey = new Map(fields.map((field) => [field.key, field]));
  const decided = new Map<string, boolean>();
  const visiting = new Set<string>();

  const shown = (field: FieldSchema): boolean => {
    const known = decided.get(field.key);
    if (known !== undefined) return known;
    if (visiting.has(field.key)) return false;
    visiting.add(field.key);
    const result =
      holds(field.permission) &&
      (field.depends ?? []).every((dependency) => {
        const other = byKey.get(dependency.key);
        if (other && !shown(other)) return false;
        return valueMatches(values[dependency.key], dependency.values);
      });
    visiting.delete(field.key);
    decided.set(field.key, result);
    return result;
  };

  return new Set(fields.filter(shown).map((field) => field.key));
}
