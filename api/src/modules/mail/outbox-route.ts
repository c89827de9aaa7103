import { integerSchema, textSchema } from '@fleetport/contracts/fields';
import { desc, eq } from 'drizzle-orm';
import type { NextFunction, Request, Response, Router } from 'express';
import { z } from 'zod';
import { mailOutbox } from '../../db/schema.ts';
import type { ApiDeps } from '../../deps.ts';
import { notFound, validationFailed } from '../../http/errors.ts';
import { issuesToErrors } from '../../http/route.ts';

const outboxQuery = z.object({
  to: textSchema().toLowerCase().max(254).optional(),
  limit: integerSchema({ min: 1, max: 100 }).default(20),
});

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
      const query = outboxQuery.safeParse(req.query);
      if (!query.success) throw validationFailed(issuesToErrors(query.error));
      const { to, limit } = query.data;
      const rows = await deps.db
        .select()
        .from(mailOutbox)
        .where(to === undefined ? undefined : eq(mailOutbox.recipient, to))
        .orderBy(desc(mailOutbox.id))
        .limit(limit);
      res.setHeader('Cache-Control', 'no-store');
      res.json({
        success: true,
        data: rows.map((row) => ({
          id: row.id,
          to: row.recipient,
          from: row.sender,
          kind: row.kind,
          locale: row.locale,
          brand_id: row.brandId,
          subject: row.subject,
          text: row.bodyText,
          html: row.bodyHtml,
          link: row.link,
          created_at: row.createdAt.toISOString(),
        })),
        errors: [],
      });
    } catch (error) {
      next(error);
    }
  });
}
