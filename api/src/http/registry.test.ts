import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type ApiFixture, startTestApi } from '../testing/fixtures.ts';
import type { RouteSpec } from './route.ts';

/**
 * The declarations of every route of createApi, walked: each says what it answers, and none is
 * hidden behind an earlier route whose parameter would take its path.
 */

const describeRoute = (route: Pick<RouteSpec, 'method' | 'path'>) =>
  `${route.method.toUpperCase()} ${route.path}`;

const segmentsOf = (path: string) => path.split('/').filter(Boolean);
const isParameter = (segment: string) => segment.startsWith(':') || segment.startsWith('*');

/**
 * Whether `earlier` (registered first) answers every path `later` would: Express tries routes
 * in order, so `GET /devices/:id` before `GET /devices/count` takes `count` for an id.
 */
function swallows(earlier: Pick<RouteSpec, 'method' | 'path'>, later: Pick<RouteSpec, 'method' | 'path'>) {
  if (earlier.method !== later.method) return false;
  const [first, second] = [segmentsOf(earlier.path), segmentsOf(later.path)];
  if (first.some((segment) => segment.startsWith('*'))) {
    const at = first.findIndex((segment) => segment.startsWith('*'));
    return second.length >= at + 1 && first.slice(0, at).every((segment, i) => matches(segment, second[i]));
  }
  return first.length === second.length && first.every((segment, i) => matches(segment, second[i]));
}

/** A segment of the earlier route takes the later one's: a parameter takes anything but a parameter's… */
function matches(earlier: string, later: string | undefined): boolean {
  if (later === undefined) return false;
  if (isParameter(earlier)) return true;
  // …and a fixed segment only the same fixed one (a later parameter also matches other paths).
  return !isParameter(later) && earlier.toLowerCase() === later.toLowerCase();
}

/** Each route that an earlier one of the same method hides, with the one that hides it. */
function shadowedRoutes(routes: readonly Pick<RouteSpec, 'method' | 'path'>[]): string[] {
  return routes.flatMap((later, index) =>
    routes
      .slice(0, index)
      .filter((earlier) => swallows(earlier, later))
      .map(
        (earlier) => `${describeRoute(later)} is taken by ${describeRoute(earlier)}, registered before it`,
      ),
  );
}

describe('route order', () => {
  it('finds a parameter route registered before the fixed path it would take', () => {
    const routes = [
      { method: 'get', path: '/devices/:id' },
      { method: 'post', path: '/devices/count' },
      { method: 'get', path: '/devices/count' },
      { method: 'get', path: '/devices/:id/notes' },
      { method: 'get', path: '/devices/batch/notes' },
      { method: 'get', path: '/devices/:serial' },
      { method: 'delete', path: '/devices/:id' },
      { method: 'delete', path: '/devices/:id/notes/:noteId' },
    ] as const;
    expect(shadowedRoutes(routes)).toEqual([
      'GET /devices/count is taken by GET /devices/:id, registered before it',
      'GET /devices/batch/notes is taken by GET /devices/:id/notes, registered before it',
      'GET /devices/:serial is taken by GET /devices/:id, registered before it',
    ]);
  });

  it('is content when fixed paths come first, and with a parameter that a fixed route cannot take', () => {
    expect(
      shadowedRoutes([
        { method: 'get', path: '/devices/count' },
        { method: 'get', path: '/devices/:id' },
        { method: 'get', path: '/companies/tree/x' },
        { method: 'get', path: '/companies/:id' },
        { method: 'get', path: '/companies/tree' },
      ]),
    ).toEqual(['GET /companies/tree is taken by GET /companies/:id, registered before it']);
    expect(
      shadowedRoutes([
        { method: 'get', path: '/users/invitations' },
        { method: 'get', path: '/users/:id' },
        { method: 'get', path: '/files/:id/download' },
        { method: 'get', path: '/files/:id' },
      ]),
    ).toEqual([]);
  });
});

/**
 * Write routes that name no event type: those that never write an entry (a look-up by POST, a
 * token refresh), and the list's bulk action, whose entries fall back to `device.bulk`
 * (fallbackEvent in route.ts) until its declaration names it.
 */
const WRITES_NO_ENTRY = new Set([
  'POST /account/invitation',
  'POST /account/company-invitation',
  'POST /account/password/forgot',
  'POST /account/token/refresh',
  'POST /brand-access',
  'POST /devices/verify',
  // A dry run: it makes nothing.
  'POST /devices/tasks/groups/preview',
]);

describe('every route of createApi', () => {
  let fx: ApiFixture;
  beforeAll(async () => {
    fx = await startTestApi();
  });
  afterAll(async () => {
    await fx?.stop();
  });

  it('runs with the response check on, as every test API does: an answer its schema refuses is a 500', async () => {
    expect(fx.api.deps.checkResponses).toBe(true);
    const health = fx.api.routes.find((route) => route.method === 'get' && route.path === '/healthz');
    const declared = health?.response;
    expect(declared).toBeDefined();
    expect((await fx.client().get('/api/healthz', { xhr: false })).status).toBe(200);
    try {
      // The registry checks against the declaration it keeps: changed here, the same answer fails.
      (health as RouteSpec).response = z.object({ status: z.literal('dead') });
      const answer = await fx.client().get('/api/healthz', { xhr: false });
      expect(answer.status).toBe(500);
      expect(answer.body.errors[0].code).toBe('INTERNAL_ERROR');
    } finally {
      (health as RouteSpec).response = declared;
    }
  });

  it('declares what it answers: a response schema (checked in every test), or the raw media type it produces', () => {
    expect(fx.api.routes.length).toBeGreaterThan(50);
    const undeclared = fx.api.routes.filter((route) => !route.response && !route.produces).map(describeRoute);
    expect(undeclared, `routes with neither response nor produces:\n  ${undeclared.join('\n  ')}`).toEqual(
      [],
    );
  });

  it('is registered before no route that would take its path (the order in app.ts cannot hide a route)', () => {
    const shadowed = shadowedRoutes(fx.api.routes);
    expect(shadowed, `routes hidden by an earlier one:\n  ${shadowed.join('\n  ')}`).toEqual([]);
  });

  it('names the event type of its audit entries when it writes (contracts/src/audit-events.ts)', () => {
    const unnamed = fx.api.routes
      .filter((route) => route.method !== 'get' && !route.event && !WRITES_NO_ENTRY.has(describeRoute(route)))
      .map(describeRoute);
    expect(unnamed, `write routes without an event type:\n  ${unnamed.join('\n  ')}`).toEqual([]);
  });

  it('is declared once per method and path', () => {
    const seen = fx.api.routes.map(describeRoute);
    const twice = seen.filter((route, index) => seen.indexOf(route) !== index);
    expect(twice).toEqual([]);
  });
});
