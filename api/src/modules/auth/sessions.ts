import { randomUUID } from 'node:crypto';
import { isPermission, type Permission } from '@fleetport/contracts/permissions';
import type { RoleScope } from '@fleetport/contracts/roles';
import { and, eq, gt, isNotNull, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Request, Response } from 'express';
import type { ApiConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { companies, refreshTokens, rolePermissions, roles, sessions, users } from '../../db/schema.ts';
import type { AuthContext } from './context.ts';
import {
  type CookieSource,
  clearSessionCookies,
  cookieNames,
  readCookie,
  setSessionCookies,
} from './cookies.ts';
import { type Keys, xsrfTokenFor } from './secrets.ts';
import { hashRefreshToken, newRefreshToken, signAccessToken, verifyAccessToken } from './tokens.ts';

export type RefreshOutcome = 'rotated' | 'grace' | 'missing' | 'expired' | 'reused';

/** Told the ids of sessions whose sockets must go (the realtime server disconnects them). */
export type SessionsEndedListener = (sessionIds: readonly string[]) => void;

/** Runs `action` once the answer has gone out (or the client went away). */
function afterAnswer(res: Response, action: () => void): void {
  if (res.writableFinished || res.destroyed) action();
  else res.once('close', action);
}

export class SessionService {
  private readonly db: Db;
  private readonly keys: Keys;
  private readonly config: ApiConfig;
  private readonly endedListeners = new Set<SessionsEndedListener>();

  constructor(db: Db, keys: Keys, config: ApiConfig) {
    this.db = db;
    this.keys = keys;
    this.config = config;
  }

  /**
   * Every way a session ends goes through `end` below, which tells these listeners: the realtime
   * server disconnects the sockets of those sessions (on every replica), so no socket outlives
   * its session. Returns the function that stops listening.
   */
  onEnded(listener: SessionsEndedListener): () => void {
    this.endedListeners.add(listener);
    return () => this.endedListeners.delete(listener);
  }

  private announceEnded(sessionIds: readonly string[]): void {
    if (sessionIds.length === 0) return;
    for (const listener of this.endedListeners) listener(sessionIds);
  }

  /** Ends the live sessions matching `condition`; the one place sessions are revoked. */
  private async end(condition: SQL | undefined, reason: string, announce = true): Promise<string[]> {
    const ended = await this.db
      .update(sessions)
      .set({ revokedAt: new Date(), revokedReason: reason })
      .where(and(condition, isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    const ids = ended.map((row) => row.id);
    if (announce) this.announceEnded(ids);
    return ids;
  }

  /** Whether a session is still live (not revoked, not expired): a socket re-checks it. */
  async isLive(sessionId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())));
    return row !== undefined;
  }

  /** Starts a new session (a new id: login rotates the session) and sets its cookies. */
  async start(
    req: Request,
    res: Response,
    userId: number,
    options: {
      actorUserId?: number;
      parentSessionId?: string;
      /** Ends the session earlier than the refresh lifetime (an impersonation's access limit). */
      expiresAt?: Date;
      mfaVerified?: boolean;
      passwordConfirmed?: boolean;
    } = {},
  ): Promise<{ sessionId: string; exp: number }> {
    const sessionId = randomUUID();
    const now = new Date();
    const lifetime = new Date(now.getTime() + this.config.REFRESH_TOKEN_TTL_S * 1000);
    await this.db.insert(sessions).values({
      id: sessionId,
      userId,
      actorUserId: options.actorUserId ?? null,
      parentSessionId: options.parentSessionId ?? null,
      expiresAt: options.expiresAt && options.expiresAt < lifetime ? options.expiresAt : lifetime,
      mfaVerifiedAt: options.mfaVerified ? now : null,
      passwordConfirmedAt: options.passwordConfirmed ? now : null,
      ip: req.ip ?? null,
      userAgent: req.headers['user-agent']?.slice(0, 400) ?? null,
    });
    const exp = await this.issue(req, res, { userId, sessionId, actorUserId: options.actorUserId });
    // Starting an impersonation: the admin's session lives on, but this browser now holds the
    // impersonation's cookies, so the admin's sockets go (after the answer, which carries the
    // new cookies: they reconnect as the impersonated user, not with the old ones).
    const parent = options.parentSessionId;
    if (parent) afterAnswer(res, () => this.announceEnded([parent]));
    return { sessionId, exp };
  }

  /** Writes a new access token, a new refresh token and the XSRF token as cookies. */
  private async issue(
    req: Request,
    res: Response,
    claims: { userId: number; sessionId: string; actorUserId: number | undefined },
    rotate = true,
  ): Promise<number> {
    const access = await signAccessToken(this.keys.accessToken, claims, this.config.ACCESS_TOKEN_TTL_S);
    let refreshToken = '';
    if (rotate) {
      const refresh = newRefreshToken();
      await this.db.insert(refreshTokens).values({
        tokenHash: refresh.hash,
        sessionId: claims.sessionId,
        expiresAt: new Date(Date.now() + this.config.REFRESH_TOKEN_TTL_S * 1000),
      });
      refreshToken = refresh.token;
    }
    const cookies = {
      accessToken: access.token,
      accessMaxAgeS: this.config.ACCESS_TOKEN_TTL_S,
      refreshToken,
      refreshMaxAgeS: this.config.REFRESH_TOKEN_TTL_S,
      xsrfToken: xsrfTokenFor(this.keys, claims.sessionId),
    };
    if (rotate) setSessionCookies(req, res, cookies);
    else {
      res.cookie(cookieNames(req.secure).access, access.token, {
        secure: req.secure,
        sameSite: 'strict',
        httpOnly: true,
        path: '/',
        maxAge: this.config.ACCESS_TOKEN_TTL_S * 1000,
      });
    }
    return access.exp;
  }

  /**
   * POST /account/token/refresh: rotation with reuse detection. A rotated token presented again
   * within REFRESH_REUSE_GRACE_S is two tabs refreshing at once (the browser had not stored the
   * new cookie yet), not theft: that caller gets a new access token and no new refresh token.
   * Any later reuse revokes the session, which is the token's whole family.
   */
  async refresh(req: Request, res: Response): Promise<RefreshOutcome> {
    const presented = readCookie(req, cookieNames(req.secure).refresh);
    if (!presented) return 'missing';
    const [row] = await this.db
      .select({ token: refreshTokens, session: sessions })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
      .where(eq(refreshTokens.tokenHash, hashRefreshToken(presented)));
    if (!row) return 'missing';
    const { token, session } = row;
    const now = Date.now();
    if (session.revokedAt || session.expiresAt.getTime() <= now || token.expiresAt.getTime() <= now) {
      return 'expired';
    }
    const claims = {
      userId: session.userId,
      sessionId: session.id,
      actorUserId: session.actorUserId ?? undefined,
    };
    if (token.usedAt) {
      if (now - token.usedAt.getTime() <= this.config.REFRESH_REUSE_GRACE_S * 1000) {
        await this.issue(req, res, claims, false);
        return 'grace';
      }
      await this.revoke(session.id, 'refresh token reused');
      return 'reused';
    }
    // Marks the token used only if no concurrent request did so first.
    const marked = await this.db
      .update(refreshTokens)
      .set({ usedAt: new Date(now) })
      .where(and(eq(refreshTokens.tokenHash, token.tokenHash), isNull(refreshTokens.usedAt)))
      .returning({ hash: refreshTokens.tokenHash });
    if (marked.length === 0) {
      await this.issue(req, res, claims, false);
      return 'grace';
    }
    await this.issue(req, res, claims);
    return 'rotated';
  }

  /** Ends every live session of a user but one; returns how many ended. */
  async revokeOthers(userId: number, keep: string): Promise<number> {
    const ended = await this.end(
      and(eq(sessions.userId, userId), ne(sessions.id, keep)),
      'signed out elsewhere',
    );
    return ended.length;
  }

  /** Ends every live session in which someone impersonates `userId`. */
  async revokeImpersonationsOf(userId: number, reason: string): Promise<number> {
    const ended = await this.end(and(eq(sessions.userId, userId), isNotNull(sessions.actorUserId)), reason);
    return ended.length;
  }

  /**
   * Ends every live session of `userId`, and every session in which `userId` acts as someone
   * else (a password reset: a stolen session dies with it).
   */
  async revokeAll(userId: number, reason: string): Promise<number> {
    const ended = await this.end(or(eq(sessions.userId, userId), eq(sessions.actorUserId, userId)), reason);
    return ended.length;
  }

  async revoke(sessionId: string, reason: string): Promise<void> {
    await this.end(eq(sessions.id, sessionId), reason);
  }

  /**
   * Replaces the caller's session by a new one (new id, new tokens) that carries what was just
   * proven: the session rotates after login, MFA and password re-confirmation.
   */
  async rotate(
    req: Request,
    res: Response,
    auth: AuthContext,
    proven: { mfaVerified?: boolean; passwordConfirmed?: boolean },
  ): Promise<{ sessionId: string; exp: number }> {
    // The old session's sockets go once the answer carrying the new cookies is out, so the
    // console reconnects on the new session instead of racing its cookies with the old ones.
    const ended = await this.end(eq(sessions.id, auth.sessionId), 'rotated', false);
    afterAnswer(res, () => this.announceEnded(ended));
    return this.start(req, res, auth.userId, {
      ...(auth.actorUserId === undefined ? {} : { actorUserId: auth.actorUserId }),
      ...(auth.parentSessionId === undefined ? {} : { parentSessionId: auth.parentSessionId }),
      mfaVerified: proven.mfaVerified ?? auth.mfaVerifiedAt !== undefined,
      passwordConfirmed: proven.passwordConfirmed ?? false,
    });
  }

  /**
   * Issues fresh cookies for an existing live session of `userId` (cancelling an impersonation
   * returns the admin to their own session). False when that session has ended meanwhile.
   */
  async resume(req: Request, res: Response, sessionId: string, userId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(
        and(
          eq(sessions.id, sessionId),
          eq(sessions.userId, userId),
          isNull(sessions.actorUserId),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, new Date()),
        ),
      );
    if (!row) return false;
    await this.issue(req, res, { userId, sessionId, actorUserId: undefined });
    return true;
  }

  /**
   * Logout: ends the session named by the access cookie or, once that expired, the refresh
   * cookie. Logging out while impersonating ends the admin's own session too (the console
   * calls it 'Logout & cancel impersonation').
   */
  async revokeFromCookies(req: Request, reason: string): Promise<void> {
    const auth = await this.authenticate(req);
    if (auth) {
      await this.revoke(auth.sessionId, reason);
      if (auth.parentSessionId) await this.revoke(auth.parentSessionId, reason);
      return;
    }
    const presented = readCookie(req, cookieNames(req.secure).refresh);
    if (!presented) return;
    const [row] = await this.db
      .select({ sessionId: refreshTokens.sessionId, parentSessionId: sessions.parentSessionId })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
      .where(eq(refreshTokens.tokenHash, hashRefreshToken(presented)));
    if (row) await this.revoke(row.sessionId, reason);
    if (row?.parentSessionId) await this.revoke(row.parentSessionId, reason);
  }

  clearCookies(req: Request, res: Response): void {
    clearSessionCookies(req, res);
  }

  /** The caller of a request, or undefined: no token, a bad one, or a revoked session. */
  async authenticate(req: CookieSource): Promise<AuthContext | undefined> {
    const token = readCookie(req, cookieNames(req.secure).access);
    if (!token) return undefined;
    const claims = await verifyAccessToken(this.keys.accessToken, token);
    if (!claims) return undefined;
    const [row] = await this.db
      .select({
        userId: users.id,
        email: users.email,
        companyId: users.companyId,
        companyPath: companies.path,
        roleId: roles.id,
        roleName: roles.name,
        scope: roles.scope,
        actorUserId: sessions.actorUserId,
        parentSessionId: sessions.parentSessionId,
        emailVerifiedAt: users.emailVerifiedAt,
        mfaType: users.mfaType,
        mfaVerifiedAt: sessions.mfaVerifiedAt,
        passwordConfirmedAt: sessions.passwordConfirmedAt,
        sessionExpiresAt: sessions.expiresAt,
        // In the same round trip: loaded on every request, so a role change applies to live
        // sessions at once.
        permissions: sql<
          string[]
        >`coalesce((select array_agg(${rolePermissions.permission}) from ${rolePermissions} where ${rolePermissions.roleId} = ${roles.id}), '{}')`,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .innerJoin(companies, eq(companies.id, users.companyId))
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(
        and(
          eq(sessions.id, claims.sessionId),
          eq(sessions.userId, claims.userId),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, new Date()),
        ),
      );
    if (!row) return undefined;
    const permissions = new Set<Permission>(row.permissions.filter(isPermission));
    return {
      userId: row.userId,
      sessionId: claims.sessionId,
      email: row.email,
      companyId: row.companyId,
      companyPath: row.companyPath,
      roleId: row.roleId,
      roleName: row.roleName,
      scope: row.scope as RoleScope,
      permissions,
      actorUserId: row.actorUserId ?? undefined,
      parentSessionId: row.parentSessionId ?? undefined,
      emailVerified: row.emailVerifiedAt !== null,
      mfaType: row.mfaType ?? undefined,
      mfaVerifiedAt: row.mfaVerifiedAt ?? undefined,
      passwordConfirmedAt: row.passwordConfirmedAt ?? undefined,
      sessionExpiresAt: row.sessionExpiresAt,
      exp: claims.exp,
      can: (permission) => permissions.has(permission),
    };
  }
}
