import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiFixture, startTestApi } from '../testing/fixtures.ts';

let fx: ApiFixture;
beforeAll(async () => {
  fx = await startTestApi();
});
afterAll(async () => {
  await fx?.stop();
});

describe('the API description', () => {
  it('serves OpenAPI 3.1 with every registered route, its access rule and its schemas', async () => {
    const answer = await fx.client().get('/api/openapi.json', { xhr: false });
    expect(answer.status).toBe(200);
    expect(answer.body.openapi).toBe('3.1.0');
    const documented = Object.entries(answer.body.paths as Record<string, Record<string, unknown>>).flatMap(
      ([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(documented.sort()).toEqual(
      fx.api.routes
        .map((route) => `${route.method.toUpperCase()} /api${route.path.replace(/:(\w+)/g, '{$1}')}`)
        .sort(),
    );
    const login = answer.body.paths['/api/account/login'].post;
    expect(login.requestBody.content['application/json'].schema.required).toEqual(['email', 'password']);
    expect(answer.body.paths['/api/companies'].get['x-fleetport-access']).toEqual({
      permission: 'view_companies',
    });
  });
});

describe('envelope and errors', () => {
  it('answers an unknown API path with a 404 envelope', async () => {
    const answer = await fx.client().get('/api/no-such-thing');
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ success: false, errors: [{ code: 'NOT_FOUND', message: 'Not found.' }] });
  });

  it('answers malformed JSON with 400, without internals', async () => {
    const client = await fx.login('admin@acme.example');
    const answer = await client.request('POST', '/api/storage', {
      headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': client.cookie('XSRF-TOKEN') as string },
    });
    const raw = await fetch(`${fx.url}/api/storage`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Requested-With': 'XMLHttpRequest',
        'X-XSRF-TOKEN': client.cookie('XSRF-TOKEN') as string,
        Cookie: client.cookieHeader('/api/storage'),
      },
      body: '{"key": ',
    });
    expect(answer.status).toBe(422); // an empty body is a validation error, not a crash
    expect(raw.status).toBe(400);
    const text = await raw.text();
    expect(JSON.parse(text).errors[0].code).toBe('MALFORMED_JSON');
    expect(text).not.toMatch(/at \w+ \(|node_modules|SyntaxError/);
  });

  it('health and readiness answer without the XHR header', async () => {
    expect((await fx.client().get('/api/healthz', { xhr: false })).body.data).toEqual({ status: 'alive' });
    const ready = await fx.client().get('/api/readyz', { xhr: false });
    expect(ready.body.data).toEqual({ status: 'ready', database: fx.store, broker: 'embedded' });
  });
});
