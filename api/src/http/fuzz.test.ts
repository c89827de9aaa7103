import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Answer, type ApiFixture, startTestApi, type TestClient } from '../testing/fixtures.ts';

/**
 * Every operation of the OpenAPI document gets invalid input (bad input never
 * answers 5xx), as a signed-in super admin:
 *
 * - every path parameter, query parameter and body field (nested ones too, found from the
 *   document's schemas) gets, one at a time, an actual U+0000 and an integer above 2^31 − 1,
 *   the rest of the request being a plausible sample, so the bad value reaches the handler
 *   whenever validation lets it through;
 * - every operation gets the whole catalogue below (wrong types, a 100 KB string, Unicode,
 *   lone surrogates, control characters, 2^31, 2^53, 1e309, -0, negative numbers), each value in
 *   one of its inputs in turn, and every operation with a body gets malformed JSON text;
 * - then random requests (fast-check) mixing all of it.
 *
 * No answer may be 5xx or show internals (a stack trace, a file name), nor come from the
 * database's refusal (the 422 net of errors.ts): the field schemas must refuse first. The figure
 * printed at the end counts every request sent. (zod-fast-check does not support zod 4, so the inputs come from
 * the document itself.)
 */
type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  format?: string;
};

interface Operation {
  method: string;
  path: string;
  pathParams: { name: string; schema: JsonSchema }[];
  query: { name: string; required: boolean; schema: JsonSchema }[];
  /** The JSON body's schema, when the operation takes one. */
  body?: JsonSchema;
  /** An upload route: its text fields and its file fields (`format: binary`). */
  multipart?: { fields: string[]; files: string[] };
}

/** Text sent as it is: into a JSON body (`1e309`, `-0`), or into a URL (`%FF`). */
class Raw {
  readonly text: string;
  readonly where: 'json' | 'url';
  constructor(text: string, where: 'json' | 'url') {
    this.text = text;
    this.where = where;
  }
}

const HUGE = 'x'.repeat(100_000);
/** Node refuses a request head above 16 KB (431): URL values stay below it to reach the API. */
const URL_HUGE = 'x'.repeat(10_000);
const NUL = '\u0000';
const INT4_OVERFLOW = 2 ** 31;

/** The catalogue every operation gets, each value in one of its inputs. */
const NASTY: unknown[] = [
  NUL,
  `abc${NUL}def`,
  '\u0001\u0007\u0008\u000b\u000c\u001b\u001f\u007f',
  'a\r\n\tb',
  INT4_OVERFLOW,
  String(INT4_OVERFLOW),
  -(2 ** 31) - 1,
  2 ** 53,
  '99999999999999999999999999',
  new Raw('1e309', 'json'),
  new Raw('-0', 'json'),
  new Raw('-1e309', 'json'),
  -1,
  0,
  1.5,
  HUGE,
  '😀 Ünïcödé \u202e\u200b ﷽ 𝔘'.repeat(3),
  '\ud800x\udfff',
  new Raw('%FF%FE%00', 'url'),
  new Raw('%E0%A4%A', 'url'),
  { a: [1, { b: null }] },
  [1, '2', null],
  true,
  null,
  '',
  "' OR 1=1 --",
];

/** Each field gets these two on its own, with the rest of the request plausible. */
const CRITICAL: unknown[] = [`a${NUL}`, INT4_OVERFLOW];

/** Malformed JSON bodies, sent as `application/json`. */
const BAD_JSON = [
  '{',
  '{"a":',
  '[1,2',
  '{"a":1,}',
  "{'a':1}",
  'nul',
  `{"a":"${NUL}"}`,
  '\ufeff{}',
  `{"a":${'['.repeat(10_000)}`,
  `"${'x'.repeat(10_000)}`,
];

const STACK = /\bat [\w.<>]+ \(|node_modules|\.ts:\d+|Error: /;
/** The message of a value the database refused (inputRefusedByDatabase). */
const DATABASE_NET = 'cannot be stored or compared';

let fx: ApiFixture;
let operations: Operation[] = [];
let sent = 0;
let serverErrors = 0;
const failures: string[] = [];

const nonNull = (schema: JsonSchema): JsonSchema => {
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return nonNull(variants.find((variant) => variant.type !== 'null') ?? variants[0] ?? {});
  if (schema.allOf?.[0]) return nonNull(schema.allOf[0]);
  return schema;
};

/** A plausible value of a schema: its required fields only, the first of an enum, the minimum. */
function sample(schema: JsonSchema, depth = 0): unknown {
  const inner = nonNull(schema);
  if (inner.const !== undefined) return inner.const;
  if (inner.enum) return inner.enum[0];
  const type = Array.isArray(inner.type) ? inner.type.find((kind) => kind !== 'null') : inner.type;
  switch (type) {
    case 'string':
      return inner.format === 'email' ? 'fuzz@fleetport.example' : 'fuzz'.padEnd(inner.minLength ?? 4, 'z');
    case 'integer':
    case 'number':
      return inner.minimum ?? (inner.exclusiveMinimum === undefined ? 1 : inner.exclusiveMinimum + 1);
    case 'boolean':
      return true;
    case 'array':
      return inner.items && depth < 4 ? [sample(inner.items, depth + 1)] : [];
    case 'object':
      return depth < 4
        ? Object.fromEntries(
            (inner.required ?? []).map((name) => [name, sample(inner.properties?.[name] ?? {}, depth + 1)]),
          )
        : {};
    default:
      return 'fuzz';
  }
}

/** Every field path of a body schema (objects, arrays and leaves), down to 4 levels. */
function fieldPaths(schema: JsonSchema, prefix: (string | number)[] = []): (string | number)[][] {
  if (prefix.length >= 4) return [];
  const inner = nonNull(schema);
  const type = Array.isArray(inner.type) ? inner.type.find((kind) => kind !== 'null') : inner.type;
  if (type === 'array' && inner.items) return [[...prefix, 0], ...fieldPaths(inner.items, [...prefix, 0])];
  if (type !== 'object' || !inner.properties) return [];
  return Object.entries(inner.properties).flatMap(([name, property]) => [
    [...prefix, name],
    ...fieldPaths(property, [...prefix, name]),
  ]);
}

/** `base` with `value` at `path`, the missing parents filled with samples of their schemas. */
function withValueAt(base: unknown, schema: JsonSchema, path: (string | number)[], value: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  const inner = nonNull(schema);
  const child = typeof head === 'number' ? (inner.items ?? {}) : (inner.properties?.[head] ?? {});
  const container: Record<string | number, unknown> | unknown[] =
    typeof head === 'number'
      ? Array.isArray(base)
        ? [...base]
        : []
      : base && typeof base === 'object' && !Array.isArray(base)
        ? { ...base }
        : {};
  const current = (container as Record<string | number, unknown>)[head];
  (container as Record<string | number, unknown>)[head] = withValueAt(
    current === undefined ? sample(child) : current,
    child,
    rest,
    value,
  );
  return container;
}

/** A value as JSON text: `Raw` JSON text goes in as it is. */
function jsonText(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, inner: unknown) => {
    if (!(inner instanceof Raw)) return inner;
    if (inner.where === 'url') return inner.text;
    raws.push(inner.text);
    return `@@raw-${raws.length - 1}@@`;
  });
  return (text ?? 'null').replace(
    /"@@raw-(\d+)@@"/g,
    (_match, index: string) => raws[Number(index)] ?? 'null',
  );
}

/** A value as an encoded URL component; lone surrogates go as invalid UTF-8, on purpose. */
function urlText(value: unknown): string {
  if (value instanceof Raw) return value.where === 'url' ? value.text : encodeURIComponent(value.text);
  let text = typeof value === 'string' ? value : value === null ? '' : JSON.stringify(value);
  if (text.length > URL_HUGE.length) text = URL_HUGE;
  try {
    return encodeURIComponent(text);
  } catch {
    return encodeURIComponent(text.toWellFormed()).replaceAll('%EF%BF%BD', '%ED%A0%80');
  }
}

interface Input {
  path?: Record<string, unknown>;
  query?: [string, unknown][];
  /** A JSON value, or the body's text as it is (malformed JSON). */
  body?: { value: unknown } | { text: string };
}

function urlOf(operation: Operation, input: Input): string {
  const path = operation.path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const schema = operation.pathParams.find((param) => param.name === name)?.schema ?? {};
    const value = input.path && name in input.path ? input.path[name] : sample(schema);
    return urlText(value);
  });
  const pairs = [
    ...operation.query
      .filter((param) => param.required && !input.query?.some(([name]) => name === param.name))
      .map((param): [string, unknown] => [param.name, sample(param.schema)]),
    ...(input.query ?? []),
  ].flatMap(([name, value]) =>
    // An array goes as the same name repeated (`?id=1&id=2`), which the API reads as an array.
    (Array.isArray(value) ? value : [value]).map((item) => `${encodeURIComponent(name)}=${urlText(item)}`),
  );
  return pairs.length ? `${path}?${pairs.join('&')}` : path;
}

async function send(client: TestClient, operation: Operation, input: Input): Promise<boolean> {
  const url = urlOf(operation, input);
  let text: string | undefined;
  if (input.body) text = 'text' in input.body ? input.body.text : jsonText(input.body.value);
  else if (operation.body) text = jsonText(sample(operation.body));
  sent += 1;
  let answer: Answer;
  try {
    answer = await client.request(
      operation.method,
      url,
      text === undefined ? {} : { payload: text, headers: { 'Content-Type': 'application/json' } },
    );
  } catch (error) {
    failures.push(`${operation.method} ${url.slice(0, 200)} → no answer: ${String(error)}`);
    return false;
  }
  const shown = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
  if (answer.status >= 500) serverErrors += 1;
  // The database's refusal answers 422 too (errors.ts), but only as a net: a field schema should
  // have refused the value first, naming its field.
  if (answer.status >= 500 || STACK.test(shown) || shown.includes(DATABASE_NET)) {
    failures.push(
      `${operation.method} ${url.slice(0, 160)} ${(text ?? '').slice(0, 160)} → ${answer.status} ${shown.slice(0, 160)}`,
    );
    return false;
  }
  return true;
}

/** The targeted inputs of an operation: each input alone with the critical values, then the catalogue. */
function targetedInputs(operation: Operation): Input[] {
  const targets: ((value: unknown) => Input)[] = [
    ...operation.pathParams.map(
      (param) =>
        (value: unknown): Input => ({ path: { [param.name]: value } }),
    ),
    ...operation.query.map(
      (param) =>
        (value: unknown): Input => ({ query: [[param.name, value]] }),
    ),
    ...(operation.body
      ? fieldPaths(operation.body).map((path) => {
          const body = operation.body as JsonSchema;
          return (value: unknown): Input => ({
            body: { value: withValueAt(sample(body), body, path, value) },
          });
        })
      : []),
  ];
  // An operation without inputs still gets its catalogue, as unknown query values and as a body.
  if (targets.length === 0) {
    targets.push((value) => ({ query: [['q', value]] }));
    if (operation.method !== 'GET') targets.push((value) => ({ body: { value: { value } } }));
  }
  const inputs: Input[] = targets.flatMap((target) => CRITICAL.map((value) => target(value)));
  NASTY.forEach((value, index) => {
    inputs.push((targets[index % targets.length] as (value: unknown) => Input)(value));
  });
  if (operation.body) {
    inputs.push(...BAD_JSON.map((text): Input => ({ body: { text } })));
    // The whole body of the wrong kind.
    inputs.push({ body: { value: [sample(operation.body)] } }, { body: { value: HUGE } });
  }
  return inputs;
}

const anyValue = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.string({ maxLength: 300 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(...NASTY),
  fc.integer(),
  fc.double(),
);

function randomInput(operation: Operation) {
  const names = [...operation.query.map((param) => param.name), 'q', 'company_id', 'id'];
  return fc.record({
    path: fc.dictionary(
      fc.constantFrom(...operation.pathParams.map((param) => param.name), 'id'),
      fc.oneof(anyValue, fc.string({ minLength: 1, maxLength: 60 })),
      { maxKeys: 2 },
    ),
    query: fc.array(fc.tuple(fc.oneof(fc.constantFrom(...names), fc.string({ maxLength: 10 })), anyValue), {
      maxLength: 4,
    }),
    body: fc.oneof(
      operation.body
        ? fc
            .array(fc.tuple(fc.constantFrom(...fieldPaths(operation.body)), anyValue), { maxLength: 3 })
            .map((entries) => ({
              value: entries.reduce(
                (body, [path, value]) => withValueAt(body, operation.body as JsonSchema, path, value),
                sample(operation.body as JsonSchema),
              ),
            }))
        : fc.constant(undefined),
      fc.jsonValue({ maxDepth: 2 }).map((value) => ({ value })),
    ),
  });
}

/** Targeted and random requests per operation; the random ones grow the total past 2,000. */
const RUNS = 6;

beforeAll(async () => {
  fx = await startTestApi({ LOGIN_MAX_FAILURES: 1_000_000 });
  const document = await fx.client().get('/api/openapi.json', { xhr: false });
  operations = Object.entries(
    document.body.paths as Record<string, Record<string, Record<string, never>>>,
  ).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => {
      const content = (operation as { requestBody?: { content: Record<string, { schema: JsonSchema }> } })
        .requestBody?.content;
      const body = content?.['application/json']?.schema;
      const form = Object.entries(content?.['multipart/form-data']?.schema.properties ?? {});
      const parameters =
        (operation as { parameters?: { name: string; in: string; required?: boolean; schema: JsonSchema }[] })
          .parameters ?? [];
      return {
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((param) => param.in === 'path'),
        query: parameters
          .filter((param) => param.in === 'query')
          .map((param) => ({ name: param.name, required: param.required === true, schema: param.schema })),
        ...(body ? { body } : {}),
        ...(form.length > 0
          ? {
              multipart: {
                fields: form.filter(([, schema]) => schema.format !== 'binary').map(([name]) => name),
                files: form.filter(([, schema]) => schema.format === 'binary').map(([name]) => name),
              },
            }
          : {}),
      };
    }),
  );
});
afterAll(async () => {
  process.stdout.write(
    `fuzz: ${sent} requests over ${operations.length} operations, ${serverErrors} answers ≥ 500 (${fx?.store})\n`,
  );
  await fx?.stop();
});

describe('fuzzing every documented route (bad input never answers 5xx)', () => {
  it('covers every route of the document', () => {
    expect(operations.length).toBeGreaterThanOrEqual(15);
  });

  it('never answers 5xx or shows internals to targeted, malformed and random input', async () => {
    for (const operation of operations) {
      // A fresh session each time: an operation may end it (logout) or switch it (impersonation).
      const client: TestClient = await fx.login('super@fleetport.example');
      for (const input of targetedInputs(operation)) await send(client, operation, input);
      await fc
        .assert(
          fc.asyncProperty(randomInput(operation), (input) =>
            send(client, operation, {
              path: input.path,
              query: input.query,
              ...(input.body && operation.method !== 'GET' ? { body: input.body } : {}),
            }),
          ),
          { numRuns: RUNS, endOnFailure: true },
        )
        .catch(() => undefined);
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(2_000);
  }, 300_000);

  it('never answers 5xx or shows internals to generated multipart bodies on upload routes', async () => {
    const uploads = operations.filter((operation) => operation.multipart);
    expect(uploads.length).toBeGreaterThan(0);
    const before = failures.length;
    for (const operation of uploads) {
      const client: TestClient = await fx.login('super@fleetport.example');
      await fc
        .assert(
          fc.asyncProperty(multipartInputFor(operation), async (input) => {
            sent += 1;
            const answer =
              'form' in input
                ? await client.upload(operation.path, formOf(input.form))
                : await client.upload(operation.path, input.raw.body, {
                    headers: { 'Content-Type': input.raw.contentType },
                  });
            const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
            if (answer.status >= 500) serverErrors += 1;
            if (answer.status >= 500 || STACK.test(text) || text.includes(DATABASE_NET)) {
              failures.push(
                `${operation.path} ${JSON.stringify(input).slice(0, 300)} → ${answer.status} ${text.slice(0, 200)}`,
              );
              return false;
            }
            return true;
          }),
          { numRuns: 40, endOnFailure: true },
        )
        .catch(() => undefined);
    }
    expect(failures.slice(before)).toEqual([]);
  }, 120_000);
});

/** Field names of spec §7's serialisation, right and wrong. */
const FORM_NAMES = [
  'tags[]',
  'tags[0]',
  'tags[2]',
  'a[0][b]',
  'a[b][0]',
  'a[]x',
  '[0]',
  'a]',
  '__proto__[x]',
  'a[999999999]',
];
const FILE_NAMES = [
  'ok.txt',
  '',
  'a"b',
  'a\\b',
  '../../etc/passwd',
  '%22.txt',
  'ファイル.bin',
  'x'.repeat(300),
  'a\r\nb',
];
const RAW_PARTS = [
  '--x\r\n',
  '--x--\r\n',
  'Content-Disposition: form-data; name="file"; filename="a.txt"\r\n',
  'Content-Disposition: form-data; name="company_id"\r\n',
  'Content-Type: text/plain\r\n',
  '\r\n',
  '1',
  'garbage',
];

function multipartInputFor(operation: Operation) {
  const { fields, files } = operation.multipart as { fields: string[]; files: string[] };
  const name = fc.oneof(fc.constantFrom(...fields, ...FORM_NAMES), fc.string({ maxLength: 20 }));
  const value = fc.oneof(
    fc.string({ maxLength: 100 }),
    // The catalogue's text as the field's text: an actual NUL, 2^31, a lone surrogate…
    fc.constantFrom(...NASTY.map((inner) => (typeof inner === 'string' ? inner : jsonText(inner)))),
    anyValue.map((inner) => jsonText(inner)),
  );
  const file = fc.record({
    field: fc.oneof(fc.constantFrom(...files), fc.string({ maxLength: 10 })),
    name: fc.oneof(fc.constantFrom(...FILE_NAMES), fc.string({ maxLength: 40 })),
    content: fc.uint8Array({ maxLength: 2048 }),
    type: fc.constantFrom('application/octet-stream', 'text/plain', ''),
  });
  return fc.oneof(
    fc.record({
      form: fc.record({
        fields: fc.array(fc.tuple(name, value), { maxLength: 8 }),
        files: fc.array(file, { maxLength: 3 }),
      }),
    }),
    fc.record({
      raw: fc.record({
        body: fc.oneof(
          fc.array(fc.constantFrom(...RAW_PARTS), { maxLength: 12 }).map((parts) => parts.join('')),
          fc.string({ maxLength: 300 }),
        ),
        contentType: fc.constantFrom(
          'multipart/form-data; boundary=x',
          'multipart/form-data',
          'multipart/form-data; boundary=',
          'multipart/mixed; boundary=x',
          'application/x-www-form-urlencoded',
          'text/plain',
        ),
      }),
    }),
  );
}

function formOf(input: {
  fields: [string, string][];
  files: { field: string; name: string; content: Uint8Array; type: string }[];
}) {
  const form = new FormData();
  for (const [name, value] of input.fields) form.append(name, value);
  for (const file of input.files)
    form.append(file.field, new Blob([file.content], { type: file.type }), file.name);
  return form;
}
