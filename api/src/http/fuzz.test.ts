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
}

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
      const body = (
        operation as { requestBody?: { content: Record<string, { schema: { properties?: object } }> } }
      ).requestBody?.content['application/json']?.schema.properties;
      const parameters = (operation as { parameters?: { name: string; in: string }[] }).parameters ?? [];
      return {
        method: method.toUpperCase(),
        path,
        body: Object.keys(body ?? {}),
        query: parameters.filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name),
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
  });
});
