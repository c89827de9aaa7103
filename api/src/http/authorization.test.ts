import { BUILT_IN_ROLE_BY_NAME, type BuiltInRoleName } from '@fleetport/contracts/roles';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, users } from '../db/schema.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { type ApiFixture, startTestApi, TEST_PASSWORD, type TestClient } from '../testing/fixtures.ts';

/**
 * The authorisation matrix (issue 3): every route of the OpenAPI document × every built-in
 * role × where the target company sits relative to the caller's (own, subsidiary, parent,
 * sibling, unrelated). The callers all belong to Acme East, so the relations are:
 * own = Acme East, subsidiary = Acme East Retail, parent = Acme Networks, sibling = Acme West,
 * unrelated = Northwind Logistics. A = allowed (or listed), D = denied (or not listed).
 */
const ROLES = ['super_admin', 'admin', 'readonly_admin', 'end_user', 'read_only', 'support'] as const;
type Role = (typeof ROLES)[number];
const RELATIONS = ['own', 'subsidiary', 'parent', 'sibling', 'unrelated'] as const;
type Relation = (typeof RELATIONS)[number];
const COMPANY_OF: Record<Relation, string> = {
  own: 'Acme East',
  subsidiary: 'Acme East Retail',
  parent: 'Acme Networks',
  sibling: 'Acme West',
  unrelated: 'Northwind Logistics',
};

// Routes that act on a company: one row per role, one column per relation.
const COMPANY_ROUTES: Record<string, Record<Role, string>> = {
  //                                own  subsidiary  parent  sibling  unrelated
  'GET /api/companies': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'A    A           D       D        D',
    end_user: /*              */ 'A    D           D       D        D',
    read_only: /*             */ 'A    D           D       D        D',
    support: /*               */ 'A    A           A       A        A',
  },
  'GET /api/audit-log': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'D    D           D       D        D',
    end_user: /*              */ 'D    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'A    A           A       A        A',
  },
  'GET /api/companies/{id}': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'A    A           D       D        D',
    end_user: /*              */ 'A    D           D       D        D',
    read_only: /*             */ 'A    D           D       D        D',
    support: /*               */ 'A    A           A       A        A',
  },
};

// Routes about the caller themself: every signed-in role may call them, nobody else.
const SELF_ROUTES = [
  'GET /api/user',
  'GET /api/local/config',
  'GET /api/storage',
  'POST /api/storage',
  'PUT /api/storage/{key}',
  'DELETE /api/storage/{key}',
  'GET /api/notifications',
  'PUT /api/notifications',
  'POST /api/password-confirmation',
  'POST /api/account/sessions/revoke-others', // 423 until confirmed: allowed, then asked
] as const;

// Routes open to anyone, with what an anonymous call answers.
const PUBLIC_ROUTES: Record<string, number> = {
  'GET /api/healthz': 200,
  'GET /api/readyz': 200,
  'POST /api/account/login': 401, // wrong password: refused on its merits, not for lack of a session
  'POST /api/account/token/refresh': 401, // no refresh token
  'POST /api/account/token/revoke': 200,
};

let fx: ApiFixture;
const clients = new Map<Role, TestClient>();
const companyIds = new Map<Relation, number>();

beforeAll(async () => {
  fx = await startTestApi();
  const { db } = fx.api.deps;
  for (const relation of RELATIONS) {
    const [row] = await db.select().from(companies).where(eq(companies.name, COMPANY_OF[relation]));
    companyIds.set(relation, row?.id as number);
  }
  // One audit entry in each company, so the audit-log row shows what each role may read.
  for (const relation of RELATIONS) {
    await fx.api.deps.audit.append({
      actorUserId: undefined,
      userId: undefined,
      companyId: companyIds.get(relation),
      action: 'matrix',
      entity: 'test',
      entityId: relation,
      before: undefined,
      after: undefined,
    });
  }
  const passwordHash = await hashPassword(TEST_PASSWORD);
  for (const role of ROLES) {
    const email = `matrix.${role}@acme.example`;
    await db.insert(users).values({
      email,
      username: `Matrix ${role}`,
      passwordHash,
      companyId: companyIds.get('own') as number,
      roleId: BUILT_IN_ROLE_BY_NAME.get(role as BuiltInRoleName)?.id as number,
      emailVerifiedAt: new Date(),
    });
    clients.set(role, await fx.login(email));
  }
});
afterAll(async () => {
  await fx?.stop();
});

const denied = (status: number) => status === 401 || status === 403;

/** Calls a self route with a valid request; the storage key exists for PUT and DELETE. */
async function callSelf(client: TestClient, route: string): Promise<number> {
  const [method, path] = route.split(' ') as [string, string];
  if (method === 'PUT' || method === 'DELETE') await client.post('/api/storage', { key: 'matrix', value: 1 });
  const url = path.replace('{key}', 'matrix');
  const body =
    route === 'POST /api/password-confirmation'
      ? { password: TEST_PASSWORD }
      : route === 'PUT /api/notifications'
        ? { id: [] }
        : route === 'POST /api/storage'
          ? { key: `k${Math.random()}`, value: 1 }
          : { value: 2 };
  return (await client.request(method, url, method === 'GET' || method === 'DELETE' ? {} : { body })).status;
}

describe('authorisation matrix', () => {
  it('has a row for every route of the OpenAPI document', async () => {
    const document = await fx.client().get('/api/openapi.json', { xhr: false });
    const documented = Object.entries(document.body.paths as Record<string, Record<string, unknown>>)
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`))
      .filter((route) => route !== 'GET /api/openapi.json');
    const covered = [...Object.keys(COMPANY_ROUTES), ...SELF_ROUTES, ...Object.keys(PUBLIC_ROUTES)];
    expect(documented.filter((route) => !covered.includes(route))).toEqual([]);
    expect(covered.filter((route) => !documented.includes(route))).toEqual([]);
  });

  for (const [route, rows] of Object.entries(COMPANY_ROUTES)) {
    it(`${route}: every role × every company relation as the table says`, async () => {
      const unexpected: string[] = [];
      for (const role of ROLES) {
        const expected = rows[role].split(/\s+/);
        const client = clients.get(role) as TestClient;
        let listed: Set<number> | undefined;
        if (route === 'GET /api/companies') {
          const answer = await client.get('/api/companies?limit=100');
          listed = new Set((answer.body.data ?? []).map((company: { id: number }) => company.id));
        }
        if (route === 'GET /api/audit-log') {
          // Readable entries of a company = allowed; no permission = nothing listed.
          const answer = await client.get('/api/audit-log?limit=100&fields=company_id');
          listed = new Set((answer.body.data ?? []).map((entry: { company_id: number }) => entry.company_id));
        }
        for (const [index, relation] of RELATIONS.entries()) {
          const id = companyIds.get(relation) as number;
          const allowed = listed
            ? listed.has(id)
            : !denied((await client.get(`/api/companies/${id}`)).status);
          if ((expected[index] === 'A') !== allowed) {
            unexpected.push(`${role} → ${relation}: expected ${expected[index]}, got ${allowed ? 'A' : 'D'}`);
          }
        }
      }
      expect(unexpected).toEqual([]);
    });
  }

  it('self routes: every role may call them, an anonymous caller gets 401', async () => {
    const unexpected: string[] = [];
    for (const route of SELF_ROUTES) {
      for (const role of ROLES) {
        const status = await callSelf(clients.get(role) as TestClient, route);
        if (denied(status) || status >= 500) unexpected.push(`${role} ${route}: ${status}`);
      }
      const anonymous = await callSelf(fx.client(), route);
      if (anonymous !== 401) unexpected.push(`anonymous ${route}: ${anonymous}`);
    }
    expect(unexpected).toEqual([]);
  });

  it('public routes answer an anonymous caller on their merits', async () => {
    const seen: Record<string, number> = {};
    for (const route of Object.keys(PUBLIC_ROUTES)) {
      const [method, path] = route.split(' ') as [string, string];
      const body =
        route === 'POST /api/account/login' ? { email: 'guest@acme.example', password: 'not-it' } : {};
      seen[route] = (await fx.client().request(method, path, method === 'GET' ? {} : { body })).status;
    }
    expect(seen).toEqual(PUBLIC_ROUTES);
  });
});
