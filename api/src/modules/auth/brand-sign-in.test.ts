import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiFixture, startTestApi, TEST_PASSWORD } from '../../testing/fixtures.ts';

/**
 * Brand-bound sign-in (themes/README.md `restrict_sign_in`): on the hosts of a brand that
 * restricts sign-in, only users of the owner company's subtree and platform staff sign in;
 * anyone else gets exactly the answer of a wrong password, and is counted as one.
 */
const shippedThemes = fileURLToPath(new URL('../../../../themes', import.meta.url));
let fx: ApiFixture;
let themes: string;
let ownerId: number;

beforeAll(async () => {
  themes = await mkdtemp(path.join(tmpdir(), 'fleetport-brands-'));
  await cp(shippedThemes, themes, { recursive: true });
  // The shipped Acme brand names its owner company; the API reads the brand as it starts.
  const file = path.join(themes, 'acme', 'brand.json');
  const brand = JSON.parse(await readFile(file, 'utf8'));
  await writeFile(file, JSON.stringify({ ...brand, restrict_sign_in: true }, null, 2));
  ownerId = brand.owner_company_id;
  fx = await startTestApi({ BRANDS_DIR: themes, LOGIN_MAX_FAILURES: 3 });
});
afterAll(async () => {
  await fx?.stop();
  await rm(themes, { recursive: true, force: true });
});

const signIn = (brand: string, email: string, password = TEST_PASSWORD) =>
  fx.client().post('/api/account/login', { email, password }, { headers: { 'X-Fleetport-Brand': brand } });

describe('brand-bound sign-in (restrict_sign_in)', () => {
  it('the shipped Acme brand is owned by Acme Networks', async () => {
    const [owner] = await fx.api.deps.database.query<{ name: string }>(
      'SELECT name FROM companies WHERE id = $1',
      [ownerId],
    );
    expect(owner?.name).toBe('Acme Networks');
  });

  it('admits the owner company and its subsidiaries on the brand’s hosts', async () => {
    expect((await signIn('acme', 'admin@acme.example')).status).toBe(200);
    expect((await signIn('acme', 'east.admin@acme.example')).status).toBe(200);
  });

  it('admits platform staff (roles that see every company)', async () => {
    expect((await signIn('acme', 'super@fleetport.example')).status).toBe(200);
    expect((await signIn('acme', 'support@fleetport.example')).status).toBe(200);
  });

  it('answers another company’s user exactly as a wrong password', async () => {
    const refused = await signIn('acme', 'admin@northwind.example');
    const wrong = await signIn('acme', 'admin@northwind.example', 'not-the-password');
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual(wrong.body);
    expect(refused.body).toMatchObject({ errors: [{ code: 'INVALID_CREDENTIALS' }] });
    expect(refused.cookies.some((line) => line.includes('access'))).toBe(false);
  });

  it('counts a refusal as a failed sign-in: the limit trips as for wrong passwords', async () => {
    const user = 'user@northwind.example';
    const answers = [];
    for (let attempt = 0; attempt < 4; attempt += 1) answers.push((await signIn('acme', user)).status);
    expect(answers).toEqual([401, 401, 401, 429]);
  });

  it('the same user signs in on their own brand and on an unrestricted one', async () => {
    expect((await signIn('northwind', 'admin@northwind.example')).status).toBe(200);
    expect((await signIn('default', 'admin@northwind.example')).status).toBe(200);
  });
});
