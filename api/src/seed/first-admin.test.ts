import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiFixture, startTestApi } from '../testing/fixtures.ts';
import { createFirstAdmin } from './first-admin.ts';

const run = promisify(execFile);
const cli = fileURLToPath(new URL('../cli/create-admin.ts', import.meta.url));

describe('the first System Administrator of an install without the demo world', () => {
  let fx: ApiFixture;
  beforeAll(async () => {
    fx = await startTestApi();
  });
  afterAll(async () => {
    await fx?.stop();
  });

  it('joins the root company, can sign in with the generated password, and an existing e-mail is refused', async () => {
    const admin = await createFirstAdmin(fx.api.deps.db, {
      email: 'Owner@Example.com',
      companyName: 'Ignored',
    });
    expect(admin.companyName).toBe('Fleetport');
    expect(admin.generatedPassword).toMatch(/^[\w-]{16}$/);
    const client = await fx.login('owner@example.com', admin.generatedPassword);
    const me = await client.get('/api/user');
    expect(me.body.data.role.name).toBe('super_admin');
    await expect(
      createFirstAdmin(fx.api.deps.db, { email: 'owner@example.com', companyName: 'X' }),
    ).rejects.toThrow(/exists already/);
  });

  it('npm run create-admin: creates the root company on an empty PGlite store, refuses bad input', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'fleetport-admin-'));
    const env = { ...process.env, DATA_DIR: dir, DATABASE_URL: '', ADMIN_PASSWORD: 'a long enough secret' };
    try {
      const created = await run(
        process.execPath,
        [cli, '--email', 'root@example.com', '--company', 'Example Ltd'],
        {
          env,
        },
      );
      expect(created.stdout).toContain('root@example.com created in Example Ltd (#1)');
      const again = await run(process.execPath, [cli, '--email', 'root@example.com'], { env }).catch(
        (e) => e,
      );
      expect(again.code).toBe(1);
      expect(again.stderr).toContain('exists already');
      const missing = await run(process.execPath, [cli], { env }).catch((e) => e);
      expect(missing.code).toBe(2);
      expect(missing.stderr).toContain('An e-mail address is required');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
