import { REVOCATION_RETRY_LIMIT, USER_REQUEST_TIMEOUT_MS } from '@fleetport/contracts/limits';
import type { AxiosInstance } from 'axios';

/** Session-storage key of the failed-revocation count (spec §9: kept in session storage). */
export const REVOCATION_FAILURES_KEY = 'fp.revocationFailures';
export const LOGIN_PATH = '/account/login';

export interface SessionKeeperHooks {
  /** The session is over: go to this location (the login page, or the revoke answer's). */
  onSessionEnded?: (location: string) => void;
  /** Revocation failed REVOCATION_RETRY_LIMIT times: show the maintenance screen (spec §4). */
  onMaintenance?: () => void;
  /** The page's query, for client_id and redirect_uri of the revoke call (spec §7). */
  currentSearch?: () => string;
  sessionStorage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  /** Pause between revocation attempts; tests pass 0. */
  revocationRetryDelayMs?: number;
}

/**
 * Refresh and revocation (spec §4 "Session"): one refresh at a time, shared by every request
 * that met a 401; a failed refresh revokes the token and sends the browser to the login page;
 * three failed revocations show the maintenance screen.
 */
export class SessionKeeper {
  private refreshing: Promise<boolean> | undefined;
  private ending: Promise<void> | undefined;
  private readonly http: AxiosInstance;
  private readonly hooks: SessionKeeperHooks;

  constructor(http: AxiosInstance, hooks: SessionKeeperHooks) {
    this.http = http;
    this.hooks = hooks;
  }

  /** POST /account/token/refresh once for all waiting callers; true when the session lives on. */
  refresh(): Promise<boolean> {
    this.refreshing ??= this.http
      .post('/account/token/refresh', undefined, {
        timeout: USER_REQUEST_TIMEOUT_MS,
        skipAuthRefresh: true,
        skipPending: true,
      })
      .then(
        () => true,
        () => false,
      )
      .finally(() => {
        this.refreshing = undefined;
      });
    return this.refreshing;
  }

  /** POST /account/token/revoke (logout too); retried up to the limit, then maintenance. */
  end(): Promise<void> {
    this.ending ??= this.revoke().finally(() => {
      this.ending = undefined;
    });
    return this.ending;
  }

  private async revoke(): Promise<void> {
    const query = new URLSearchParams(this.hooks.currentSearch?.() ?? '');
    const body: Record<string, string> = {};
    for (const key of ['client_id', 'redirect_uri']) {
      const value = query.get(key);
      if (value) body[key] = value;
    }
    const storage = this.hooks.sessionStorage;
    for (;;) {
      try {
        const response = await this.http.post<{ data?: { location?: string } }>(
          '/account/token/revoke',
          body,
          {
            skipAuthRefresh: true,
            skipPending: true,
          },
        );
        storage?.removeItem(REVOCATION_FAILURES_KEY);
        this.hooks.onSessionEnded?.(response.data.data?.location ?? LOGIN_PATH);
        return;
      } catch {
        const failures = Number(storage?.getItem(REVOCATION_FAILURES_KEY) ?? 0) + 1;
        storage?.setItem(REVOCATION_FAILURES_KEY, String(failures));
        if (failures >= REVOCATION_RETRY_LIMIT) {
          this.hooks.onMaintenance?.();
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, this.hooks.revocationRetryDelayMs ?? 1000));
      }
    }
  }
}
