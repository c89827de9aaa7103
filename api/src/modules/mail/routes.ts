import { outboxAnswerSchema, outboxQuerySchema } from '@fleetport/contracts/mail';
import type { NextFunction, Request, Response, Router } from 'express';
import type { ApiDeps } from '../../deps.ts';
import { notFound, validationFailed } from '../../http/errors.ts';
import { issuesToErrors, type RouteRegistry } from '../../http/route.ts';
import { outboxMails } from './queries.ts';

const LOOPBACK = /^(?:127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * A caller on this machine talking to the API directly: a loopback socket and no sign of a
 * proxy. The edge always adds X-Forwarded-For and the brand header, so a development instance
 * published through the edge never hands its reset links to the outside.
 */
function isDirectLoopback(req: Request): boolean {
  const proxied =
    req.get('x-forwarded-for') !== undefined ||
    req.get('forwarded') !== undefined ||
    req.get('x-fleetport-brand') !== undefined;
  return !proxied && LOOPBACK.test(req.socket.remoteAddress ?? '');
}

/**
 * GET /api/testing/outbox[?to=&limit=]: the captured e-mails, newest first, for developers and
 * end-to-end tests (which follow the real links). A plain route outside the registry on
 * purpose: it is no call of spec §7, so it stays out of the OpenAPI document (which is then
 * the same in every environment), and its rule (a direct local caller, outside production) is
 * none of the registry's access kinds. Anything else gets the 404 of an unknown path.
 */
export function registerOutboxRoute(router: Router, deps: Pick<ApiDeps, 'config' | 'db'>): void {
  if (deps.config.NODE_ENV === 'production') return;
  router.get('/testing/outbox', async (req: Request, res: Response, next: NextFunction) => {
    try {
      if (!isDirectLoopback(req)) throw notFound();
      const query = outboxQuerySchema.safeParse(req.query);
      if (!query.success) throw validationFailed(issuesToErrors(query.error));
      const { to, limit } = query.data;
      const data = await outboxMails(deps.db, to, limit);
      res.setHeader('Cache-Control', 'no-store');
      res.json({ success: true, data, errors: [] });
    } catch (error) {
      next(error);
    }
  });
}

/**
 * GET /mail/outbox: the captured e-mails for the platform admin (System services → E-mail
 * outbox), so a demo's invitations, resets and codes can be read in the browser. Only while
 * e-mail is captured outside production: a production outbox holds other users' reset links,
 * which no one should read, so there the answer says `captured: false` and lists nothing.
 */
export function registerMailRoutes(registry: RouteRegistry, router: Router, deps: ApiDeps): void {
  const captured = !deps.config.SMTP_URL && deps.config.NODE_ENV !== 'production';
  registry.add(router, {
    method: 'get',
    path: '/mail/outbox',
    summary: 'The e-mails kept instead of sent (no SMTP_URL, outside production), newest first.',
    tag: 'notifications',
    access: { permission: 'super_admin' },
    query: outboxQuerySchema,
    response: outboxAnswerSchema,
    handler: async ({ query }) => ({
      data: { captured, mails: captured ? await outboxMails(deps.db, query.to, query.limit) : [] },
    }),
  });
}
