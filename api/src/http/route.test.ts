import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type NextFunction, type Request, type Response } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { listQuerySchema, pickFields } from './list-query.ts';
import { ResponseMismatchError, RouteRegistry, responseIssues } from './route.ts';

/**
 * The response check on its own: a bare registry with a few routes that answer right or wrong,
 * once with `checkResponses` (as in every test) and once without (as in production).
 */
const item = z.object({ id: z.number(), name: z.string(), note: z.string().nullable() });
const rows = [
  { id: 1, name: 'one', note: null },
  { id: 2, name: 'two', note: 'b' },
];

interface Served {
  server: Server;
  base: string;
  errors: unknown[];
}

async function serve(checkResponses: boolean): Promise<Served> {
  const registry = new RouteRegistry({ checkResponses });
  const router = express.Router();
  const route = (path: string, data: () => unknown, list?: 'picks fields' | 'ignores fields') =>
    registry.add(router, {
      method: 'get',
      path,
      summary: path,
      tag: 'test',
      access: { public: true },
      query: list ? listQuerySchema(['id', 'name', 'note']) : undefined,
      response: list ? z.array(item) : item,
      handler: ({ query }) => {
        const value = data() as typeof rows;
        return { data: list === 'picks fields' ? pickFields(value, query?.fields) : value };
      },
    });
  route('/right', () => rows[0]);
  route('/wrong-type', () => ({ id: '1', name: 'one', note: null }));
  route('/missing', () => ({ id: 1, note: null }));
  route('/extra', () => ({ ...rows[0], password_hash: 'secret' }));
  route(
    '/list-extra',
    () => rows.map((row, index) => (index === 1 ? { ...row, internal: true } : row)),
    'picks fields',
  );
  route('/dates', () => ({ id: 1, name: 'one', note: new Date(0) }));
  route('/list', () => rows, 'picks fields');
  route('/list-ignoring-fields', () => rows, 'ignores fields');
  const errors: unknown[] = [];
  const app = express();
  app.use(router);
  app.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    errors.push(error);
    res.status(500).json({ success: false, errors: [{ code: 'INTERNAL_ERROR', message: 'x' }] });
  });
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, errors };
}

const get = async (served: Served, path: string) => {
  const answer = await fetch(`${served.base}${path}`);
  return { status: answer.status, body: (await answer.json()) as { data?: unknown } };
};

let checked: Served;
let unchecked: Served;
beforeAll(async () => {
  [checked, unchecked] = await Promise.all([serve(true), serve(false)]);
});
afterAll(async () => {
  for (const served of [checked, unchecked]) {
    await new Promise((resolve) => served?.server.close(resolve));
  }
});

/** The one mismatch the last request raised. */
const lastMismatch = (served: Served): ResponseMismatchError => {
  const error = served.errors.at(-1);
  expect(error).toBeInstanceOf(ResponseMismatchError);
  return error as ResponseMismatchError;
};

describe('checkResponses: every answer against its route’s response schema', () => {
  it('lets an answer that matches through unchanged', async () => {
    expect(await get(checked, '/right')).toEqual({
      status: 200,
      body: { success: true, data: rows[0], errors: [] },
    });
  });

  it('turns a wrong type into a 500 whose error names the route and the zod issue', async () => {
    const before = checked.errors.length;
    expect((await get(checked, '/wrong-type')).status).toBe(500);
    expect(checked.errors.length).toBe(before + 1);
    const error = lastMismatch(checked);
    expect(error.route).toBe('GET /wrong-type');
    expect(error.issues).toEqual([expect.stringMatching(/^data\.id: .*expected number.*\(invalid_type\)$/)]);
    expect(error.message).toContain('GET /wrong-type');
    expect(error.message).toContain('data.id');
  });

  it('catches a field the schema requires and the answer lacks', async () => {
    expect((await get(checked, '/missing')).status).toBe(500);
    expect(lastMismatch(checked).issues).toEqual([expect.stringMatching(/^data\.name: /)]);
  });

  it('catches a key the schema does not describe (zod would drop it silently), nested too', async () => {
    expect((await get(checked, '/extra')).status).toBe(500);
    expect(lastMismatch(checked).issues).toEqual(['data.password_hash: not in the response schema']);
    expect((await get(checked, '/list-extra')).status).toBe(500);
    expect(lastMismatch(checked).issues).toEqual(['data.1.internal: not in the response schema']);
  });

  it('checks the answer as the client receives it: JSON (a Date is a string)', async () => {
    expect((await get(checked, '/dates')).body.data).toEqual({
      id: 1,
      name: 'one',
      note: new Date(0).toISOString(),
    });
  });

  it('narrows a list to the `fields` asked for, and refuses a list that ignores them', async () => {
    expect((await get(checked, '/list')).status).toBe(200);
    expect(await get(checked, '/list?fields=id,note')).toMatchObject({
      status: 200,
      body: {
        data: [
          { id: 1, note: null },
          { id: 2, note: 'b' },
        ],
      },
    });
    expect((await get(checked, '/list-ignoring-fields')).status).toBe(200);
    expect((await get(checked, '/list-ignoring-fields?fields=id')).status).toBe(500);
    expect(lastMismatch(checked).issues).toEqual([
      'data.0.name: not in the response schema',
      'data.0.note: not in the response schema',
      'data.1.name: not in the response schema',
      'data.1.note: not in the response schema',
    ]);
    expect(responseIssues(z.array(item), [{ id: 1, note: null }])).toEqual([
      expect.stringMatching(/^data\.0\.name: /),
    ]);
  });

  it('is off without the option (production): the same wrong answers go out as they are', async () => {
    expect((await get(unchecked, '/wrong-type')).body.data).toEqual({ id: '1', name: 'one', note: null });
    expect((await get(unchecked, '/extra')).status).toBe(200);
    expect(unchecked.errors).toEqual([]);
  });
});
