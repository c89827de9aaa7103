/** The console's login page (the API's logout answers it too). */
export const LOGIN_PAGE = '/account/login';

/**
 * Spec §5: a continue_url is followed only when its origin (scheme, host and port) equals the
 * page's. Answers the path to go to, or undefined to ignore it.
 */
export function safeContinueUrl(value: string | null | undefined, pageOrigin: string): string | undefined {
  if (!value) return undefined;
  // Browsers read a backslash as a slash in http(s) URLs: "/\evil.example" is another host.
  if (value.includes('\\') || [...value].some((char) => char.charCodeAt(0) < 0x20)) return undefined;
  let target: URL;
  try {
    target = new URL(value, pageOrigin);
  } catch {
    return undefined;
  }
  if (target.origin !== pageOrigin) return undefined;
  return `${target.pathname}${target.search}${target.hash}`;
}

/** The login page, remembering where the user was (unless that is an account page itself). */
export function loginLocation(
  current: Pick<Location, 'pathname' | 'search' | 'hash'>,
  target = LOGIN_PAGE,
): string {
  if (
    !target.startsWith(LOGIN_PAGE) ||
    current.pathname.startsWith('/account/') ||
    current.pathname === '/logout'
  ) {
    return target;
  }
  const here = `${current.pathname}${current.search}${current.hash}`;
  if (here === '/' || here === '') return target;
  const separator = target.includes('?') ? '&' : '?';
  return `${target}${separator}continue_url=${encodeURIComponent(here)}`;
}
