import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiFixture, startTestApi, type TestClient } from '../testing/fixtures.ts';

/**
 * Every route of the OpenAPI document gets generated invalid input: random JSON bodies, the
 * declared body fields with values of the wrong kind, random path and query values. None may
 * answer 5xx or leak a stack trace. (zod-fast-check does not support zod 4, so the inputs come
 * from the document itself.)
 */
interface Operation {
  method: string;
  path: string;
  body: string[];
  query: string[];
  /** An upload route: its text fields and its file fields (`format: binary`). */
  multipart?: { fields: string[]; files: string[] };
}

type BodySchema = { properties?: Record<string, { format?: string }> };

const RUNS = 40;
const STACK = /\bat [\w.<>]+ \(|node_modules|\.ts:\d+|Error: /;

let fx: ApiFixture;
let operations: Operation[] = [];
beforeAll(async () => {
  fx = await startTestApi({ LOGIN_MAX_FAILURES: 1_000_000 });
  const document = await fx.client().get('/api/openapi.json', { xhr: false });
  operations = Object.entries(
    document.body.paths as Record<string, Record<string, Record<string, never>>>,
  ).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => {
      const content = (operation as { requestBody?: { content: Record<string, { schema: BodySchema }> } })
        .requestBody?.content;
      const body = content?.['application/json']?.schema.properties;
      const form = Object.entries(content?.['multipart/form-data']?.schema.properties ?? {});
      const parameters = (operation as { parameters?: { name: string; in: string }[] }).parameters ?? [];
      return {
        method: method.toUpperCase(),
        path,
        body: Object.keys(body ?? {}),
        query: parameters.filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name),
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
  await fx?.stop();
});

const anyValue = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.string({ maxLength: 300 }),
  fc.constantFrom(
    '',
    ' ',
    '-1',
    '1e309',
    'NaN',
    'null',
    '__proto__',
    '%00',
    '../..',
    "' OR 1=1 --",
    '😀'.repeat(40),
  ),
  fc.integer(),
  fc.double(),
);

function inputFor(operation: Operation) {
  const bodyRecord = operation.body.length
    ? fc.dictionary(fc.constantFrom(...operation.body), anyValue, { maxKeys: operation.body.length })
    : fc.constant({});
  return fc.record({
    body: fc.oneof(bodyRecord, fc.jsonValue({ maxDepth: 2 })),
    pathValue: fc.string({ minLength: 1, maxLength: 60 }),
    query: fc.dictionary(
      operation.query.length
        ? fc.oneof(fc.constantFrom(...operation.query), fc.string({ maxLength: 10 }))
        : fc.string({ maxLength: 10 }),
      fc.oneof(fc.string({ maxLength: 80 }), fc.constantFrom('-1', '101', '0', 'name,-name', '-', ',,,')),
      { maxKeys: 4 },
    ),
  });
}

describe('fuzzing every documented route', () => {
  it('covers every route of the document', () => {
    expect(operations.length).toBeGreaterThanOrEqual(15);
  });

  it('never answers 5xx or shows internals to generated invalid input', async () => {
    const failures: string[] = [];
    for (const operation of operations) {
      const client: TestClient = await fx.login('super@fleetport.example');
      await fc
        .assert(
          fc.asyncProperty(inputFor(operation), async (input) => {
            const path = operation.path.replace(/\{(\w+)\}/g, () => encodeURIComponent(input.pathValue));
            const query = new URLSearchParams(input.query as Record<string, string>).toString();
            const url = `${path}${query ? `?${query}` : ''}`;
            const hasBody = operation.method !== 'GET' && operation.method !== 'DELETE';
            const answer = await client.request(operation.method, url, hasBody ? { body: input.body } : {});
            const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
            if (answer.status >= 500 || STACK.test(text)) {
              failures.push(
                `${operation.method} ${url} ${JSON.stringify(input.body)} → ${answer.status} ${text.slice(0, 200)}`,
              );
              return false;
            }
            return true;
          }),
          { numRuns: RUNS, endOnFailure: true },
        )
        .catch(() => undefined);
    }
    expect(failures).toEqual([]);
    // Every route gets its runs: the time grows with the document (about 0.5 s a route here).
  }, 180_000);

  it('never answers 5xx or shows internals to generated multipart bodies on upload routes', async () => {
    const uploads = operations.filter((operation) => operation.multipart);
    expect(uploads.length).toBeGreaterThan(0);
    const failures: string[] = [];
    for (const operation of uploads) {
      const client: TestClient = await fx.login('super@fleetport.example');
      await fc
        .assert(
          fc.asyncProperty(multipartInputFor(operation), async (input) => {
            const answer =
              'form' in input
                ? await client.upload(operation.path, formOf(input.form))
                : await client.upload(operation.path, input.raw.body, {
                    headers: { 'Content-Type': input.raw.contentType },
                  });
            const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
            if (answer.status >= 500 || STACK.test(text)) {
              failures.push(
                `${operation.path} ${JSON.stringify(input).slice(0, 300)} → ${answer.status} ${text.slice(0, 200)}`,
              );
              return false;
            }
            return true;
          }),
          { numRuns: RUNS * 2, endOnFailure: true },
        )
        .catch(() => undefined);
    }
    expect(failures).toEqual([]);
  });
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
    anyValue.map((inner) => JSON.stringify(inner) ?? ''),
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
