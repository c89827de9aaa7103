import type { Permission } from '@fleetport/contracts/permissions';
import type { NextFunction, Request, Response, Router } from 'express';
import { type ZodType, z } from 'zod';
import type { AuditEntry, AuditLog } from '../modules/audit/chain.ts';
import type { AuthContext } from '../modules/auth/context.ts';
import { forbidden, unauthorized, validationFailed } from './errors.ts';

export type Method = 'get' | 'post' | 'put' | 'delete' | 'patch';

/** Who may call a route: anyone, any signed-in user, or holders of a permission. */
export type Access = { public: true } | { signedIn: true } | { permission: Permission };

export interface RouteResult {
  status?: number;
  data?: unknown;
  meta?: Record<string, unknown>;
  /** What the audit log records of a write; by default the route, the caller and the body. */
  audit?: Partial<AuditEntry> | false;
}

export interface RouteContext<P, Q, B> {
  req: Request;
  res: Response;
  params: P;
  query: Q;
  body: B;
  /** Present on every route that is not public. */
  auth: AuthContext;
}

export interface RouteSpec<P = unknown, Q = unknown, B = unknown> {
  method: Method;
  /** Express path under /api, e.g. `/companies/:id`. */
  path: string;
  summary: string;
  tag: string;
  access: Access;
  params?: ZodType<P>;
  query?: ZodType<Q>;
  body?: ZodType<B>;
  /** The schema of `data` in a successful answer (documentation). */
  response?: ZodType;
  /** Extra statuses this route answers besides the common ones (documentation). */
  statuses?: Record<number, string>;
  handler: (context: RouteContext<P, Q, B>) => Promise<RouteResult | undefined> | RouteResult | undefined;
}

/** Turns zod issues into error items whose `source` is the field path (spec §3, §7). */
export function issuesToErrors(error: z.ZodError, prefix?: string) {
  return error.issues.map((issue) => {
    const path = [...(prefix ? [prefix] : []), ...issue.path.map(String)].join('.');
    return path
      ? { code: 'VALIDATION_ERROR', message: issue.message, source: path }
      : { code: 'VALIDATION_ERROR', message: issue.message };
  });
}

function parse<T>(schema: ZodType<T> | undefined, value: unknown, prefix?: string): T {
  if (!schema) return undefined as T;
  const result = schema.safeParse(value);
  if (!result.success) throw validationFailed(issuesToErrors(result.error, prefix));
  return result.data;
}

/**
 * Every API route is declared through this registry: its access rule, its zod schemas and its
 * handler. The registry mounts it, validates input (422 with field paths), checks access, and
 * keeps the declaration for the OpenAPI document and for the tests that walk every route.
 */
export class RouteRegistry {
  readonly routes: RouteSpec[] = [];
  private readonly audit: AuditLog | undefined;

  constructor(audit?: AuditLog) {
    this.audit = audit;
  }

  add<P, Q, B>(router: Router, spec: RouteSpec<P, Q, B>): void {
    this.routes.push(spec as unknown as RouteSpec);
    router[spec.method](spec.path, async (req: Request, res: Response, next: NextFunction) => {
      try {
        const auth = res.locals.auth as AuthContext | undefined;
        if (!('public' in spec.access)) {
          if (!auth) throw unauthorized();
          if ('permission' in spec.access && !auth.can(spec.access.permission)) throw forbidden();
        }
        const params = parse(spec.params, req.params);
        const query = parse(spec.query, req.query);
        const body = parse(spec.body, req.body ?? {});
        const result = await spec.handler({ req, res, params, query, body, auth: auth as AuthContext });
        if (res.headersSent) return;
        // Every successful write is audit-logged, with both identities while impersonating.
        if (spec.method !== 'get' && this.audit && result?.audit !== false) {
          const caller = (res.locals.auth as AuthContext | undefined) ?? auth;
          await this.audit.append({
            actorUserId: caller?.actorUserId,
            userId: caller?.userId,
            companyId: caller?.companyId,
            action: `${spec.method.toUpperCase()} ${spec.path}`,
            entity: spec.tag,
            entityId: undefined,
            before: undefined,
            after: spec.body ? body : undefined,
            ...result?.audit,
          });
        }
        res.status(result?.status ?? 200).json({
          success: true,
          data: result?.data ?? null,
          ...(result?.meta ? { meta: result.meta } : {}),
          errors: [],
        });
      } catch (error) {
        next(error);
      }
    });
  }
}

export const idParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
