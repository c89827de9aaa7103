import type { IncomingMessage } from 'node:http';
import { forwardedHeaders } from '../proxy/api-proxy.ts';

/** What a console session may do with brands, as the API answers it. */
export interface BrandAccess {
  /** Every brand, every field: create, hostnames, delete. */
  readonly superAdmin: boolean;
  /** Of the owner companies asked about, those whose brand's look the caller may edit. */
  readonly companies: readonly number[];
}

export type SessionCheck =
  | { readonly ok: true; readonly access: BrandAccess }
  /** The API's own refusal (401 no session, 403 CSRF), passed to the caller as it is. */
  | { readonly ok: false; readonly status: number; readonly body: unknown };

/** Asks the API what the request's console session may do with the brands of `owners`. */
export type SessionVerifier = (req: IncomingMessage, owners: readonly number[]) => Promise<SessionCheck>;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** What the API needs to recognise the session and run its CSRF guard on a write. */
const PASSED_HEADERS = [
  'cookie',
  'x-requested-with',
  'x-xsrf-token',
  'origin',
  'sec-fetch-site',
  'user-agent',
];

/**
 * The console session is the API's: the edge never reads the cookie itself. It forwards the
 * request's session and CSRF headers to `GET /api/brand-access` (reads) or `POST` (writes, so
 * the API's CSRF guard checks them) with the same forwarding headers as its proxy, and acts on
 * the answer. Nothing is cached: a role taken away takes effect on the next request.
 */
export function apiSessionVerifier(apiUrl: string, trustProxy: boolean, timeoutMs: number): SessionVerifier {
  return async (req, owners) => {
    const headers: Record<string, string> = { accept: 'application/json' };
    for (const name of PASSED_HEADERS) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    Object.assign(headers, forwardedHeaders(req, trustProxy));
    const url = new URL('/api/brand-access', apiUrl);
    if (owners.length > 0) url.searchParams.set('companies', owners.join(','));
    const response = await fetch(url, {
      method: SAFE_METHODS.has(req.method ?? 'GET') ? 'GET' : 'POST',
      headers,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body = (await response.json().catch(() => undefined)) as
      | { data?: { super_admin?: unknown; companies?: unknown } }
      | undefined;
    if (!response.ok) return { ok: false, status: response.status, body };
    const data = body?.data;
    return {
      ok: true,
      access: {
        superAdmin: data?.super_admin === true,
        companies: Array.isArray(data?.companies)
          ? data.companies.filter((id): id is number => typeof id === 'number')
          : [],
      },
    };
  };
}
