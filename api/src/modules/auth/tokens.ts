import { createHash, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export interface AccessClaims {
  userId: number;
  sessionId: string;
  /** The admin acting as the user while impersonating. */
  actorUserId: number | undefined;
  exp: number;
}

const ISSUER = 'fleetport';

export async function signAccessToken(
  key: Uint8Array,
  claims: Omit<AccessClaims, 'exp'>,
  ttlS: number,
): Promise<{ token: string; exp: number }> {
  const exp = Math.floor(Date.now() / 1000) + ttlS;
  const jwt = new SignJWT({
    sid: claims.sessionId,
    ...(claims.actorUserId === undefined ? {} : { act: { sub: String(claims.actorUserId) } }),
  })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(ISSUER)
    .setSubject(String(claims.userId))
    .setIssuedAt()
    .setExpirationTime(exp);
  return { token: await jwt.sign(key), exp };
}

export async function verifyAccessToken(key: Uint8Array, token: string): Promise<AccessClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'] });
    const userId = Number(payload.sub);
    const sessionId = payload.sid;
    const act = payload.act as { sub?: unknown } | undefined;
    if (!Number.isInteger(userId) || typeof sessionId !== 'string' || typeof payload.exp !== 'number')
      return undefined;
    const actorUserId = act && typeof act.sub === 'string' ? Number(act.sub) : undefined;
    return { userId, sessionId, actorUserId, exp: payload.exp };
  } catch {
    return undefined;
  }
}

/** A refresh token: 256 random bits; only its SHA-256 is stored. */
export function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashRefreshToken(token) };
}

export const hashRefreshToken = (token: string): string =>
  createHash('sha256').update(token).digest('base64url');
