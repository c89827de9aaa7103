import { randomFillSync } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';

/**
 * Security headers, made by helmet once at boot and replayed on every response; only the
 * per-request CSP nonce is spliced in. (Calling helmet's middleware per request costs more than
 * brand resolution and HTML splicing together, and its output is the same every time.)
 */

const NONCE_SLOT = 'FPNONCESLOT';

function helmetFor(https: boolean) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", `'nonce-${NONCE_SLOT}'`],
        styleSrc: ["'self'", `'nonce-${NONCE_SLOT}'`],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: https ? { maxAge: 63_072_000, includeSubDomains: true, preload: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
  });
}

type HeaderList = ReadonlyArray<readonly [string, string]>;

/** Runs helmet against a recording response and returns the headers it would set. */
function recordHelmet(https: boolean): HeaderList {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: string) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
  };
  helmetFor(https)({} as never, response as never, () => undefined);
  return [...headers];
}

const HTTP_HEADERS = recordHelmet(false);
const HTTPS_HEADERS = recordHelmet(true);

let pool = Buffer.alloc(0);
let offset = 0;

/** 128 random bits, base64, drawn from a pool refilled from the OS 256 nonces at a time. */
export function createNonce(): string {
  if (offset + 16 > pool.length) {
    pool = randomFillSync(Buffer.allocUnsafe(16 * 256));
    offset = 0;
  }
  const nonce = pool.toString('base64', offset, offset + 16);
  offset += 16;
  return nonce;
}

/** The headers as a flat `[name, value, …]` list with the CSP's nonce slot split out. */
function flatten(headers: HeaderList): { before: readonly string[]; csp: readonly string[] } {
  const before: string[] = [];
  let csp: string[] = [''];
  for (const [name, value] of headers) {
    if (name === 'Content-Security-Policy') csp = value.split(NONCE_SLOT);
    else before.push(name, value);
  }
  return { before, csp };
}

const HTTP_LIST = flatten(HTTP_HEADERS);
const HTTPS_LIST = flatten(HTTPS_HEADERS);

/**
 * The security headers as a flat `[name, value, …]` list for `res.writeHead`, which takes it
 * without the per-header bookkeeping of `setHeader` (the themed page's path). HSTS and
 * upgrade-insecure-requests only over https.
 */
export function securityHeaderList(nonce: string, https: boolean): string[] {
  const { before, csp } = https ? HTTPS_LIST : HTTP_LIST;
  return [...before, 'Content-Security-Policy', csp.join(nonce)];
}

/** Sets the security headers; HSTS and upgrade-insecure-requests only over https. */
export function applySecurityHeaders(res: ServerResponse, nonce: string, https: boolean): void {
  const list = securityHeaderList(nonce, https);
  for (let index = 0; index < list.length; index += 2)
    res.setHeader(list[index] as string, list[index + 1] as string);
}

/** A brand image is never a document: nothing in it may run, load or frame anything. */
export function applyImageHeaders(res: ServerResponse): void {
  res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
}

export function isHttps(req: IncomingMessage, trustProxy: boolean): boolean {
  if ('encrypted' in req.socket && req.socket.encrypted === true) return true;
  const proto = req.headers['x-forwarded-proto'];
  return trustProxy && typeof proto === 'string' && proto.split(',')[0]?.trim() === 'https';
}
