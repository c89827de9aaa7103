import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { failure, ok } from '@fleetport/contracts/envelope';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { createBrandsRouter } from './admin/brands-router.ts';
import type { StaticAssets } from './assets/static-assets.ts';
import { normaliseHost } from './brands/brand-set.ts';
import type { LoadedBrand } from './brands/load.ts';
import type { BrandStore } from './brands/store.ts';
import type { EdgeConfig } from './config.ts';
import { checkReadiness } from './health.ts';
import { pageWithNonce, ThemedHtmlCache } from './html/themed-html.ts';
import { createApiProxy, isProxiedPath, isRealtimePath, REQUEST_ID_HEADER } from './proxy/api-proxy.ts';
import { applyImageHeaders, applySecurityHeaders, createNonce, isHttps } from './security/headers.ts';

export interface EdgeDependencies {
  config: EdgeConfig;
  store: BrandStore;
  assets: () => StaticAssets;
  log: Logger;
}

export interface Edge {
  app: Express;
  handleUpgrade: (req: IncomingMessage, socket: Duplex, head: Buffer) => void;
}

const requestIds = new WeakMap<IncomingMessage, string>();

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

export function createEdge({ config, store, assets, log }: EdgeDependencies): Edge {
  const hostOf = (req: IncomingMessage): string => {
    const forwarded = config.TRUST_PROXY ? req.headers['x-forwarded-host'] : undefined;
    const host = typeof forwarded === 'string' && forwarded ? forwarded.split(',')[0] : req.headers.host;
    return normaliseHost(host);
  };
  const brandOf = (req: IncomingMessage): LoadedBrand => store.current().resolve(hostOf(req));
  // Behind a trusted proxy the brand also depends on X-Forwarded-Host.
  const varyOnHost = config.TRUST_PROXY ? 'Host, X-Forwarded-Host' : 'Host';
  const requestIdOf = (req: IncomingMessage): string => {
    let id = requestIds.get(req);
    if (!id) {
      const incoming = req.headers[REQUEST_ID_HEADER];
      id =
        config.TRUST_PROXY && typeof incoming === 'string' && /^[\w.-]{1,100}$/.test(incoming)
          ? incoming
          : randomUUID();
      requestIds.set(req, id);
    }
    return id;
  };

  let html = new ThemedHtmlCache(assets().indexHtml ?? '');
  const htmlCache = (): ThemedHtmlCache => {
    const template = assets().indexHtml ?? '';
    if (html.template !== template) html = new ThemedHtmlCache(template);
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

  app.use(
    pinoHttp({
      logger: log,
      genReqId: (req, res) => {
        const id = requestIdOf(req);
        res.setHeader('X-Request-Id', id);
        return id;
      },
      serializers: {
        req: (req: { id: string; method: string; url: string }) => ({
          id: req.id,
          method: req.method,
          url: req.url,
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
      customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : 'info'),
    }),
  );

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
    const readiness = await checkReadiness({ store, assets: assets(), apiUrl: config.API_URL });
    res.setHeader('Cache-Control', 'no-store');
    res.status(readiness.ready ? 200 : 503).json({ success: readiness.ready, data: readiness, errors: [] });
  });
  edgeRoutes.use('/brands', createBrandsRouter(store, config.BRAND_ADMIN_TOKEN));
  app.use('/edge', edgeRoutes);

  app.use((req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      next();
      return;
    }
    const nonce = createNonce();
    applySecurityHeaders(res, nonce, isHttps(req, config.TRUST_PROXY));
    if (!serveFile(req, res, nonce)) next();
  });

  function serveFile(req: Request, res: Response, nonce: string): boolean {
    const pathname = req.path;
    if (pathname === '/localrms-config.json') {
      res.setHeader('Cache-Control', 'no-cache');
      res.json({ google_maps_key: config.GOOGLE_MAPS_KEY, mfa_required: config.MFA_REQUIRED });
      return true;
    }
    if (pathname === '/favicon.ico') {
      const { favicon } = brandOf(req);
      applyImageHeaders(res);
      res.setHeader('Vary', varyOnHost);
      res.setHeader('Cache-Control', 'public, max-age=300');
      res.type(favicon.type).send(favicon.bytes);
      return true;
    }
    if (pathname.startsWith('/brand/')) {
      const [, , hash = '', name = '', ...rest] = pathname.split('/');
      const file = rest.length === 0 ? store.current().file(hash, safeDecode(name)) : undefined;
      if (!file) return false;
      applyImageHeaders(res);
      res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      res.type(file.type).send(file.bytes);
      return true;
    }
    if (assets().serve(pathname, req, res)) return true;
    const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1);
    if (pathname.startsWith('/assets/') || lastSegment.includes('.') || isProxiedPath(pathname)) return false;
    const template = htmlCache();
    if (!template.template) return false;
    const body = pageWithNonce(template.page(brandOf(req)), nonce);
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('Vary', varyOnHost);
    res.setHeader('Content-Length', body.length);
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  }

  app.use((_req: Request, res: Response) => {
    res.setHeader('Cache-Control', 'no-store');
    res.status(404).json(failure('NOT_FOUND', 'Not found.'));
  });

  app.use((error: Error, req: Request, res: Response, _next: NextFunction) => {
    req.log?.error({ err: error }, 'edge request failed');
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
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    proxy.upgrade(req, socket as never, head);
  };

  return { app, handleUpgrade };
}
