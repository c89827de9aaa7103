import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
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
  /** Seals the secrets a task carries to its device until it ends (a new password). */
  taskSecrets: Buffer;
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
    taskSecrets: derive('fleetport task secrets v1'),
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

/** Secrets at rest (TOTP secrets, a task's password): AES-256-GCM, `iv.tag.ciphertext` in base64url. */
export function sealSecret(key: Buffer, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.');
}

export function openSecret(key: Buffer, stored: string): string | undefined {
  const [iv, tag, sealed] = stored.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !sealed) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(sealed), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}
