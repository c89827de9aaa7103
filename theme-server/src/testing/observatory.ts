import type { IncomingHttpHeaders } from 'node:http';

/**
 * A grader for the header rules of Mozilla's HTTP Observatory (the MDN Observatory's scoring,
 * "v2": https://developer.mozilla.org/en-US/observatory/docs/tests_and_scoring), written for
 * our tests. Every site starts at 100; penalties are taken off, and only a site still at 90 or
 * more gets the bonuses. 100 and above is an A+.
 *
 * What it cannot see from headers it leaves out: the HSTS preload list (a bonus only) and TLS
 * certificates. Everything else follows the published table.
 */

/** One answer the scanner saw. */
export interface Exchange {
  url: URL;
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Scan {
  /** The answer for `/` over https, the one most rules read. */
  page: Exchange;
  /** The same request with an `Origin` of another site (the CORS rule). */
  cors: Exchange & { origin: string };
  /** What a plain http request for `/` led to: every hop, the first over http. */
  fromHttp: Exchange[];
}

export interface Outcome {
  test: string;
  result: string;
  modifier: number;
}

export interface Grade {
  score: number;
  grade: string;
  outcomes: Outcome[];
}

const SIX_MONTHS_S = 15_552_000; // the Observatory accepts 180 days as six months

const headerList = (headers: IncomingHttpHeaders, name: string): string[] => {
  const value = headers[name];
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
};
const firstHeader = (headers: IncomingHttpHeaders, name: string): string | undefined =>
  headerList(headers, name)[0];

// ---- Content-Security-Policy ---------------------------------------------------------------

const BROAD = new Set(['*', 'http:', 'https:', 'ftp:', 'http://*', 'https://*', 'http://*.*', 'https://*.*']);
const INLINE = new Set(["'unsafe-inline'", 'data:']);
const PASSIVE = new Set(['img-src', 'media-src']);
const hasNonceOrHash = (sources: Set<string>) =>
  [...sources].some((source) => /^'(nonce|sha256|sha384|sha512)-/.test(source));

/** The directives of every policy in the header(s), merged; undefined when a policy is garbled. */
export function parseCsp(values: readonly string[]): Map<string, Set<string>> | undefined {
  const merged = new Map<string, Set<string>>();
  for (const policy of values.flatMap((value) => value.split(','))) {
    for (const part of policy.split(';')) {
      const words = part.trim().split(/\s+/).filter(Boolean);
      const [name, ...sources] = words;
      if (!name) continue;
      if (!/^[a-z-]+$/i.test(name)) return undefined;
      const key = name.toLowerCase();
      // The first occurrence of a directive counts, as in browsers.
      if (!merged.has(key)) merged.set(key, new Set(sources.map((source) => source.toLowerCase())));
    }
  }
  return merged;
}

function gradeCsp(page: Exchange): Outcome {
  const test = 'content-security-policy';
  const values = headerList(page.headers, 'content-security-policy');
  if (values.length === 0) return { test, result: 'not implemented', modifier: -25 };
  const csp = parseCsp(values);
  if (!csp || csp.size === 0) return { test, result: 'header cannot be parsed', modifier: -25 };
  const fallback = (name: string) => new Set(csp.get(name) ?? csp.get('default-src') ?? ['*']);
  const script = fallback('script-src');
  const style = fallback('style-src');
  const object = fallback('object-src');
  // A nonce or a hash makes browsers ignore 'unsafe-inline' (it is kept for old ones).
  for (const sources of [script, style]) if (hasNonceOrHash(sources)) sources.delete("'unsafe-inline'");
  if (script.has("'strict-dynamic'")) {
    if (!hasNonceOrHash(script))
      return { test, result: "'strict-dynamic' without a nonce or hash", modifier: -25 };
    // Under 'strict-dynamic' host and scheme sources and 'self' are ignored.
    for (const source of script)
      if (source === "'self'" || source === "'unsafe-inline'" || /^[a-z]+:/.test(source))
        script.delete(source);
  }
  const active = [...csp]
    .filter(([name]) => !PASSIVE.has(name) && name !== 'script-src')
    .flatMap(([, s]) => [...s]);
  active.push(...script);
  const passive = [...PASSIVE].flatMap((name) => [...(csp.get(name) ?? csp.get('default-src') ?? [])]);
  const https = page.url.protocol === 'https:';
  const insecure = (source: string) => source.startsWith('http:') || source.startsWith('ftp:');

  if (
    [...script].some((source) => BROAD.has(source) || INLINE.has(source)) ||
    [...object].some((s) => BROAD.has(s))
  )
    return { test, result: 'scripts or objects from inline code, data: or any host', modifier: -20 };
  if (https && active.some(insecure)) return { test, result: 'active content over http', modifier: -20 };
  if (script.has("'unsafe-eval'") || style.has("'unsafe-eval'"))
    return { test, result: "'unsafe-eval' allowed", modifier: -10 };
  if (https && passive.some(insecure)) return { test, result: 'images or media over http', modifier: -10 };
  if ([...style].some((source) => BROAD.has(source) || INLINE.has(source)))
    return { test, result: 'unsafe sources in style-src only', modifier: 0 };
  const defaults = csp.get('default-src');
  if (defaults?.size === 1 && defaults.has("'none'"))
    return { test, result: "no unsafe sources, default-src 'none'", modifier: 10 };
  return { test, result: 'no unsafe sources', modifier: 5 };
}

// ---- Cookies ---------------------------------------------------------------------------------

interface Cookie {
  name: string;
  secure: boolean;
  httpOnly: boolean;
  sameSite: string | undefined;
}

function parseCookie(line: string): Cookie {
  const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
  const cookie: Cookie = {
    name: pair.split('=')[0] ?? '',
    secure: false,
    httpOnly: false,
    sameSite: undefined,
  };
  for (const attribute of attributes) {
    const [key = '', value] = attribute.split('=');
    const name = key.trim().toLowerCase();
    if (name === 'secure') cookie.secure = true;
    else if (name === 'httponly') cookie.httpOnly = true;
    else if (name === 'samesite') cookie.sameSite = (value ?? '').trim().toLowerCase();
  }
  return cookie;
}

function gradeCookies(scan: Scan, hsts: boolean): Outcome {
  const test = 'cookies';
  const cookies = [scan.page, ...scan.fromHttp].flatMap((answer) =>
    headerList(answer.headers, 'set-cookie').map(parseCookie),
  );
  if (cookies.length === 0) return { test, result: 'no cookies', modifier: 0 };
  let worst: Outcome | undefined;
  const flag = (result: string, modifier: number) => {
    if (!worst || modifier < worst.modifier) worst = { test, result, modifier };
  };
  for (const cookie of cookies) {
    const lower = cookie.name.toLowerCase();
    const session = lower.includes('sess') || lower.includes('login');
    if (cookie.sameSite !== undefined && !['lax', 'strict', 'none'].includes(cookie.sameSite))
      flag(`${cookie.name}: SameSite neither Strict nor Lax`, -20);
    if (cookie.sameSite === 'none' && !cookie.secure)
      flag(`${cookie.name}: SameSite=None without Secure`, -20);
    if (!cookie.secure) {
      if (session) flag(`${cookie.name}: session cookie without Secure`, hsts ? -10 : -40);
      else flag(`${cookie.name}: without Secure`, hsts ? -5 : -20);
    }
    if (lower.includes('csrf') && cookie.sameSite === undefined)
      flag(`${cookie.name}: anti-CSRF without SameSite`, -20);
    if (session && !cookie.httpOnly) flag(`${cookie.name}: session cookie without HttpOnly`, -30);
  }
  if (worst) return worst;
  return cookies.every((cookie) => cookie.sameSite !== undefined)
    ? { test, result: 'Secure, HttpOnly sessions and SameSite', modifier: 5 }
    : { test, result: 'Secure and HttpOnly sessions, SameSite missing', modifier: 0 };
}

// ---- The other rules -------------------------------------------------------------------------

function gradeCors(cors: Scan['cors']): Outcome {
  const test = 'cross-origin-resource-sharing';
  const allowed = firstHeader(cors.headers, 'access-control-allow-origin')?.trim().toLowerCase();
  if (!allowed) return { test, result: 'not implemented', modifier: 0 };
  if (allowed === '*') return { test, result: 'public, without credentials', modifier: 0 };
  const credentials = firstHeader(cors.headers, 'access-control-allow-credentials')?.trim().toLowerCase();
  if (allowed === cors.origin.toLowerCase() && credentials === 'true')
    return { test, result: 'any origin reflected, with credentials', modifier: -50 };
  return { test, result: 'restricted to named origins', modifier: 0 };
}

function gradeRedirection(hops: readonly Exchange[]): Outcome {
  const test = 'redirection';
  const [first, second] = hops;
  const last = hops.at(-1);
  if (!first) return { test, result: 'no http, no redirect needed', modifier: 0 };
  if (!second) return { test, result: 'http does not redirect to https', modifier: -20 };
  if (last?.url.protocol !== 'https:') return { test, result: 'ends on http', modifier: -20 };
  if (second.url.protocol === 'http:') return { test, result: 'first redirect is to http', modifier: -10 };
  if (second.url.hostname !== first.url.hostname)
    return { test, result: 'first redirect to https changes host', modifier: -5 };
  return { test, result: 'to https on the same host', modifier: 0 };
}

const PRIVATE_REFERRERS = new Set([
  'no-referrer',
  'same-origin',
  'strict-origin',
  'strict-origin-when-cross-origin',
]);
const LEAKY_REFERRERS = new Set([
  'origin',
  'origin-when-cross-origin',
  'unsafe-url',
  'no-referrer-when-downgrade',
]);

function gradeReferrer(page: Exchange): Outcome {
  const test = 'referrer-policy';
  const values = headerList(page.headers, 'referrer-policy');
  if (values.length === 0) return { test, result: 'not implemented', modifier: 0 };
  // Browsers use the last policy they understand.
  const policy = values
    .flatMap((value) => value.split(','))
    .map((token) => token.trim().toLowerCase())
    .filter((token) => PRIVATE_REFERRERS.has(token) || LEAKY_REFERRERS.has(token))
    .at(-1);
  if (policy && PRIVATE_REFERRERS.has(policy)) return { test, result: policy, modifier: 5 };
  if (policy) return { test, result: `${policy} leaks the URL`, modifier: -5 };
  return { test, result: 'header cannot be recognised', modifier: -5 };
}

/** Also tells the cookie rule whether HSTS protects cookies sent without Secure. */
function gradeHsts(page: Exchange): Outcome & { pass: boolean } {
  const test = 'strict-transport-security';
  if (page.url.protocol !== 'https:')
    return { test, result: 'site not on https', modifier: -20, pass: false };
  const value = firstHeader(page.headers, 'strict-transport-security');
  if (value === undefined) return { test, result: 'not implemented', modifier: -20, pass: false };
  const maxAge = /(?:^|;)\s*max-age\s*=\s*"?(\d+)"?\s*(?:;|$)/i.exec(value)?.[1];
  if (value.includes(',') || maxAge === undefined)
    return { test, result: 'header cannot be recognised', modifier: -20, pass: false };
  if (Number(maxAge) < SIX_MONTHS_S)
    return { test, result: `max-age ${maxAge} is under six months`, modifier: -10, pass: false };
  return { test, result: `max-age ${maxAge}`, modifier: 0, pass: true };
}

/** The registrable part of a host, roughly: its last two labels (enough for our test hosts). */
const siteOf = (host: string) => host.split('.').slice(-2).join('.');

function gradeSri(page: Exchange): Outcome {
  const test = 'subresource-integrity';
  const type = (firstHeader(page.headers, 'content-type') ?? '').split(';')[0]?.trim().toLowerCase();
  if (type && type !== 'text/html' && type !== 'application/xhtml+xml')
    return { test, result: 'not HTML', modifier: 0 };
  const scripts = [...page.body.matchAll(/<script\b([^>]*)>/gi)].map((match) => match[1] ?? '');
  if (scripts.length === 0) return { test, result: 'no scripts', modifier: 0 };
  let worst: Outcome | undefined;
  let foreign = false;
  let allIntegrity = true;
  for (const attributes of scripts) {
    const src = /\bsrc\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1];
    if (src === undefined) continue; // inline or data blocks: nothing is fetched
    const integrity = /\bintegrity\s*=/i.test(attributes);
    allIntegrity &&= integrity;
    const protocolRelative = src.startsWith('//');
    const absolute = /^[a-z][a-z0-9+.-]*:/i.test(src);
    if (!protocolRelative && !absolute) continue; // same origin
    const url = new URL(src, page.url);
    if (!protocolRelative && url.protocol === 'https:' && siteOf(url.hostname) === siteOf(page.url.hostname))
      continue;
    foreign = true;
    const secure = url.protocol === 'https:' && !protocolRelative;
    const outcome: Outcome = secure
      ? integrity
        ? { test, result: 'foreign scripts with SRI over https', modifier: 5 }
        : { test, result: `${src}: foreign script without SRI`, modifier: -5 }
      : integrity
        ? { test, result: `${src}: foreign script over http`, modifier: -20 }
        : { test, result: `${src}: foreign script over http without SRI`, modifier: -50 };
    if (!worst || outcome.modifier < worst.modifier) worst = outcome;
  }
  if (worst) return worst;
  if (!foreign && allIntegrity) return { test, result: 'SRI on every script, all same origin', modifier: 5 };
  return { test, result: 'all scripts from the same origin', modifier: 0 };
}

function gradeNosniff(page: Exchange): Outcome {
  const test = 'x-content-type-options';
  const value = firstHeader(page.headers, 'x-content-type-options');
  if (value === undefined) return { test, result: 'not implemented', modifier: -5 };
  return value.trim().toLowerCase() === 'nosniff'
    ? { test, result: 'nosniff', modifier: 0 }
    : { test, result: 'header cannot be recognised', modifier: -5 };
}

function gradeFraming(page: Exchange): Outcome {
  const test = 'x-frame-options';
  const csp = parseCsp(headerList(page.headers, 'content-security-policy'));
  if (csp?.has('frame-ancestors')) return { test, result: 'CSP frame-ancestors', modifier: 5 };
  const value = firstHeader(page.headers, 'x-frame-options')?.trim().toLowerCase();
  if (value === undefined) return { test, result: 'not implemented', modifier: -20 };
  if (value === 'deny' || value === 'sameorigin' || value.startsWith('allow-from'))
    return { test, result: value, modifier: 0 };
  return { test, result: 'header cannot be recognised', modifier: -20 };
}

function gradeCorp(page: Exchange): Outcome {
  const test = 'cross-origin-resource-policy';
  const value = firstHeader(page.headers, 'cross-origin-resource-policy')?.trim().toLowerCase();
  if (value === undefined) return { test, result: 'not implemented', modifier: 0 };
  if (value === 'same-origin' || value === 'same-site') return { test, result: value, modifier: 10 };
  if (value === 'cross-origin') return { test, result: value, modifier: 0 };
  return { test, result: 'header cannot be recognised', modifier: -5 };
}

const GRADES: readonly [number, string][] = [
  [100, 'A+'],
  [90, 'A'],
  [85, 'A-'],
  [80, 'B+'],
  [70, 'B'],
  [65, 'B-'],
  [60, 'C+'],
  [50, 'C'],
  [45, 'C-'],
  [40, 'D+'],
  [30, 'D'],
  [25, 'D-'],
  [0, 'F'],
];

export function gradeScan(scan: Scan): Grade {
  const hsts = gradeHsts(scan.page);
  const outcomes: Outcome[] = [
    gradeCsp(scan.page),
    gradeCookies(scan, hsts.pass),
    gradeCors(scan.cors),
    gradeRedirection(scan.fromHttp),
    gradeReferrer(scan.page),
    { test: hsts.test, result: hsts.result, modifier: hsts.modifier },
    gradeSri(scan.page),
    gradeNosniff(scan.page),
    gradeFraming(scan.page),
    gradeCorp(scan.page),
  ];
  const penalties = outcomes.reduce((sum, { modifier }) => sum + Math.min(modifier, 0), 0);
  const bonuses = outcomes.reduce((sum, { modifier }) => sum + Math.max(modifier, 0), 0);
  // Bonuses count only for a site that is an A without them.
  const score = Math.max(0, 100 + penalties + (100 + penalties >= 90 ? bonuses : 0));
  const grade = GRADES.find(([floor]) => score >= floor)?.[1] ?? 'F';
  return { score, grade, outcomes };
}
