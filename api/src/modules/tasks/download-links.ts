import { createHmac } from 'node:crypto';
import { sameToken } from '../auth/secrets.ts';

/** How long a firmware link lets its device download (each send of the task makes a new one). */
export const DOWNLOAD_LINK_TTL_S = 15 * 60;

export type LinkCheck = 'ok' | 'expired' | 'invalid';

/**
 * Signed, short-lived download links for devices (issue 21 §4): a device has no session, so the
 * link itself is the permission. It names one task and an expiry, signed with a key of the API's
 * secret; it serves only that task's image and only while the task runs (the route checks that).
 */
export class DownloadLinks {
  private readonly key: Buffer;
  private readonly ttlS: number;
  private base: string;

  constructor(key: Buffer, base: string, ttlS = DOWNLOAD_LINK_TTL_S) {
    this.key = key;
    this.base = base.replace(/\/+$/, '');
    this.ttlS = ttlS;
  }

  /** Where devices reach the API (DEVICE_FILES_URL, or the address it listens on). */
  setBase(base: string): void {
    this.base = base.replace(/\/+$/, '');
  }

  urlFor(taskId: string, now: Date): string {
    const expires = Math.floor(now.getTime() / 1000) + this.ttlS;
    const signature = this.sign(taskId, expires);
    return `${this.base}/api/device-files/${taskId}?expires=${expires}&signature=${signature}`;
  }

  check(taskId: string, expires: number, signature: string, now: Date): LinkCheck {
    if (!sameToken(signature, this.sign(taskId, expires))) return 'invalid';
    return expires * 1000 < now.getTime() ? 'expired' : 'ok';
  }

  private sign(taskId: string, expires: number): string {
    return createHmac('sha256', this.key).update(`${taskId}.${expires}`).digest('base64url');
  }
}
