import type { IncomingHttpHeaders } from 'node:http';
import { ACCESS_COOKIE } from '@fleetport/contracts/edge-html';
import type { Request, Response } from 'express';

/**
 * Cookie names and flags. Over https the access cookie takes the `__Host-` prefix (Secure, no
 * Domain, Path=/) and the refresh cookie `__Secure-` (it is scoped to the token path, which
 * `__Host-` forbids). Plain http (a developer's localhost) cannot use either prefix.
 */
export const REFRESH_PATH = '/api/account/token';
export const XSRF_COOKIE = 'XSRF-TOKEN';

export function cookieNames(secure: boolean) {
  return secure
    ? { access: ACCESS_COOKIE.secure, refresh: '__Secure-fp_refresh' }
    : { access: ACCESS_COOKIE.plain, refresh: 'fp_refresh' };
}

export function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  if (!header) return cookies;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 1) continue;
    const name = part.slice(0, index).trim();
    if (cookies.has(name)) continue; // the first (most specific path) wins
    const raw = part.slice(index + 1).trim();
    try {
      cookies.set(name, decodeURIComponent(raw));
    } catch {
      cookies.set(name, raw);
    }
  }
  return cookies;
}

/** Anything that carries request headers and knows whether it came over https. */
export interface CookieSource {
  headers: IncomingHttpHeaders;
  secure: boolean;
}

export function readCookie(req: Pick<CookieSource, 'headers'>, name: string): string | undefined {
  return parseCookies(req.headers.cookie).get(name);
}

export interface SessionCookies {
  accessToken: string;
  accessMaxAgeS: number;
  refreshToken: string;
  refreshMaxAgeS: number;
  xsrfToken: string;
}

export function setSessionCookies(req: Request, res: Response, cookies: SessionCookies): void {
  const secure = req.secure;
  const names = cookieNames(secure);
  const base = { secure, sameSite: 'strict' as const };
  res.cookie(names.access, cookies.accessToken, {
    ...base,
    httpOnly: true,
    path: '/',
    maxAge: cookies.accessMaxAgeS * 1000,
  });
  res.cookie(names.refresh, cookies.refreshToken, {
    ...base,
    httpOnly: true,
    path: REFRESH_PATH,
    maxAge: cookies.refreshMaxAgeS * 1000,
  });
  // Readable by the console, which echoes it in X-XSRF-TOKEN (spec §7).
  res.cookie(XSRF_COOKIE, cookies.xsrfToken, {
    ...base,
    httpOnly: false,
    path: '/',
    maxAge: cookies.refreshMaxAgeS * 1000,
  });
}

export function clearSessionCookies(req: Request, res: Response): void {
  const secure = req.secure;
  const names = cookieNames(secure);
  const base = { secure, sameSite: 'strict' as const };
  res.clearCookie(names.access, { ...base, httpOnly: true, path: '/' });
  res.clearCookie(names.refresh, { ...base, httpOnly: true, path: REFRESH_PATH });
  res.clearCookie(XSRF_COOKIE, { ...base, path: '/' });
}
