import type { ClientRequest, IncomingMessage, ServerResponse } from 'node:http';
import { Agent } from 'node:http';
import type { Socket } from 'node:net';
import { failure } from '@fleetport/contracts/envelope';
import { createProxyMiddleware, proxyEventsPlugin, type RequestHandler } from 'http-proxy-middleware';
import type { Logger } from 'pino';

/** Header carrying the brand the edge resolved; only the edge ever sets it. */
export const BRAND_HEADER = 'x-fleetport-brand';
export const REQUEST_ID_HEADER = 'x-request-id';

/** Request headers a browser may send through to the API (everything else is dropped). */
const REQUEST_HEADERS = new Set([
  'host',
  'cookie',
  'origin',
  'x-xsrf-token',
  'x-requested-with',
  'x-spa-version',
  'content-type',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'accept',
  'accept-encoding',
  'accept-language',
  'if-none-match',
  'if-modified-since',
  'if-match',
  'if-unmodified-since',
  'if-range',
  'range',
  // The API lists a session's browser.
  'user-agent',
  // A retried write is applied once (the console sends one key per submit).
  'idempotency-key',
]);

/** Handshake headers, forwarded on websocket upgrades only. */
const WEBSOCKET_HEADERS = new Set([
  'connection',
  'upgrade',
  'sec-websocket-key',
  'sec-websocket-version',
  'sec-websocket-extensions',
  'sec-websocket-protocol',
]);

/** Response headers the API may send back to a browser. */
const RESPONSE_HEADERS = new Set([
  'set-cookie',
  'location',
  'content-disposition',
  'content-type',
  'content-length',
  'content-encoding',
  'content-language',
  'transfer-encoding',
  'cache-control',
  'expires',
  'etag',
  'last-modified',
  'vary',
  'retry-after',
  'idempotent-replayed',
  'date',
  'www-authenticate',
  'accept-ranges',
  'content-range',
  'x-content-type-options',
  'content-security-policy',
]);

export function isProxiedPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/') || isRealtimePath(pathname);
}

/** The only path a websocket may be upgraded on (checked on the normalised path). */
export function isRealtimePath(pathname: string): boolean {
  return pathname.startsWith('/status/socket.io/');
}

export interface ApiProxyOptions {
  target: string;
  timeoutMs: number;
  trustProxy: boolean;
  log: Logger;
  brandOf: (req: IncomingMessage) => string;
  requestIdOf: (req: IncomingMessage) => string;
}

function remoteAddress(req: IncomingMessage): string {
  return req.socket.remoteAddress ?? '';
}

/** X-Forwarded-* as the API must see them: the client's own values only behind a trusted proxy. */
export function forwardedHeaders(req: IncomingMessage, trustProxy: boolean): Record<string, string> {
  const incoming = (name: string): string | undefined => {
    const value = req.headers[name];
    return trustProxy && typeof value === 'string' && value !== '' ? value : undefined;
  };
  const priorFor = incoming('x-forwarded-for');
  const forwardedHost = incoming('x-forwarded-host')?.split(',')[0]?.trim();
  const encrypted = 'encrypted' in req.socket && req.socket.encrypted === true;
  return {
    'x-forwarded-for': priorFor ? `${priorFor}, ${remoteAddress(req)}` : remoteAddress(req),
    'x-forwarded-host': forwardedHost || (req.headers.host ?? ''),
    'x-forwarded-proto':
      incoming('x-forwarded-proto')?.split(',')[0]?.trim() ?? (encrypted ? 'https' : 'http'),
  };
}

function filterRequest(
  proxyReq: ClientRequest,
  req: IncomingMessage,
  options: ApiProxyOptions,
  websocket: boolean,
): void {
  for (const name of proxyReq.getHeaderNames()) {
    const allowed =
      REQUEST_HEADERS.has(name) ||
      name.startsWith('sec-fetch-') ||
      (websocket && WEBSOCKET_HEADERS.has(name));
    if (!allowed) proxyReq.removeHeader(name);
  }
  for (const [name, value] of Object.entries(forwardedHeaders(req, options.trustProxy))) {
    proxyReq.setHeader(name, value);
  }
  proxyReq.setHeader(BRAND_HEADER, options.brandOf(req));
  proxyReq.setHeader(REQUEST_ID_HEADER, options.requestIdOf(req));
}

/** An answer the edge gives itself when the API cannot: the API's JSON envelope. */
function answer(res: ServerResponse, status: number, code: string, message: string): void {
  const body = JSON.stringify(failure(code, message));
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
  });
  res.end(body);
}

/**
 * `/api/*` and `/status/socket.io/*` (websockets included) to the API, through a keep-alive
 * agent. Only allow-listed headers pass either way; the brand header is always the edge's own.
 * API down → 502, API silent past the timeout → 504, API gone mid-answer → client closed.
 */
export function createApiProxy(options: ApiProxyOptions): RequestHandler<IncomingMessage, ServerResponse> {
  const timedOut = new WeakSet<IncomingMessage>();
  // Websocket handshakes the API has answered: past that, the socket carries its bytes.
  const answered = new WeakSet<IncomingMessage>();
  return createProxyMiddleware<IncomingMessage, ServerResponse>({
    target: options.target,
    pathFilter: (pathname) => isProxiedPath(pathname),
    changeOrigin: true,
    // Upgrades reach the proxy only through the edge's own upgrade handler (see app.ts).
    ws: false,
    agent: new Agent({ keepAlive: true, maxSockets: 512, keepAliveMsecs: 10_000 }),
    proxyTimeout: options.timeoutMs,
    // A websocket handshake the API never answers (a hung process) gets the same deadline;
    // without it the browser's socket would hang until TCP gives up.
    upgradeTimeout: options.timeoutMs,
    // Our own error answers only: the default plugins would answer errors themselves.
    ejectPlugins: true,
    plugins: [proxyEventsPlugin],
    on: {
      proxyReq: (proxyReq, req) => {
        proxyReq.on('timeout', () => timedOut.add(req));
        filterRequest(proxyReq, req, options, false);
      },
      proxyReqWs: (proxyReq, req) => {
        const mark = () => answered.add(req);
        proxyReq.once('response', mark).once('upgrade', mark);
        filterRequest(proxyReq, req, options, true);
      },
      proxyRes: (proxyRes, _req, res) => {
        for (const name of Object.keys(proxyRes.headers)) {
          if (!RESPONSE_HEADERS.has(name)) delete proxyRes.headers[name];
        }
        // API answers are data, never documents, whatever the API itself sent.
        res.setHeader('X-Content-Type-Options', 'nosniff');
      },
      error: (error, req, res) => {
        const target = res as ServerResponse | Socket;
        if (!('writeHead' in target)) {
          // A websocket handshake: the API did not upgrade in time, or is down.
          const timeout = (error as NodeJS.ErrnoException).code === 'ERR_UPSTREAM_UPGRADE_TIMEOUT';
          options.log.warn({ err: error, url: req.url, timeout }, 'API websocket proxy failed');
          if (target.writable && !answered.has(req)) {
            const status = timeout ? '504 Gateway Timeout' : '502 Bad Gateway';
            target.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
          } else target.destroy();
          return;
        }
        if (target.headersSent || target.destroyed) {
          target.destroy();
          return;
        }
        const slow = timedOut.has(req);
        options.log.warn({ err: error, url: req.url, timeout: slow }, 'API proxy failed');
        if (slow)
          answer(target, 504, 'GATEWAY_TIMEOUT', 'The server took too long to answer. Try again later.');
        else answer(target, 502, 'BAD_GATEWAY', 'The server is unavailable. Try again later.');
      },
    },
  });
}
