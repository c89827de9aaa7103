import { randomUUID } from 'node:crypto';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import { uploadTmpDir } from './config.ts';
import type { ApiDeps } from './deps.ts';
import { ApiError } from './http/errors.ts';
import { csrfGuard } from './http/guards.ts';
import { idempotency } from './http/idempotency.ts';
import { openApiDocument } from './http/openapi.ts';
import { ResponseMismatchError, RouteRegistry } from './http/route.ts';
import { registerAnnouncementRoutes } from './modules/announcements/routes.ts';
import { registerAuditRoutes } from './modules/audit/routes.ts';
import { registerConfirmationRoutes } from './modules/auth/confirmation.ts';
import { registerEmailFlowRoutes } from './modules/auth/email-flows.ts';
import { registerAccountRoutes } from './modules/auth/routes.ts';
import { registerBackupRuleRoutes } from './modules/backup-rules/routes.ts';
import { registerBrandAccessRoutes } from './modules/brands/routes.ts';
import { registerCompanyRoutes } from './modules/companies/routes.ts';
import { registerLocalConfigRoutes } from './modules/config/routes.ts';
import { registerConfigTemplateRoutes } from './modules/config-templates/routes.ts';
import { registerCreditRoutes } from './modules/credits/routes.ts';
import { registerDeviceRoutes } from './modules/devices/routes.ts';
import { registerDistributorRoutes } from './modules/distributors/routes.ts';
import { registerFileRoutes } from './modules/files/routes.ts';
import { registerHealthRoutes } from './modules/health/routes.ts';
import { registerImpersonationRoutes } from './modules/impersonation/routes.ts';
import { registerMailRoutes, registerOutboxRoute } from './modules/mail/routes.ts';
import { registerMfaRoutes } from './modules/mfa/routes.ts';
import { registerNotificationRoutes } from './modules/notifications/routes.ts';
import { registerRoleRoutes } from './modules/roles/routes.ts';
import { registerStorageRoutes } from './modules/storage/routes.ts';
import { registerTagRoutes } from './modules/tags/routes.ts';
import { registerTaskRoutes } from './modules/tasks/routes.ts';
import { registerUserRoutes } from './modules/users/routes.ts';

export interface Api {
  app: Express;
  registry: RouteRegistry;
}

/** Routes that anything may call without the XHR header (probes, the API description). */
const OPEN_PATHS = new Set(['/api/healthz', '/api/readyz', '/api/openapi.json']);
/** Devices' downloads and uploads: no session, no browser; the signed link is the permission. */
const DEVICE_FILES = '/api/device-files/';
const isOpen = (path: string): boolean => OPEN_PATHS.has(path) || path.startsWith(DEVICE_FILES);
/** The same, as a path under the `/api` mount. */
const DEVICE_FILES_UNDER_API = DEVICE_FILES.slice('/api'.length);
const REQUEST_ID = /^[\w.-]{1,100}$/;

export function createApi(deps: ApiDeps): Api {
  const { log, sessions, keys, config } = deps;
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  // The API sits behind the edge, which sets X-Forwarded-For/Host/Proto.
  app.set('trust proxy', config.TRUST_PROXY);

  // One access-log line per request, carrying the edge's request id.
  app.use((req: Request, res: Response, next: NextFunction) => {
    const incoming = req.get('x-request-id');
    const id = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    res.locals.requestId = id;
    const { method, originalUrl } = req;
    const started = performance.now();
    res.once('close', () => {
      const entry = {
        reqId: id,
        req: { method, url: originalUrl },
        res: { statusCode: res.statusCode },
        responseTime: Math.round(performance.now() - started),
        user: (res.locals.auth as { userId?: number } | undefined)?.userId,
      };
      if (!res.writableFinished) log.warn(entry, 'request aborted');
      else if (res.statusCode >= 500) log.error(entry, 'request errored');
      else log.info(entry, 'request completed');
    });
    next();
  });
  if (deps.metrics) app.use(deps.metrics.middleware);

  // API answers are personal or per session: no browser or shared cache keeps them, errors
  // included. A route that may be cached sets its own Cache-Control (none does today).
  app.use((_req: Request, res: Response, next: NextFunction) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });

  // A device's upload (a backup archive) is read by its route, under its own limit.
  const json = express.json({ limit: '1mb', strict: false });
  app.use('/api', (req: Request, res: Response, next: NextFunction) =>
    req.path.startsWith(DEVICE_FILES_UNDER_API) ? next() : json(req, res, next),
  );

  app.use(async (req: Request, res: Response, next: NextFunction) => {
    if (isOpen(req.path)) {
      next();
      return;
    }
    try {
      res.locals.auth = await sessions.authenticate(req);
      next();
    } catch (error) {
      next(error);
    }
  });
  app.use(csrfGuard(keys, (req) => isOpen(req.path)));
  app.use(idempotency({ database: deps.database, log }));

  const registry = new RouteRegistry({
    audit: deps.audit,
    mfaRequired: config.MFA_REQUIRED,
    uploadDir: uploadTmpDir(config),
    checkResponses: deps.checkResponses ?? false,
  });
  const router = express.Router();
  registerHealthRoutes(registry, router, deps);
  registerAccountRoutes(registry, router, deps);
  registerConfirmationRoutes(registry, router, deps);
  registerEmailFlowRoutes(registry, router, deps);
  registerMfaRoutes(registry, router, deps);
  registerImpersonationRoutes(registry, router, deps);
  // GET /user, the invitations, then /users/:id: users/routes.ts keeps /users/invitations and
  // /users/invite/roles before /users/:id.
  registerUserRoutes(registry, router, deps);
  registerRoleRoutes(registry, router, deps);
  registerTagRoutes(registry, router, deps);
  // The task manager's /devices/tasks/… and /devices/updates/cancel, before /devices/:id.
  registerTaskRoutes(registry, router, deps);
  registerConfigTemplateRoutes(registry, router, deps);
  registerBackupRuleRoutes(registry, router, deps);
  // Devices and their statistics, one entry: devices/routes.ts keeps the fixed paths before /devices/:id.
  registerDeviceRoutes(registry, router, deps);
  registerBrandAccessRoutes(registry, router, deps);
  registerLocalConfigRoutes(registry, router, deps);
  registerStorageRoutes(registry, router, deps);
  registerNotificationRoutes(registry, router, deps);
  registerAnnouncementRoutes(registry, router, deps);
  registerMailRoutes(registry, router, deps);
  // Before /companies/:id, so /companies/tree and /companies/data are not taken for an id.
  registerCreditRoutes(registry, router, deps);
  registerDistributorRoutes(registry, router, deps);
  // Companies, one entry: companies/routes.ts keeps /companies/tree and /companies/move before /companies/:id.
  registerCompanyRoutes(registry, router, deps);
  registerFileRoutes(registry, router, deps);
  registerAuditRoutes(registry, router, deps);
  registerOutboxRoute(router, deps);

  const document = openApiDocument(registry.routes);
  router.get('/openapi.json', (_req, res) => {
    res.json(document);
  });
  app.use('/api', router);

  app.use((_req: Request, res: Response) => {
    res.status(404).json({ success: false, errors: [{ code: 'NOT_FOUND', message: 'Not found.' }] });
  });

  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    if (error instanceof ApiError) {
      if (error.status === 429 && typeof error.meta?.retry_after === 'number') {
        res.setHeader('Retry-After', String(error.meta.retry_after));
      }
      res
        .status(error.status)
        .json({ success: false, ...(error.meta ? { meta: error.meta } : {}), errors: error.errors });
      return;
    }
    const type = (error as { type?: string }).type;
    if (type === 'entity.parse.failed') {
      res.status(400).json({
        success: false,
        errors: [{ code: 'MALFORMED_JSON', message: 'The request body is not valid JSON.' }],
      });
      return;
    }
    if (type === 'entity.too.large') {
      res.status(413).json({
        success: false,
        errors: [{ code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large.' }],
      });
      return;
    }
    const status = (error as { status?: number }).status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      res.status(status).json({
        success: false,
        errors: [{ code: 'BAD_REQUEST', message: 'The request could not be read.' }],
      });
      return;
    }
    if (error instanceof ResponseMismatchError) {
      // Only with checkResponses (the tests, whose logger is silent): on stderr as well, so the
      // failing test shows which route answered what.
      console.error(error.message);
    }
    log.error({ err: error, reqId: res.locals.requestId, url: req.originalUrl }, 'request failed');
    res.status(500).json({
      success: false,
      errors: [{ code: 'INTERNAL_ERROR', message: 'Something went wrong. Try again later.' }],
    });
  });

  return { app, registry };
}
