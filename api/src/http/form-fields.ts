import { fieldError } from './errors.ts';

/**
 * Rebuilds an object from the text fields of a multipart form, reversing the console's
 * serialisation (spec §7: "indexed arrays, empty arrays allowed"):
 * - a name is a key followed by bracketed segments: `name`, `tags[0]`, `data[0][name]`, `a[b]`;
 * - a segment of digits without a leading zero is an array index, anything else an object key;
 *   the indices of one array run from 0 without gaps;
 * - `tags[]` with an empty value is an empty array (`[]` is allowed only last, and only so);
 * - every value stays a string: the route's zod schema coerces numbers and booleans;
 * - a name given twice, or used both as a value and as a container, is a 422 naming it.
 * Objects are built with `Object.fromEntries`, so `__proto__` is a plain key, never a prototype.
 */
type Node = { kind: 'value'; value: string } | { kind: 'array'; items: Map<number, Node> } | Container;
type Container = { kind: 'object'; entries: Map<string, Node> };

const NAME = /^([^[\]]+)((?:\[[^[\]]*\])*)$/;
const SEGMENT = /\[([^[\]]*)\]/g;
const INDEX = /^(0|[1-9]\d{0,8})$/;
const CONFLICT = 'is sent in conflicting shapes (a value, a list or an object)';

export function formToObject(fields: Iterable<[string, string]>, maxIndex: number): Record<string, unknown> {
  const root: Container = { kind: 'object', entries: new Map() };
  for (const [name, value] of fields) insert(root, name, value, maxIndex);
  return build(root, []) as Record<string, unknown>;
}

function segmentsOf(name: string): string[] {
  const match = NAME.exec(name);
  if (!match) throw fieldError(name, 'is not a valid field name');
  return [match[1] as string, ...[...(match[2] ?? '').matchAll(SEGMENT)].map((part) => part[1] as string)];
}

function insert(root: Container, name: string, value: string, maxIndex: number): void {
  const segments = segmentsOf(name);
  let node: Node = root;
  const path: string[] = [];
  for (const [position, segment] of segments.entries()) {
    const last = position === segments.length - 1;
    if (segment === '') {
      if (!last || value !== '') {
        throw fieldError(name, '"[]" only marks an empty array; send items as name[0], name[1], …');
      }
      return; // the parent was made an array on the way here
    }
    const source = [...path, segment].join('.');
    const next = segments[position + 1];
    const wanted: Node['kind'] = last ? 'value' : next === '' || INDEX.test(next ?? '') ? 'array' : 'object';
    const child = childOf(node, segment, source, maxIndex);
    if (child && (child.kind !== wanted || wanted === 'value')) {
      throw fieldError(
        source,
        child.kind === 'value' && wanted === 'value' ? 'is sent more than once' : CONFLICT,
      );
    }
    const created: Node =
      child ??
      (wanted === 'value'
        ? { kind: 'value', value }
        : wanted === 'array'
          ? { kind: 'array', items: new Map() }
          : { kind: 'object', entries: new Map() });
    if (!child) setChild(node, segment, created);
    node = created;
    path.push(segment);
  }
}

function childOf(node: Node, segment: string, source: string, maxIndex: number): Node | undefined {
  if (node.kind === 'object') return node.entries.get(segment);
  if (node.kind === 'array') {
    if (!INDEX.test(segment)) throw fieldError(source, 'must be an array index (0, 1, …)');
    if (Number(segment) > maxIndex) throw fieldError(source, `must be at most ${maxIndex}`);
    return node.items.get(Number(segment));
  }
  throw fieldError(source, CONFLICT);
}

function setChild(node: Node, segment: string, child: Node): void {
  if (node.kind === 'object') node.entries.set(segment, child);
  else if (node.kind === 'array') node.items.set(Number(segment), child);
}

function build(node: Node, path: string[]): unknown {
  switch (node.kind) {
    case 'value':
      return node.value;
    case 'object':
      return Object.fromEntries([...node.entries].map(([key, child]) => [key, build(child, [...path, key])]));
    case 'array': {
      const items: unknown[] = [];
      for (let index = 0; index < node.items.size; index += 1) {
        const child = node.items.get(index);
        if (!child)
          throw fieldError([...path, index].join('.'), 'is missing: indices run from 0 without gaps');
        items.push(build(child, [...path, String(index)]));
      }
      return items;
    }
  }
}
