import { USER_REQUEST_TIMEOUT_MS } from '@fleetport/contracts/limits';
import axios, {
  type AxiosAdapter,
  type AxiosError,
  type AxiosInstance,
  type AxiosRequestConfig,
  type InternalAxiosRequestConfig,
} from 'axios';
import { HttpCache } from './http-cache.ts';
import { PendingRequests } from './pending.ts';
import { SessionKeeper, type SessionKeeperHooks } from './session-keeper.ts';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Spec §7: a newer GET of the same URL does not cancel this one, nor this one an older. */
    ignoreCancel?: boolean;
    /** Spec §7: kept off the pending list, so never cancelled by a route change or a newer GET. */
    skipPending?: boolean;
    /**
     * Spec §7/§9: a GET answered from the HTTP cache while its answer is under 5 minutes old
     * (at most 100 answers; a write to the path forgets them). Option lists use it.
     */
    cache?: boolean;
    /** Spec §7/§9: a GET identical to one made under 1 s ago shares that request's answer. */
    throttle?: boolean;
    /** A 401 is answered as it is: no refresh (the session calls themselves, silent probes). */
    skipAuthRefresh?: boolean;
    /** Internal: the request already went through one refresh. */
    fpRetried?: boolean;
    /** Internal: the caller's own signal, kept apart from the pending list's. */
    fpCallerSignal?: GenericAbortSignal;
  }
}

export { CANCELED_ROUTE_CHANGE, CANCELED_SAME_URL } from './pending.ts';

const XSRF_COOKIES = ['XSRF-TOKEN', 'RMS-XSRF-TOKEN'];

export interface ApiClientOptions extends SessionKeeperHooks {
  baseURL?: string;
  /** The transport; tests pass an in-memory one. */
  adapter?: AxiosAdapter;
  /** document.cookie, read at each request. */
  cookies?: () => string;
  /** The stored spa_version, read at each request. */
  spaVersion?: () => string | undefined;
  /** The page's path, for the 401 rules of spec §8. */
  currentPath?: () => string;
  /** Where the revocation counter lives (spec §9: session storage). */
  sessionStorage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  /** The clock of the HTTP cache and throttle, in milliseconds; tests pass their own. */
  now?: () => number;
}

export function readCookie(cookieHeader: string, name: string): string | undefined {
  for (const part of cookieHeader.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      const raw = rest.join('=');
      try {
        return decodeURIComponent(raw);
      } catch {
        return raw;
      }
    }
  }
  return undefined;
}

/**
 * Spec §8: which 401 answers start a token refresh. Calls to the account service never do
 * (they are the session machinery), nor GET /user on the terminal connect pages.
 */
export function refreshesOn401(config: AxiosRequestConfig, currentPath: string): boolean {
  if (config.skipAuthRefresh || config.fpRetried) return false;
  const url = config.url ?? '';
  if (url.includes('/account')) return false;
  const isUserCall = url.replace(/\?.*$/, '') === '/user';
  return !(isUserCall && /^\/rms-connect\/(ssh|telnet)(\/|$)/.test(currentPath));
}

/**
 * The one HTTP client of the console (spec §7 "Client conventions"): base /api with cookies,
 * X-Requested-With and X-SPA-VERSION, the XSRF cookie echoed, same-URL GET cancellation,
 * cancellation on route change, one token refresh for every request that met a 401, and the
 * opt-in GET cache and throttle of spec §9 (`cache: true`, `throttle: true`).
 */
export class ApiClient {
  readonly http: AxiosInstance;
  readonly pending = new PendingRequests();
  readonly session: SessionKeeper;
  readonly cache: HttpCache;
  private readonly options: ApiClientOptions;

  constructor(options: ApiClientOptions) {
    this.options = options;
    this.cache = new HttpCache(options.now);
    const transport = axios.getAdapter(options.adapter ?? axios.defaults.adapter);
    this.http = axios.create({
      baseURL: options.baseURL ?? '/api',
      withCredentials: true,
      // We echo the cookie ourselves (both names of spec §7); axios's own copy stays off.
      xsrfCookieName: '',
      adapter: (config) => this.cache.send(config, this.http.getUri(config), transport),
    });
    this.session = new SessionKeeper(this.http, options);
    this.http.interceptors.request.use((config) => this.prepare(config));
    this.http.interceptors.response.use(
      (response) => {
        this.pending.remove(response.config);
        return response;
      },
      (error: AxiosError) => this.recover(error),
    );
  }

  private prepare(config: InternalAxiosRequestConfig): InternalAxiosRequestConfig {
    config.headers.set('X-Requested-With', 'XMLHttpRequest');
    const version = this.options.spaVersion?.();
    if (version) config.headers.set('X-SPA-VERSION', version);
    const cookies = this.options.cookies?.() ?? '';
    for (const name of XSRF_COOKIES) {
      const token = readCookie(cookies, name);
      if (token) {
        config.headers.set('X-XSRF-TOKEN', token);
        break;
      }
    }
    const url = this.http.getUri(config);
    this.cache.plan(config, url);
    this.pending.track(config, url);
    this.cache.watch(config);
    return config;
  }

  private async recover(error: AxiosError): Promise<unknown> {
    const config = error.config;
    if (config) this.pending.remove(config);
    if (axios.isCancel(error)) {
      const reason = (config?.signal as AbortSignal | undefined)?.reason;
      if (typeof reason === 'string') error.message = reason;
      throw error;
    }
    if (!config || error.response?.status !== 401) throw error;
    if (!refreshesOn401(config, this.options.currentPath?.() ?? '/')) throw error;
    const refreshed = await this.session.refresh();
    if (!refreshed) {
      void this.session.end();
      throw error;
    }
    // Spec §4: after the refresh, GET requests are loaded again; writes are repeated by their
    // caller (the form engine retries a submit on 401).
    if ((config.method ?? 'get').toLowerCase() !== 'get')
      throw Object.assign(error, { sessionRefreshed: true });
    return this.http.request({ ...config, fpRetried: true, signal: config.fpCallerSignal });
  }

  /**
   * GET /user with the 30 s timeout of spec §7 ('User request timeout', status 408). Pages that
   * need no session pass skipAuthRefresh: a 401 there means signed out, not a session to end.
   */
  async getUser<T>(options: { skipAuthRefresh?: boolean } = {}): Promise<T> {
    try {
      const response = await this.http.get<{ data: T }>('/user', {
        timeout: USER_REQUEST_TIMEOUT_MS,
        skipAuthRefresh: options.skipAuthRefresh ?? false,
      });
      return response.data.data;
    } catch (error) {
      if (axios.isAxiosError(error) && error.code === 'ECONNABORTED' && !error.response) {
        throw Object.assign(new Error('User request timeout'), { status: 408 });
      }
      throw error;
    }
  }
}
