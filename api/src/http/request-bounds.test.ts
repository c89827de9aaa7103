import { unboundedStrings } from '@fleetport/contracts/string-bounds';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiFixture, startTestApi } from '../testing/fixtures.ts';
import type { RouteSpec } from './route.ts';

/**
 * Every text a caller sends has a maximum length (issue 30): each route's path, query and body
 * schema is walked, its own inline schemas as well as those from contracts
 * (`contracts/src/request-bounds.test.ts` walks the contracts' request schemas by name).
 */

/**
 * Inputs that take any value on purpose, each bounded elsewhere. `METHOD /path part: field`.
 */
const EXEMPT: Record<string, string> = {
  // Logout always happens: an unusable value (longer than 200 / 2000 characters) is dropped.
  'POST /account/token/revoke body: client_id (any value)': 'dropped past 200 characters (auth.ts)',
  'POST /account/token/revoke body: redirect_uri (any value)': 'dropped past 2000 characters (auth.ts)',
  // Each row is checked with deviceClaimSchema (bounded) by the handler: a bad row is that
  // row's answer, not the whole batch's 422.
  'POST /devices/batch body: devices.[] (any value)': 'rows checked one by one (add-devices.ts)',
  'POST /devices/verify body: devices.[] (any value)': 'rows checked one by one (add-devices.ts)',
  // Any JSON value: at most STORAGE_LIMITS.valueBytes as JSON text, checked by the handler.
  'POST /storage body: value (any value)': 'at most 64 KiB of JSON (storage/routes.ts)',
  'PUT /storage/:key body: value (any value)': 'at most 64 KiB of JSON (storage/routes.ts)',
};

const PARTS = ['params', 'query', 'body'] as const;

/** Each input of a route that takes text of any length, as `METHOD /path part: field`. */
function unboundedInputs(route: RouteSpec): string[] {
  return PARTS.flatMap((part) => {
    const schema = route[part];
    if (!schema) return [];
    return unboundedStrings(schema).map(
      (field) => `${route.method.toUpperCase()} ${route.path} ${part}: ${field}`,
    );
  });
}

let fx: ApiFixture;
beforeAll(async () => {
  fx = await startTestApi();
});
afterAll(async () => {
  await fx?.stop();
});

describe('request bounds: every text a route takes has a maximum length', () => {
  it('no route takes an unbounded string outside the commented exemptions', () => {
    const found = fx.api.routes.flatMap(unboundedInputs);
    expect(found.filter((input) => !(input in EXEMPT))).toEqual([]);
    // An exemption that no longer matches anything is dropped, so the list stays true.
    expect(Object.keys(EXEMPT).filter((input) => !found.includes(input))).toEqual([]);
  });
});
