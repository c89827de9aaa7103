import { randomBytes } from 'node:crypto';
import { BUILT_IN_ROLE_BY_NAME } from '@fleetport/contracts/roles';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema.ts';
import {
  type ApiFixture,
  companyIdByName,
  startTestApi,
  TEST_PASSWORD,
  type TestClient,
} from '../../testing/fixtures.ts';
import { hashPassword } from '../auth/passwords.ts';
import { CLAIM_LIMITED, NOT_CLAIMABLE } from './claim.ts';

// Claim guessing (Teltonika RMS CVE-2023-32346). Three failures per user and
// nine per company in the window here, so that the tests stay short.
const MAX = 3;

let made = 0;
let passwordHash: Promise<string> | undefined;
/** The test password's hash, computed once (argon2id is slow on purpose). */
const testHash = () => {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  return passwordHash;
};
const companyIds = new Map<string, Promise<number>>();
const superAdmins = new Map<string, Promise<TestClient>>();
/** Company ids by name, looked up once (each lookup signs the super admin in). */
const companyId = (fx: ApiFixture, name: string) => {
  const key = `${fx.url} ${name}`;
  if (!companyIds.has(key)) companyIds.set(key, companyIdByName(fx, name));
  return companyIds.get(key) as Promise<number>;
};
const hex = (bytes: number) => randomBytes(bytes).toString('hex').toUpperCase();
/** A serial and MAC no manufacturer approved: every claim of it fails. */
const wrong = () => ({
  serial: `95${Date.now().toString().slice(-6)}${hex(2)}`,
  mac: `00:1E:42:EE:${hex(1)}:${hex(1)}`,
});

/** An end user (manage_devices, company scope) of its own, so that counts never meet another test's. */
async function endUser(fx: ApiFixture, company: string): Promise<{ client: TestClient; id: number }> {
  made += 1;
  const email = `claimer.${made}.${hex(3).toLowerCase()}@acme.example`;
  const [user] = await fx.api.deps.db
    .insert(users)
    .values({
      email,
      username: `Claimer ${made}`,
      passwordHash: await testHash(),
      companyId: await companyId(fx, company),
      roleId: BUILT_IN_ROLE_BY_NAME.get('end_user')?.id as number,
      emailVerifiedAt: new Date(),
    })
    .returning({ id: users.id });
  return { client: await fx.login(email), id: user?.id as number };
}

/** Approves identities (as a manufacturer's CSV would) and returns them. */
async function approve(fx: ApiFixture, count: number): Promise<{ serial: string; mac: string }[]> {
  const rows = Array.from({ length: count }, () => ({
    serial: `96${Date.now().toString().slice(-6)}${hex(2)}`,
    mac: `00:1E:42:DD:${hex(1)}:${hex(1)}`,
  }));
  if (!superAdmins.has(fx.url)) superAdmins.set(fx.url, fx.login('super@fleetport.example'));
  const admin = await (superAdmins.get(fx.url) as Promise<TestClient>);
  const csv = [
    'serial,mac,secret',
    ...rows.map((row) => `${row.serial},${row.mac},secret-${row.serial}-0123456789`),
  ];
  expect((await admin.post('/api/auth-devices', { csv: csv.join('\n') })).status).toBe(200);
  return rows;
}

/** The refused claims the audit log holds for a user. */
async function refusedInAudit(fx: ApiFixture, userId: number) {
  const rows = await fx.api.deps.db
    .select({ after: auditLog.after })
    .from(auditLog)
    .where(and(eq(auditLog.userId, userId), eq(auditLog.action, 'device claims refused')));
  return rows.map((row) => row.after as { route: string; refused: number; limit_reached: boolean });
}

describe('device claims are limited per user and company (CLAIM_MAX_ATTEMPTS)', () => {
  let fx: ApiFixture;
  beforeAll(async () => {
    fx = await startTestApi({ CLAIM_MAX_ATTEMPTS: MAX, CLAIM_WINDOW_S: 60 });
  });
  afterAll(async () => {
    await fx?.stop();
  });

  it('answers 429 with Retry-After after the limit, on every claiming route, even for the right device', async () => {
    const { client, id } = await endUser(fx, 'Acme East');
    const company = await companyId(fx, 'Acme East');
    for (let attempt = 0; attempt < MAX; attempt += 1) {
      const refused = await client.post('/api/devices', { company_id: company, ...wrong() });
      expect(refused.status).toBe(422);
      expect(refused.body.errors[0].message).toBe(NOT_CLAIMABLE);
    }
    const [right] = await approve(fx, 1);
    for (const answer of [
      await client.post('/api/devices', { company_id: company, ...right }),
      await client.post('/api/devices/verify', { devices: [right] }),
      await client.post('/api/devices/batch', { company_id: company, devices: [right] }),
    ]) {
      expect(answer.status).toBe(429);
      const retryAfter = Number(answer.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(answer.body).toMatchObject({
        success: false,
        errors: [{ code: 'TOO_MANY_REQUESTS', message: CLAIM_LIMITED }],
      });
    }
    // Each refused claim was audited (one entry per request, with its count); the 429s were not.
    const audited = await refusedInAudit(fx, id);
    expect(audited.map((entry) => entry.route)).toEqual(Array(MAX).fill('POST /devices'));
    expect(audited.reduce((sum, entry) => sum + entry.refused, 0)).toBe(MAX);
  });

  it('claims the right device at once after a few wrong tries below the limit; successes do not count', async () => {
    const { client } = await endUser(fx, 'Acme West');
    const company = await companyId(fx, 'Acme West');
    for (let attempt = 0; attempt < MAX - 1; attempt += 1) {
      expect((await client.post('/api/devices', { company_id: company, ...wrong() })).status).toBe(422);
    }
    const [right, file] = [await approve(fx, 1), await approve(fx, 3 * MAX)];
    expect((await client.post('/api/devices', { company_id: company, ...right[0] })).status).toBe(201);
    // An operator adding many real devices from a file is not stopped by the limit.
    expect(
      (await client.post('/api/devices/verify', { devices: file })).body.data.every(
        (row: { ok: boolean }) => row.ok,
      ),
    ).toBe(true);
    const added = await client.post('/api/devices/batch', { company_id: company, devices: file });
    expect(added.status).toBe(201);
    expect(added.body.data.added).toBe(file.length);
    // One failure is left before the limit.
    expect((await client.post('/api/devices', { company_id: company, ...wrong() })).status).toBe(422);
    expect((await client.post('/api/devices', { company_id: company, ...wrong() })).status).toBe(429);
  });

  it('checks rows of a file until the limit, answers the rest unchecked, and audits the count', async () => {
    const { client, id } = await endUser(fx, 'Northwind Logistics');
    const company = await companyId(fx, 'Northwind Logistics');
    const [first, last] = await approve(fx, 2);
    const devices = [first, ...Array.from({ length: 5 }, wrong), last];
    const answer = await client.post('/api/devices/batch', { company_id: company, devices });
    expect(answer.status).toBe(201);
    expect(
      answer.body.data.rows.map((row: { ok: boolean; message?: string }) => row.message ?? 'ok'),
    ).toEqual([
      'ok',
      NOT_CLAIMABLE,
      NOT_CLAIMABLE,
      NOT_CLAIMABLE,
      CLAIM_LIMITED,
      CLAIM_LIMITED,
      CLAIM_LIMITED,
    ]);
    expect(await refusedInAudit(fx, id)).toEqual([
      expect.objectContaining({ route: 'POST /devices/batch', refused: MAX, limit_reached: true }),
    ]);
    expect((await client.post('/api/devices/verify', { devices: [last] })).status).toBe(429);
  });

  it('a burst of parallel guesses gets exactly the limit checked', async () => {
    const { client, id } = await endUser(fx, 'Acme Networks');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => client.post('/api/devices/verify', { devices: [wrong()] })),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(MAX);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(20 - MAX);
    expect((await refusedInAudit(fx, id)).reduce((sum, entry) => sum + entry.refused, 0)).toBe(MAX);
  });

  it('limits the company: once its users have failed three times the limit, a colleague is refused too', async () => {
    const colleagues = await Promise.all([1, 2, 3].map(() => endUser(fx, 'Acme East Retail')));
    for (const { client } of colleagues) {
      const rows = Array.from({ length: MAX }, wrong);
      const answer = await client.post('/api/devices/verify', { devices: rows });
      expect(answer.body.data.map((row: { message: string }) => row.message)).toEqual(
        Array(MAX).fill(NOT_CLAIMABLE),
      );
    }
    const { client: fresh, id } = await endUser(fx, 'Acme East Retail');
    const refused = await fresh.post('/api/devices/verify', { devices: [wrong()] });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await refusedInAudit(fx, id)).toEqual([]);
    // Another company's user is not affected.
    const { client: other } = await endUser(fx, 'Fleetport');
    expect((await other.post('/api/devices/verify', { devices: [wrong()] })).status).toBe(200);
  });
});

// With REDIS_URL (always in CI), the counts are shared by every API replica.
describe.runIf(process.env.REDIS_URL)('claim limit across two API instances (Redis)', () => {
  let first: ApiFixture;
  let second: ApiFixture;
  beforeAll(async () => {
    const settings = { REDIS_URL: process.env.REDIS_URL, CLAIM_MAX_ATTEMPTS: MAX, CLAIM_WINDOW_S: 60 };
    first = await startTestApi(settings);
    // On PostgreSQL the second replica shares the first's database, as replicas do.
    second = await startTestApi({
      ...settings,
      ...(first.store === 'postgres' ? { DATABASE_URL: first.api.deps.config.DATABASE_URL } : {}),
    });
  });
  afterAll(async () => {
    await second?.stop();
    await first?.stop();
  });

  it('the failures on one instance stop the next claim on the other', async () => {
    const { client, id } = await endUser(first, 'Acme East');
    const company = await companyId(first, 'Acme East');
    // Ids repeat from one run to the next (each test database is a copy of one template): counts
    // an earlier run left in Redis must not meet this one.
    for (const key of [`user:${id}`, `company:${company}`]) await first.api.deps.claimFailures.reset(key);
    for (let attempt = 0; attempt < MAX; attempt += 1) {
      expect((await client.post('/api/devices', { company_id: company, ...wrong() })).status).toBe(422);
    }
    const elsewhere =
      first.store === 'postgres'
        ? await second.login(
            (await first.api.deps.db.select().from(users).where(eq(users.id, id)))[0]?.email as string,
          )
        : undefined;
    if (elsewhere) {
      const blocked = await elsewhere.post('/api/devices', { company_id: company, ...wrong() });
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    } else {
      // PGlite: each instance has its own copy of the store, where the same ids name the same
      // user and company; the user is created there too, under the same id.
      const { client: twin, id: twinId } = await endUser(second, 'Acme East');
      expect(twinId).toBe(id);
      const blocked = await twin.post('/api/devices', { company_id: company, ...wrong() });
      expect(blocked.status).toBe(429);
    }
  });
});
