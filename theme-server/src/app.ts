import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { failure, ok } from '@fleetport/contracts/envelope';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import type { Logger } from 'pino';
import { createBrandsRouter } from './admin/brands-router.ts';
import { apiSessionVerifier } from './admin/session.ts';
import type { StaticAssets } from './assets/static-assets.ts';
import { normaliseHost } from './brands/brand-set.ts';
import type { LoadedBrand } from './brands/load.ts';
import type { BrandStore } from './brands/store.ts';
import type { EdgeConfig } from './config.ts';
import { checkReadiness } from './health.ts';
import { preferredLanguage, renderOfflinePage } from './html/offline-page.ts';
import { bootHeading, pageWithNonce, ThemedHtmlCache } from './html/themed-html.ts';
import { accessLog } from './logging/access-log.ts';
import type { EdgeMetrics } from './metrics.ts';
import { createApiProxy, isProxiedPath, isRealtimePath, REQUEST_ID_HEADER } from './proxy/api-proxy.ts';
import {
  applyImageHeaders,
  createNonce,
  createSecurityHeaders,
  GOOGLE_TILES,
  isHttps,
  tileSource,
} from './security/headers.ts';

export interface EdgeDependencies {
  config: EdgeConfig;
  store: BrandStore;
  assets: () => StaticAssets;
  log: Logger;
  /** Prometheus figures (METRICS_PORT); absent, requests are not measured at all. */
  metrics?: EdgeMetrics;
}

export interface Edge {
  app: Express;
  /** The request handler to give `http.createServer`. */
  handle: (req: IncomingMessage, res: ServerResponse) => void;
  handleUpgrade: (req: IncomingMessage, socket: Duplex, head: Buffer) => void;
}

const REQUEST_ID = Symbol('fleetport.requestId');
type WithRequestId = IncomingMessage & { [REQUEST_ID]?: string };

/** Whether an upgrade request is a websocket on the realtime path (after URL normalisation). */
export function isRealtimeUpgrade(req: IncomingMessage): boolean {
  if ((req.headers.upgrade ?? '').toLowerCase() !== 'websocket') return false;
  try {
    return isRealtimePath(new URL(req.url ?? '/', 'http://edge.invalid').pathname);
  } catch {
    return false;
  }
}

/** A malformed %-escape names no file; it must not become a 500. */
function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return '';
  }
}

/** Load balancer probes: answered over plain HTTP even with FORCE_HTTPS. */
const PROBES = new Set(['/edge/healthz', '/edge/readyz']);
/** A host name, or an IPv6 literal in brackets: all a redirect's Location may name. */
const REDIRECT_HOST = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])$/;

export function createEdge({ config, store, assets, log, metrics }: EdgeDependencies): Edge {
  const hostOf = (req: IncomingMessage): string => {
    const forwarded = config.TRUST_PROXY ? req.headers['x-forwarded-host'] : undefined;
    const host = typeof forwarded === 'string' && forwarded ? forwarded.split(',')[0] : req.headers.host;
    return normaliseHost(host);
  };
  const brandOf = (req: IncomingMessage): LoadedBrand => store.current().resolve(hostOf(req));
  // Behind a trusted proxy the brand also depends on X-Forwarded-Host.
  // The map tiles' host (and Google's, with a key) may load images into the console.
  const tiles = [
    config.MAP_TILE_URL ? tileSource(config.MAP_TILE_URL) : undefined,
    config.GOOGLE_MAPS_KEY ? GOOGLE_TILES : undefined,
  ].filter((source): source is string => source !== undefined);
  const security = createSecurityHeaders({
    images: tiles,
    connect: config.GOOGLE_MAPS_KEY ? [GOOGLE_TILES] : [],
  });
  const varyOnHost = config.TRUST_PROXY ? 'Host, X-Forwarded-Host' : 'Host';
  const requestIdOf = (req: WithRequestId): string => {
    let id = req[REQUEST_ID];
    if (!id) {
      const incoming = req.headers[REQUEST_ID_HEADER];
      id =
        config.TRUST_PROXY && typeof incoming === 'string' && /^[\w.-]{1,100}$/.test(incoming)
          ? incoming
          : randomUUID();
      req[REQUEST_ID] = id;
    }
    return id;
  };

  let html = new ThemedHtmlCache(assets().indexHtml ?? '', assets().pageHeadings);
  const htmlCache = (): ThemedHtmlCache => {
    const build = assets();
    const template = build.indexHtml ?? '';
    if (html.template !== template || html.headings !== build.pageHeadings) {
      html = new ThemedHtmlCache(template, build.pageHeadings);
    }
    return html;
  };

  const proxy = createApiProxy({
    target: config.API_URL,
    timeoutMs: config.PROXY_TIMEOUT_MS,
    trustProxy: config.TRUST_PROXY,
    log,
    brandOf: (req) => brandOf(req).config.id,
    requestIdOf,
  });

  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  app.set('trust proxy', config.TRUST_PROXY);

  // The proxies come before any body parser: request bodies stream through untouched. A plain
  // prefix check first, so page and asset requests skip the proxy's own URL parsing.
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (isProxiedPath(req.path)) void proxy(req, res, next);
    else next();
  });

  const edgeRoutes = express.Router();
  edgeRoutes.get('/healthz', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(ok({ status: 'alive' }));
  });
  edgeRoutes.get('/readyz', async (_req, res) => {
    const readiness = await checkReadiness({
      store,
      assets: assets(),
      apiUrl: config.API_URL,
      // Inside a load balancer's usual probe timeout, and never longer than the proxy waits.
      apiTimeoutMs: Math.min(config.PROXY_TIMEOUT_MS, 2000),
    });
    res.setHeader('Cache-Control', 'no-store');
    res.status(readiness.ready ? 200 : 503).json({ success: readiness.ready, data: readiness, errors: [] });
  });
  edgeRoutes.use(
    '/brands',
    createBrandsRouter(store, {
      adminToken: config.BRAND_ADMIN_TOKEN,
      verifySession: apiSessionVerifier(config.API_URL, config.TRUST_PROXY, config.PROXY_TIMEOUT_MS),
    }),
  );
  app.use('/edge', edgeRoutes);

  // GET/HEAD requests that reached Express (the fast path below declined them) still carry
  // the document's security headers, so a 404 page is as locked down as the console.
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (req.method === 'GET' || req.method === 'HEAD') {
      security.apply(res, createNonce(), isHttps(req, config.TRUST_PROXY));
    }
    next();
  });

  /** Sends bytes with a type; HEAD gets the headers only. */
  function send(req: IncomingMessage, res: ServerResponse, type: string, body: Buffer | string): void {
    res.setHeader('Content-Type', type);
    res.setHeader('Content-Length', Buffer.byteLength(body));
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  /**
   * Pages, build assets, brand files and the client configuration, answered with plain
   * `node:http` before Express: these are most of the edge's requests, and the benchmark's
   * budget for them is 15% over a bare Express app (bench/README.md). Returns false for
   * anything else, which then goes through Express (API proxy, /edge, 404).
   */
  function serveFile(req: IncomingMessage, res: ServerResponse, pathname: string, id: string): boolean {
    const build = assets();
    if (!build.has(pathname) && isPagePath(pathname)) return servePage(req, res, pathname, id);
    res.setHeader('X-Request-Id', id);
    if (pathname === '/localrms-config.json') {
      security.apply(res, createNonce(), isHttps(req, config.TRUST_PROXY));
      res.setHeader('Cache-Control', 'no-cache');
      const client = {
        google_maps_key: config.GOOGLE_MAPS_KEY,
        mfa_required: config.MFA_REQUIRED,
        map_tile_url: config.MAP_TILE_URL,
        map_tile_attribution: config.MAP_TILE_ATTRIBUTION,
      };
      send(req, res, 'application/json; charset=utf-8', JSON.stringify(client));
      return true;
    }
    if (pathname === '/offline.html') {
      // The brand's offline page (spec §2), in the browser's language; no script, one nonce'd style.
      const nonce = createNonce();
      security.apply(res, nonce, isHttps(req, config.TRUST_PROXY));
      res.setHeader('Cache-Control', 'no-cache');
      res.setHeader('Vary', `Accept-Language, ${varyOnHost}`);
      const language = preferredLanguage(req.headers['accept-language']);
      send(req, res, 'text/html; charset=utf-8', renderOfflinePage(brandOf(req), language, nonce));
      return true;
    }
    if (pathname === '/favicon.ico') {
      const { favicon } = brandOf(req);
      applyImageHeaders(res);
      res.setHeader('Vary', varyOnHost);
      res.setHeader('Cache-Control', 'public, max-age=300');
      send(req, res, favicon.type, favicon.bytes);
      return true;
    }
    if (pathname.startsWith('/brand/')) {
      const [, , hash = '', name = '', ...rest] = pathname.split('/');
      const file = rest.length === 0 ? store.current().file(hash, safeDecode(name)) : undefined;
      if (!file) return false;
      applyImageHeaders(res);
      res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      send(req, res, file.type, file.bytes);
      return true;
    }
    if (build.has(pathname)) {
      if (pathname.startsWith('/assets/')) {
        // Hashed scripts and styles are not documents: nosniff is what counts for them.
        res.setHeader('X-Content-Type-Options', 'nosniff');
        res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
      } else {
        security.apply(res, createNonce(), isHttps(req, config.TRUST_PROXY));
      }
      return build.serve(pathname, req, res);
    }
    return false;
  }

  /** A console route: any path outside the build, /assets and /brand whose last segment has no dot. */
  function isPagePath(pathname: string): boolean {
    if (pathname.startsWith('/assets/') || pathname.startsWith('/brand/')) return false;
    // Where a scraper might look for metrics: a plain 404 here, never the console (they are
    // on METRICS_PORT only).
    if (pathname === '/metrics' || pathname.startsWith('/metrics/')) return false;
    return !pathname.slice(pathname.lastIndexOf('/') + 1).includes('.');
  }

  /**
   * The themed index.html of the request's brand with a fresh nonce. Its headers go to
   * `writeHead` as one flat list: the page is the edge's most frequent answer.
   */
  function servePage(req: IncomingMessage, res: ServerResponse, pathname: string, id: string): boolean {
    const template = htmlCache();
    if (!template.template) {
      res.setHeader('X-Request-Id', id);
      return false;
    }
    const nonce = createNonce();
    const { headers: incoming } = req;
    const heading = bootHeading(template.headings, pathname, incoming['accept-language'], incoming.cookie);
    const body = pageWithNonce(template.page(brandOf(req), heading), nonce);
    const headers = security.list(nonce, isHttps(req, config.TRUST_PROXY));
    headers.push(
      'Cache-Control',
      'no-cache',
      'Vary',
      `${varyOnHost}, Accept-Language, Cookie`,
      'X-Request-Id',
      id,
      'Content-Type',
      'text/html; charset=utf-8',
      'Content-Length',
      String(body.length),
    );
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  }

  app.use((_req: Request, res: Response) => {
    res.setHeader('Cache-Control', 'no-store');
    res.status(404).json(failure('NOT_FOUND', 'Not found.'));
  });

  app.use((error: Error, req: Request, res: Response, _next: NextFunction) => {
    log.error({ err: error, reqId: requestIdOf(req) }, 'edge request failed');
    if (res.headersSent) {
      res.destroy();
      return;
    }
    res.status(500).json(failure('INTERNAL_ERROR', 'Something went wrong. Try again later.'));
  });

  /** Websocket upgrades: only on the realtime path, judged on the normalised URL. */
  const handleUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    socket.on('error', () => socket.destroy());
    if (!isRealtimeUpgrade(req)) {
      metrics?.upgrades.inc({ outcome: 'refused' });
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    // A websocket cannot follow a redirect: over plain HTTP it is refused (the console uses wss:).
    if (config.FORCE_HTTPS && !isHttps(req, config.TRUST_PROXY)) {
      metrics?.upgrades.inc({ outcome: 'refused' });
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    metrics?.upgrades.inc({ outcome: 'proxied' });
    proxy.upgrade(req, socket as never, head);
  };

  /**
   * The same URL on https, same host (the redirect test of the Mozilla HTTP Observatory): 301
   * for GET and HEAD, 308 for the rest, which keeps the method and body.
   */
  function redirectToHttps(req: IncomingMessage, res: ServerResponse, url: string, id: string): void {
    const host = hostOf(req);
    if (!REDIRECT_HOST.test(host)) {
      res.writeHead(400, { 'Content-Length': 0, 'X-Request-Id': id, Connection: 'close' });
      res.end();
      return;
    }
    const permanent = req.method === 'GET' || req.method === 'HEAD' ? 301 : 308;
    res.writeHead(permanent, {
      Location: `https://${host}${url.startsWith('/') ? url : '/'}`,
      'Content-Length': 0,
      'X-Request-Id': id,
    });
    res.end();
  }

  const logAccess = accessLog({ log });
  /** The server's request handler: the fast path for pages and files, Express for the rest. */
  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    const id = requestIdOf(req);
    logAccess(req, res, id);
    const url = req.url ?? '/';
    const query = url.indexOf('?');
    const pathname = query === -1 ? url : url.slice(0, query);
    metrics?.track(req, res, pathname);
    if (config.FORCE_HTTPS && !PROBES.has(pathname) && !isHttps(req, config.TRUST_PROXY)) {
      redirectToHttps(req, res, url, id);
      return;
    }
    if ((req.method === 'GET' || req.method === 'HEAD') && url.startsWith('/')) {
      if (!isProxiedPath(pathname) && !pathname.startsWith('/edge/') && serveFile(req, res, pathname, id))
        return;
    }
    res.setHeader('X-Request-Id', id);
    app(req, res);
  };

  return { app, handle, handleUpgrade };
}
