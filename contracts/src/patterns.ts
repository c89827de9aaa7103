/**
 * Input patterns of spec §5 "Forms" and the link rule of the sanitizer of spec §9.
 *
 * The patterns carry no flags (so `test` keeps no state between calls), match the whole value,
 * and compile with the `v` flag too, so their `source` can be used as an HTML `pattern`
 * attribute.
 */

const OCTET = '(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])';

/**
 * Spec §5: an IPv4 address in dotted decimal, four octets 0–255. An octet has no leading zero
 * (`01`, `00` are refused, since some parsers read them as octal) and there are exactly four
 * parts, with no spaces, signs or trailing dot.
 */
export const IPV4_PATTERN = new RegExp(`^(?:${OCTET}\\.){3}${OCTET}$`);

/** Spec §5: whether `value` is an IPv4 address as {@link IPV4_PATTERN} describes it. */
export function isIPv4(value: string): boolean {
  return typeof value === 'string' && IPV4_PATTERN.test(value);
}

const LABEL = '[A-Za-z0-9](?:(?:[A-Za-z0-9]|-){0,61}[A-Za-z0-9])?';

/**
 * Spec §5: a domain name of at least two labels. Each label has 1–63 letters, digits or inner
 * hyphens (never first or last); the top-level label has 2–6 letters. Case does not matter;
 * no trailing dot, no spaces, no Unicode (use the `xn--` form for the labels below the top level).
 */
export const DOMAIN_NAME_PATTERN = new RegExp(`^(?:${LABEL}\\.)+[A-Za-z]{2,6}$`);

/** The longest domain name DNS allows (RFC 1035), in characters, without a trailing dot. */
export const DOMAIN_NAME_MAX_LENGTH = 253;

/**
 * Spec §5: whether `value` is a domain name as {@link DOMAIN_NAME_PATTERN} describes it, and
 * at most {@link DOMAIN_NAME_MAX_LENGTH} characters long.
 */
export function isDomainName(value: string): boolean {
  return (
    typeof value === 'string' && value.length <= DOMAIN_NAME_MAX_LENGTH && DOMAIN_NAME_PATTERN.test(value)
  );
}

/** Spec §9: the link schemes the HTML sanitizer keeps, lower case, without the colon. */
export const ALLOWED_LINK_SCHEMES = ['http', 'https', 'ftp', 'mailto', 'tel'] as const;

export type AllowedLinkScheme = (typeof ALLOWED_LINK_SCHEMES)[number];

const ALLOWED = new Set<string>(ALLOWED_LINK_SCHEMES);

/** Whether `text` holds a C0 control character, DEL or a C1 control character. */
function hasControlCharacter(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}

/** An HTML character reference (`&#58;`, `&#x3a`, `&colon;`), which a decoded URL has no use for. */
const CHARACTER_REFERENCE = /&(?:#[0-9]|#[xX][0-9A-Fa-f]|[A-Za-z][A-Za-z0-9]*;)/;

/**
 * Spec §9: whether the sanitizer keeps a link with this `href` (the decoded attribute value).
 *
 * - Any control character (tab, newline, NUL, DEL, C1…) refuses the link outright: browsers drop
 *   some of them inside URLs, which is how `java\tscript:` sneaks past a scheme check.
 * - So does anything that looks like an HTML character reference (`&#115;`, `&#x3a`, `&colon;`):
 *   the value should arrive decoded, and one still encoded could hide a scheme once decoded
 *   again (`java&#115;cript:`). A plain `&` between query parameters is fine.
 * - Surrounding spaces are ignored, as browsers do.
 * - When a `:` comes before any `/`, `?` or `#`, the text before it is the scheme, and it must be
 *   one of {@link ALLOWED_LINK_SCHEMES} (ASCII case-insensitive). Anything else is refused,
 *   including `javascript:`, `data:`, `vbscript:`, `JaVaScRiPt:`, and schemes behind invisible
 *   characters (`\u200Bjavascript:`, a no-break space).
 * - Otherwise the link is relative (`/path`, `page?x=1`, `#fragment`, `//host/path`, or empty)
 *   and is kept.
 */
export function isAllowedLinkUrl(href: string): boolean {
  if (typeof href !== 'string' || hasControlCharacter(href) || CHARACTER_REFERENCE.test(href)) return false;
  const url = href.replace(/^ +| +$/g, '');
  const colon = url.indexOf(':');
  if (colon === -1) return true;
  const beforeColon = url.slice(0, colon);
  if (/[/?#]/.test(beforeColon)) return true;
  const scheme = beforeColon.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
  return ALLOWED.has(scheme);
}
