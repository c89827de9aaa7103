/**
 * The one rule for redirects built from user input (spec §5 continue_url, §7 token revoke
 * redirect_uri): followed only when it stays on the current origin. The console (sign-in,
 * logout) and the API (the revoke answer's Location) both use it, so they cannot disagree.
 *
 * The value is resolved as a browser resolves it, with the WHATWG URL parser (which already
 * drops tabs and newlines, reads `\` as `/` and removes `.`/`..`/`%2e` segments), and its origin
 * is compared with the current one. Answers the path+search+hash to go to, or undefined.
 */
export function sameOriginPath(value: string | null | undefined, currentOrigin: string): string | undefined {
  if (!value) return undefined;
  let base: URL;
  let target: URL;
  try {
    base = new URL(currentOrigin);
    target = new URL(value, base);
  } catch {
    return undefined;
  }
  // An opaque origin ('null': file:, data:) equals nothing, not even itself.
  if (base.origin === 'null' || target.origin !== base.origin) return undefined;
  // The answer is read again as a relative URL: a path that starts with `//` (from `/.//host`,
  // `/..//host`, `http://this-host//host`) would then name another host. One leading slash keeps
  // it a path on this origin. The parser has already turned every `\` into `/` and encoded
  // control characters, so nothing else can make it protocol-relative.
  const path = target.pathname.replace(/^\/+/, '/');
  return `${path}${target.search}${target.hash}`;
}
