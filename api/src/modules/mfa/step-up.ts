import { createHmac, randomInt, randomUUID } from 'node:crypto';
import type { MfaSubmission } from '@fleetport/contracts/mfa';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mfaChallenges, users } from '../../db/schema.ts';
import { ApiError, tooManyRequests } from '../../http/errors.ts';
import type { FailureCounter } from '../auth/rate-limit.ts';
import { type Keys, openSecret, sameToken } from '../auth/secrets.ts';
import type { Mailer } from '../mail/mailer.ts';
import { verifyTotp } from './totp.ts';

export type MfaMethod = 'totp' | 'email';

/** E-mail codes expire in 10 minutes. */
export const EMAIL_CODE_TTL_S = 600;
/** Wrong codes a challenge takes before it is spent and a new one must be asked for. */
export const CHALLENGE_MAX_ATTEMPTS = 5;

const confirmationFailed = (message: string, source = 'session_code') =>
  new ApiError(422, [{ code: 'CONFIRMATION_FAILED', message, source }]);

export interface StepUpOptions {
  /** What the challenge is for: a code proven for one purpose does not pass another. */
  purpose: string;
  /** The method to prove; by default the user's own. */
  method?: MfaMethod | undefined;
  brandId?: string | undefined;
}

/**
 * Step-up verification: a sensitive call first answers MFA_REQUIRED with a new challenge
 * (`meta.mfa_method`, `meta.session_uuid`); an e-mail challenge sends its code. The console
 * repeats the call with `session_code` and `session_uuid`; a wrong code answers
 * CONFIRMATION_FAILED. Each challenge works once, each TOTP code works once, and failures are
 * counted per user (429 past LOGIN_MAX_FAILURES).
 */
export class MfaService {
  private readonly db: Db;
  private readonly keys: Keys;
  private readonly mail: Mailer;
  private readonly failures: FailureCounter;
  private readonly maxFailures: number;

  constructor(deps: { db: Db; keys: Keys; mail: Mailer; failures: FailureCounter; maxFailures: number }) {
    this.db = deps.db;
    this.keys = deps.keys;
    this.mail = deps.mail;
    this.failures = deps.failures;
    this.maxFailures = deps.maxFailures;
  }

  /** Returns when `submitted` proves the factor; otherwise throws MFA_REQUIRED or CONFIRMATION_FAILED. */
  async require(userId: number, submitted: MfaSubmission, options: StepUpOptions): Promise<void> {
    const [user] = await this.db
      .select({
        id: users.id,
        email: users.email,
        locale: users.locale,
        mfaType: users.mfaType,
        totpSecret: users.totpSecret,
        totpLastStep: users.totpLastStep,
      })
      .from(users)
      .where(eq(users.id, userId));
    if (!user) throw confirmationFailed('The account no longer exists.');
    const method = options.method ?? user.mfaType ?? undefined;
    if (!method) return;
    const key = `mfa:${user.id}`;
    if ((await this.failures.count(key)) >= this.maxFailures) {
      throw tooManyRequests('Too many wrong codes. Try again later.', await this.failures.retryAfter(key));
    }
    if (submitted.session_code === undefined || submitted.session_code === '') {
      const id = await this.challenge(user, method, options);
      throw new ApiError(
        403,
        [
          {
            code: 'MFA_REQUIRED',
            message:
              method === 'email'
                ? 'Enter the verification code we sent to your e-mail address.'
                : 'Enter the code from your authenticator app.',
          },
        ],
        { mfa_method: method, mfa_type: method, session_uuid: id, session_id: id },
      );
    }
    const id = submitted.session_uuid ?? submitted.session_id;
    if (!id) throw confirmationFailed('The verification session is missing. Start again.', 'session_uuid');
    // Counts the attempt first, atomically: parallel guesses cannot exceed the limit.
    const [challenge] = await this.db
      .update(mfaChallenges)
      .set({ attempts: sql`${mfaChallenges.attempts} + 1` })
      .where(
        and(
          eq(mfaChallenges.id, id),
          eq(mfaChallenges.userId, user.id),
          eq(mfaChallenges.purpose, options.purpose),
          eq(mfaChallenges.method, method),
          isNull(mfaChallenges.consumedAt),
          gt(mfaChallenges.expiresAt, new Date()),
          lt(mfaChallenges.attempts, CHALLENGE_MAX_ATTEMPTS),
        ),
      )
      .returning();
    if (!challenge) {
      throw confirmationFailed('This code has expired or was used too many times. Request a new one.');
    }
    const code = submitted.session_code.replace(/\s+/g, '');
    const proven =
      method === 'email'
        ? challenge.codeHash !== null && sameToken(this.codeHash(challenge.id, code), challenge.codeHash)
        : await this.acceptTotp(user, code);
    if (!proven) {
      await this.failures.add(key);
      throw confirmationFailed('The code is not correct.');
    }
    const spent = await this.db
      .update(mfaChallenges)
      .set({ consumedAt: new Date() })
      .where(and(eq(mfaChallenges.id, challenge.id), isNull(mfaChallenges.consumedAt)))
      .returning({ id: mfaChallenges.id });
    if (spent.length === 0) throw confirmationFailed('This code was already used. Request a new one.');
    await this.failures.reset(key);
  }

  /** A TOTP code against the stored secret, recording its step so it cannot be used again. */
  private async acceptTotp(
    user: { id: number; totpSecret: string | null; totpLastStep: number | null },
    code: string,
  ): Promise<boolean> {
    const secret = user.totpSecret ? openSecret(this.keys.mfa, user.totpSecret) : undefined;
    if (!secret) return false;
    const step = await verifyTotp(secret, code, user.totpLastStep);
    return step !== undefined && (await this.recordStep(user.id, step));
  }

  /** Stores a TOTP step unless a concurrent request used the same or a later one first. */
  async recordStep(userId: number, step: number): Promise<boolean> {
    const updated = await this.db
      .update(users)
      .set({ totpLastStep: step })
      .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
      .returning({ id: users.id });
    return updated.length > 0;
  }

  private async challenge(
    user: { id: number; email: string; locale: 'en' | 'ja' | string },
    method: MfaMethod,
    options: StepUpOptions,
  ): Promise<string> {
    const id = randomUUID();
    const code = method === 'email' ? String(randomInt(0, 1_000_000)).padStart(6, '0') : undefined;
    await this.db.insert(mfaChallenges).values({
      id,
      userId: user.id,
      method,
      purpose: options.purpose,
      codeHash: code === undefined ? null : this.codeHash(id, code),
      expiresAt: new Date(Date.now() + EMAIL_CODE_TTL_S * 1000),
    });
    if (code !== undefined) {
      await this.mail.send({
        to: user.email,
        kind: 'mfa_code',
        locale: user.locale === 'ja' ? 'ja' : 'en',
        brandId: options.brandId,
        values: { code },
      });
    }
    return id;
  }

  private codeHash(challengeId: string, code: string): string {
    return createHmac('sha256', this.keys.mfa).update(`${challengeId}:${code}`).digest('base64url');
  }
}
