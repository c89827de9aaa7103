import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTokens, users } from '../../db/schema.ts';
import { type ApiFixture, startTestApi } from '../../testing/fixtures.ts';

let fx: ApiFixture;
let userId: number;
beforeAll(async () => {
  fx = await startTestApi();
  const [user] = await fx.api.deps.db.select().from(users).where(eq(users.email, 'user@acme.example'));
  userId = user?.id as number;
});
afterAll(async () => {
  await fx?.stop();
});

describe('account tokens', () => {
  it('issues 256-bit tokens stored only as hashes, with their data', async () => {
    const tokens = fx.api.deps.accountTokens;
    const token = await tokens.issue(userId, 'impersonation_grant', 60, { requester: 3 });
    expect(token).toMatch(/^[\w-]{43}$/);
    const rows = await fx.api.deps.db.select().from(accountTokens).where(eq(accountTokens.userId, userId));
    expect(rows.some((row) => row.tokenHash === token)).toBe(false);
    expect(await tokens.find(token, 'impersonation_grant')).toEqual({ userId, data: { requester: 3 } });
    expect(await tokens.consume(token, 'impersonation_grant')).toEqual({ userId, data: { requester: 3 } });
  });

  it('is single use, even for concurrent consumers', async () => {
    const tokens = fx.api.deps.accountTokens;
    const token = await tokens.issue(userId, 'reset_password', 60);
    const results = await Promise.all([1, 2, 3, 4].map(() => tokens.consume(token, 'reset_password')));
    expect(results.filter(Boolean)).toEqual([{ userId, data: null }]);
    expect(await tokens.consume(token, 'reset_password')).toBeUndefined();
    expect(await tokens.find(token, 'reset_password')).toBeUndefined();
  });

  it('refuses an expired token and a token of another purpose, and revokes by purpose', async () => {
    const tokens = fx.api.deps.accountTokens;
    const expired = await tokens.issue(userId, 'verify_email', 60);
    await fx.api.deps.database.exec(
      `UPDATE account_tokens SET expires_at = now() - interval '1 second' WHERE purpose = 'verify_email'`,
    );
    expect(await tokens.consume(expired, 'verify_email')).toBeUndefined();

    const reset = await tokens.issue(userId, 'reset_password', 60);
    expect(await tokens.consume(reset, 'verify_email')).toBeUndefined();
    expect(await tokens.revokeAll(userId, 'reset_password')).toBeGreaterThanOrEqual(1);
    expect(await tokens.consume(reset, 'reset_password')).toBeUndefined();
    expect(await tokens.lastIssuedAt(userId, 'reset_password')).toBeInstanceOf(Date);
  });
});
