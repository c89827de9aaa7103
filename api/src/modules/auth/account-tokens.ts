import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accountTokens } from '../../db/schema.ts';

export type TokenPurpose = 'verify_email' | 'reset_password' | 'impersonation_grant';

export interface ConsumedToken {
  userId: number;
  data: Record<string, unknown> | null;
}

const hashToken = (token: string): string => createHash('sha256').update(token).digest('base64url');

/**
 * Single-use account tokens: the secret behind an e-mailed link (verification, password reset)
 * or a grant (impersonation). The raw token is 256 random bits handed out once; the store keeps
 * only its SHA-256, so a read of the table opens no account.
 */
export class AccountTokens {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  /** Issues a token for `userId`; returns the raw token (base64url), valid for `ttlS` seconds. */
  async issue(
    userId: number,
    purpose: TokenPurpose,
    ttlS: number,
    data?: Record<string, unknown>,
  ): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = new Date();
    // Housekeeping on the way: this user's expired tokens are of no use to anyone.
    await this.db
      .delete(accountTokens)
      .where(and(eq(accountTokens.userId, userId), lt(accountTokens.expiresAt, now)));
    await this.db.insert(accountTokens).values({
      tokenHash: hashToken(token),
      userId,
      purpose,
      data: data ?? null,
      expiresAt: new Date(now.getTime() + ttlS * 1000),
      // The API's clock, like every comparison made with it (lastIssuedAt).
      createdAt: now,
    });
    return token;
  }

  /**
   * Uses the token up: one conditional UPDATE, so two concurrent calls cannot both succeed.
   * An unknown, expired, used or other-purpose token answers undefined.
   */
  async consume(token: string, purpose: TokenPurpose): Promise<ConsumedToken | undefined> {
    const now = new Date();
    const [row] = await this.db
      .update(accountTokens)
      .set({ usedAt: now })
      .where(and(this.live(token, purpose, now), isNull(accountTokens.usedAt)))
      .returning({ userId: accountTokens.userId, data: accountTokens.data });
    return row ? { userId: row.userId, data: row.data ?? null } : undefined;
  }

  /**
   * Looks a token up without using it: a flow that must check its input against the token's
   * user first (the password policy needs the e-mail address) consumes it only afterwards.
   */
  async find(token: string, purpose: TokenPurpose): Promise<ConsumedToken | undefined> {
    const [row] = await this.db
      .select({ userId: accountTokens.userId, data: accountTokens.data })
      .from(accountTokens)
      .where(and(this.live(token, purpose, new Date()), isNull(accountTokens.usedAt)));
    return row ? { userId: row.userId, data: row.data ?? null } : undefined;
  }

  /** Uses up every outstanding token of a purpose (a completed reset voids the other links). */
  async revokeAll(userId: number, purpose: TokenPurpose): Promise<number> {
    const revoked = await this.db
      .update(accountTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(accountTokens.userId, userId),
          eq(accountTokens.purpose, purpose),
          isNull(accountTokens.usedAt),
        ),
      )
      .returning({ hash: accountTokens.tokenHash });
    return revoked.length;
  }

  /** When the user's latest token of a purpose was issued (rate limits on sending links). */
  async lastIssuedAt(userId: number, purpose: TokenPurpose): Promise<Date | undefined> {
    const [row] = await this.db
      .select({ createdAt: accountTokens.createdAt })
      .from(accountTokens)
      .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose)))
      .orderBy(desc(accountTokens.createdAt))
      .limit(1);
    return row?.createdAt;
  }

  private live(token: string, purpose: TokenPurpose, now: Date) {
    return and(
      eq(accountTokens.tokenHash, hashToken(token)),
      eq(accountTokens.purpose, purpose),
      gt(accountTokens.expiresAt, now),
    );
  }
}
