import type { z } from 'zod';

/**
 * Which strings a request schema takes without an upper bound on their length: every text the
 * server stores or searches has a maximum, enforced by the API and the form alike (limits in
 * `text-limits.ts`). The contracts' request schemas and every route of the API are walked with
 * this (`request-bounds.test.ts` here, `api/src/http/request-bounds.test.ts`).
 *
 * A string is bounded by `.max(n)` (or `.length(n)`), or by a pattern or format whose every
 * match is bounded: anchored, without an open-ended repeat (a MAC address, a uuid, an ISO date;
 * not an e-mail address, whose format allows any length).
 * `z.any()`/`z.unknown()` take text of any length too and are reported as such.
 */

/**
 * Whether a pattern caps the length of what it matches: anchored at both ends (not multi-line,
 * no alternative outside a group), without `*`, `+` or `{n,}` outside a character class.
 */
export function patternCapsLength(pattern: RegExp): boolean {
  const source = pattern.source;
  if (pattern.multiline || !source.startsWith('^') || !source.endsWith('$') || source.endsWith('\\$')) {
    return false;
  }
  let inClass = false;
  let depth = 0;
  for (let index = 0; index < source.length; index += 1) {
    const char = source[index];
    if (char === '\\') {
      index += 1;
    } else if (inClass) {
      if (char === ']') inClass = false;
    } else if (char === '[') {
      inClass = true;
    } else if (char === '(') {
      depth += 1;
    } else if (char === ')') {
      depth -= 1;
    } else if (char === '*' || char === '+' || (char === '|' && depth === 0)) {
      return false;
    } else if (char === '{' && /^\{\d*,\}/.test(source.slice(index))) {
      return false;
    }
  }
  return true;
}

interface CheckDef {
  check?: string;
  maximum?: number;
  pattern?: RegExp;
}

/** The string's own checks (a format schema such as `z.email()` is its own first check). */
function checksOf(schema: z.core.$ZodType): CheckDef[] {
  const checks = (schema._zod.def.checks ?? []).map((check) => check._zod.def as CheckDef);
  return schema._zod.traits.has('$ZodCheck') ? [schema._zod.def as CheckDef, ...checks] : checks;
}

function isBoundedString(schema: z.core.$ZodType): boolean {
  return checksOf(schema).some(
    (check) =>
      (check.check === 'max_length' && Number.isFinite(check.maximum)) ||
      check.check === 'length_equals' ||
      (check.check === 'string_format' && check.pattern !== undefined && patternCapsLength(check.pattern)),
  );
}

const join = (path: string, segment: string) => (path ? `${path}.${segment}` : segment);

/**
 * The paths (`name`, `devices.[].serial`, `{key}` for a record's keys) at which `schema`
 * accepts a string of any length. Empty when every string it takes is bounded.
 */
export function unboundedStrings(schema: z.core.$ZodType, path = ''): string[] {
  return walk(schema, path, new Set());
}

/** `open`: the schemas being walked above this one, so a recursive (lazy) schema ends. */
function walk(schema: z.core.$ZodType, path: string, open: Set<z.core.$ZodType>): string[] {
  if (open.has(schema)) return [];
  open.add(schema);
  const found = walkDef(schema, path, open);
  open.delete(schema);
  return found;
}

function walkDef(schema: z.core.$ZodType, path: string, open: Set<z.core.$ZodType>): string[] {
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  const inner = (child: unknown, at = path) => walk(child as z.core.$ZodType, at, open);
  switch (def.type) {
    case 'string':
      return isBoundedString(schema) ? [] : [path || '(value)'];
    case 'any':
    case 'unknown':
      return [`${path || '(value)'} (any value)`];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
    case 'success':
    case 'promise':
      return inner(def.innerType);
    case 'lazy':
      return inner((def.getter as () => z.core.$ZodType)());
    case 'pipe': {
      // A value passes both sides: a transform says nothing, so the other side decides; two
      // schemas leave a string unbounded only where neither bounds it (trim, then a pattern).
      const input = def.in as z.core.$ZodType;
      const output = def.out as z.core.$ZodType;
      if (output._zod.def.type === 'transform') return inner(input);
      if (input._zod.def.type === 'transform') return inner(output);
      const after = new Set(inner(output));
      return inner(input).filter((found) => after.has(found));
    }
    case 'object': {
      const shape = def.shape as Record<string, z.core.$ZodType>;
      const fields = Object.entries(shape).flatMap(([key, child]) => inner(child, join(path, key)));
      const rest = def.catchall as z.core.$ZodType | undefined;
      const open = rest && rest._zod.def.type !== 'never' ? inner(rest, join(path, '*')) : [];
      return [...fields, ...open];
    }
    case 'array':
    case 'set':
      return inner(def.element ?? def.valueType, join(path, '[]'));
    case 'tuple':
      return [
        ...(def.items as z.core.$ZodType[]).flatMap((item, index) => inner(item, join(path, String(index)))),
        ...(def.rest ? inner(def.rest, join(path, '[]')) : []),
      ];
    case 'union':
      return [...new Set((def.options as z.core.$ZodType[]).flatMap((option) => inner(option)))];
    case 'intersection':
      return [...new Set([...inner(def.left), ...inner(def.right)])];
    case 'record':
    case 'map':
      return [...inner(def.keyType, join(path, '{key}')), ...inner(def.valueType, join(path, '{value}'))];
    case 'template_literal':
      return [path || '(value)'];
    default:
      // number, boolean, enum, literal, date, file, custom, transform, null, never …
      return [];
  }
}
