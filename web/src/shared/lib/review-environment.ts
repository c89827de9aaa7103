import { readCookie } from '../api/client.ts';

/**
 * The review environment of spec §3/§7/§9, for development builds only: the URL hash
 * `#api_review=<url>&api_review_name=<name>&actionctl_review=<url>` is kept in cookies, and the
 * API base then points at the review API host.
 *
 * Every export answers nothing unless `import.meta.env.DEV`, and the one caller (`api.ts`) calls
 * it behind the same guard, so a production build drops this module, cookie names and all.
 */

/** Spec §3: the review cookie keys taken from the URL hash. */
export const REVIEW_KEYS = ['api_review', 'api_review_name', 'actionctl_review'] as const;
export type ReviewKey = (typeof REVIEW_KEYS)[number];

/** Review settings; in a hash, an empty value asks to forget the key. */
export type ReviewSettings = Partial<Record<ReviewKey, string>>;

/** The longest review name kept, which also bounds the cookie. */
export const REVIEW_NAME_MAX = 100;

/**
 * A review URL as kept: an absolute http or https URL without credentials, query or fragment,
 * with no trailing slash. Anything else gives undefined.
 */
export function reviewUrl(value: string): string | undefined {
  if (!import.meta.env.DEV) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.username || url.password || url.search || url.hash) return undefined;
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** A review name as kept: trimmed, 1 to {@link REVIEW_NAME_MAX} characters, no control characters. */
function reviewName(value: string): string | undefined {
  const name = value.trim();
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses.
  if (!name || name.length > REVIEW_NAME_MAX || /[\u0000-\u001f\u007f-\u009f]/.test(name)) return undefined;
  return name;
}

function valid(key: ReviewKey, value: string): string | undefined {
  return key === 'api_review_name' ? reviewName(value) : reviewUrl(value);
}

/**
 * Spec §3: the review settings a URL hash asks for. Valid values are kept, an empty value is
 * kept as '' (forget the key), invalid values and other keys are ignored.
 */
export function parseReviewHash(hash: string): ReviewSettings {
  if (!import.meta.env.DEV) return {};
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const settings: ReviewSettings = {};
  for (const key of REVIEW_KEYS) {
    const value = params.get(key);
    if (value === null) continue;
    const kept = value.trim() === '' ? '' : valid(key, value);
    if (kept !== undefined) settings[key] = kept;
  }
  return settings;
}

/** The valid review settings among the page's cookies. */
export function readReviewCookies(cookieHeader: string): ReviewSettings {
  if (!import.meta.env.DEV) return {};
  const settings: ReviewSettings = {};
  for (const key of REVIEW_KEYS) {
    const value = readCookie(cookieHeader, key);
    const kept = value === undefined ? undefined : valid(key, value);
    if (kept !== undefined) settings[key] = kept;
  }
  return settings;
}

/**
 * Spec §9: the `document.cookie` assignments that store the settings: secure, SameSite None,
 * path /, for this host; an empty value expires the cookie.
 */
export function reviewCookies(settings: ReviewSettings): string[] {
  if (!import.meta.env.DEV) return [];
  return REVIEW_KEYS.flatMap((key) => {
    const value = settings[key];
    if (value === undefined) return [];
    const lifetime = value === '' ? '; Max-Age=0' : '';
    return [`${key}=${encodeURIComponent(value)}; Path=/${lifetime}; Secure; SameSite=None`];
  });
}

/**
 * Spec §7: the API base of the review environment: `api_review` as given, or its host with the
 * base path /api when it names a bare host.
 */
export function reviewApiBase(settings: ReviewSettings): string | undefined {
  if (!import.meta.env.DEV || settings.api_review === undefined) return undefined;
  const base = reviewUrl(settings.api_review);
  if (!base) return undefined;
  return new URL(base).pathname === '/' ? `${base}/api` : base;
}

/**
 * At start-up: stores what the page's hash asks for in cookies and answers the settings in
 * force, the hash's over the cookies' (so they apply even where the browser refuses the cookie).
 */
export function applyReviewEnvironment(
  location: Pick<Location, 'hash'>,
  jar: { cookie: string },
): ReviewSettings {
  if (!import.meta.env.DEV) return {};
  const asked = parseReviewHash(location.hash);
  for (const cookie of reviewCookies(asked)) jar.cookie = cookie;
  const settings: ReviewSettings = { ...readReviewCookies(jar.cookie) };
  for (const key of REVIEW_KEYS) {
    const value = asked[key];
    if (value === '') delete settings[key];
    else if (value !== undefined) settings[key] = value;
  }
  return settings;
}
