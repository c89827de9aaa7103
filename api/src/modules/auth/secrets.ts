import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { settings } from '../../db/schema.ts';

/** Keys derived from one secret, each for one purpose. */
export interface Keys {
  accessToken: Uint8Array;
  xsrf: Buffer;
  /** Encrypts TOTP secrets at rest and keys the HMAC of e-mail codes. */
  mfa: Buffer;
  /** Signs the short-lived links devices download firmware with. */
  deviceFiles: Buffer;
}

/**
 * The secret comes from SESSION_SECRET, or is generated once and kept in the database, so
 * every API replica on the same database signs and checks the same tokens.
 */
export async function loadKeys(db: Db, configured: string | undefined): Promise<Keys> {
  let secret = configured;
  if (!secret) {
    const generated = randomBytes(48).toString('base64url');
    await db.insert(settings).values({ key: 'session_secret', value: generated }).onConflictDoNothing();
    const [row] = await db.select().from(settings).where(eq(settings.key, 'session_secret'));
    secret = row?.value ?? generated;
  }
  const derive = (purpose: string) => createHmac('sha256', secret).update(purpose).digest();
  return {
    accessToken: new Uint8Array(derive('fleetport access token v1')),
    xsrf: derive('fleetport xsrf v1'),
    mfa: derive('fleetport mfa v1'),
    deviceFiles: derive('fleetport device files v1'),
  };
}

/** The XSRF token of a session: an HMAC of its id, so it cannot be used with another session. */
export function xsrfTokenFor(keys: Keys, sessionId: string): string {
  return createHmac('sha256', keys.xsrf).update(sessionId).digest('base64url');
}

export function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
