import { randomFillSync } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';

/**
 * Security headers, made by helmet once at boot and replayed on every response; only the
 * per-request CSP nonce is spliced in. (Calling helmet's middleware per request costs more than
 * brand resolution and HTML splicing together, and its output is the same every time.)
 */

const NONCE_SLOT = 'FPNONCESLOT';

/** Origins beyond the edge's own that the console may load from (map tiles). */
export interface ExtraSources {
  readonly images: readonly string[];
  readonly connect: readonly string[];
}
const NO_EXTRA: ExtraSources = { images: [], connect: [] };

function helmetFor(https: boolean, extra: ExtraSources) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", `'nonce-${NONCE_SLOT}'`],
        styleSrc: ["'self'", `'nonce-${NONCE_SLOT}'`],
        imgSrc: ["'self'", 'data:', 'blob:', ...extra.images],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...extra.connect],
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
function recordHelmet(https: boolean, extra: ExtraSources): HeaderList {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: string) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
  };
  helmetFor(https, extra)({} as never, response as never, () => undefined);
  return [...headers];
}

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

export interface SecurityHeaders {
  /**
   * The headers as a flat `[name, value, …]` list for `res.writeHead`, which takes it without
   * the per-header bookkeeping of `setHeader` (the themed page's path). HSTS and
   * upgrade-insecure-requests only over https.
   */
  list(nonce: string, https: boolean): string[];
  /** Sets the headers on a response. */
  apply(res: ServerResponse, nonce: string, https: boolean): void;
}

/** The document headers, made once per edge (the CSP names the configured map tile hosts). */
export function createSecurityHeaders(extra: ExtraSources = NO_EXTRA): SecurityHeaders {
  const plain = flatten(recordHelmet(false, extra));
  const secure = flatten(recordHelmet(true, extra));
  const list = (nonce: string, https: boolean) => {
    const { before, csp } = https ? secure : plain;
    return [...before, 'Content-Security-Policy', csp.join(nonce)];
  };
  return {
    list,
    apply(res, nonce, https) {
      const headers = list(nonce, https);
      for (let index = 0; index < headers.length; index += 2)
        res.setHeader(headers[index] as string, headers[index + 1] as string);
    },
  };
}

/** Google's Map Tiles API (2D tiles), used by the console's maps when GOOGLE_MAPS_KEY is set. */
export const GOOGLE_TILES = 'https://tile.googleapis.com';

/**
 * The CSP source of a tile URL template: `https://tile.example.org/{z}/{x}/{y}.png` gives its
 * origin; a `{s}` subdomain (`https://{s}.tile.example.org/…`) gives `https://*.tile.example.org`.
 */
export function tileSource(template: string): string | undefined {
  try {
    const url = new URL(template.replace(/\{s\}/g, 'subdomain').replace(/\{[a-z]+\}/gi, '0'));
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
    return url.origin.replace('//subdomain.', '//*.');
  } catch {
    return undefined;
  }
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
