import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AuditEvent } from '@fleetport/contracts/audit-events';
import { idSchema } from '@fleetport/contracts/fields';
import type { Permission } from '@fleetport/contracts/permissions';
import type { NextFunction, Request, Response, Router } from 'express';
import { type ZodType, z } from 'zod';
import type { AuditEntry, AuditLog } from '../modules/audit/chain.ts';
import type { AuthContext } from '../modules/auth/context.ts';
import { ApiError, forbidden, inputRefusedByDatabase, unauthorized, validationFailed } from './errors.ts';
import { type MultipartSpec, MultipartUpload, type UploadedFile } from './uploads.ts';

export type Method = 'get' | 'post' | 'put' | 'delete' | 'patch';

/** Who may call a route: anyone, any signed-in user, or holders of a permission. */
export type Access = { public: true } | { signedIn: true } | { permission: Permission };

/** What a handler changes of its write's audit entry; `event` when it depends on the request. */
export type AuditOverride = Partial<Omit<AuditEntry, 'event'>> & { event?: AuditEvent };

export interface RouteResult {
  status?: number;
  data?: unknown;
  meta?: Record<string, unknown>;
  /** What the audit log records of a write; by default the route, the caller and the body. */
  audit?: AuditOverride | false;
}

export interface RouteContext<P, Q, B> {
  req: Request;
  res: Response;
  params: P;
  query: Q;
  body: B;
  /** Present on every route that is not public. */
  auth: AuthContext;
  /** The files of a multipart route (temporary: deleted after the request unless moved). */
  files: UploadedFile[];
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
  /** On a multipart route: the text fields, rebuilt as in spec §7 (see form-fields.ts). */
  body?: ZodType<B>;
  /** Takes `multipart/form-data` (uploads): read only after access is granted. */
  multipart?: MultipartSpec;
  /**
   * The schema of `data` in a successful answer, from `contracts/`: the OpenAPI document shows
   * it, and with `checkResponses` (the tests) every answer is checked against it.
   */
  response?: ZodType;
  /** A route that answers raw bytes of this media type instead of the envelope (documentation). */
  produces?: string;
  /**
   * Also serves an account that still owes e-mail verification or MFA enrolment (GET /user,
   * the enrolment and resend calls, logout). Every other signed-in route answers those
   * accounts with the global error EMAIL_NOT_VERIFIED or MFA_MANDATORY (spec §8).
   */
  incompleteAccount?: true;
  /** Extra statuses this route answers besides the common ones (documentation). */
  statuses?: Record<number, string>;
  /**
   * The event type its audit entries record (contracts/src/audit-events.ts), or how the body
   * decides it (a reboot or a refresh). Every write route names one; a handler may still name
   * another per request (`audit.event`). Without either, see {@link fallbackEvent}.
   */
  event?: AuditEvent | ((body: B) => AuditEvent);
  handler: (context: RouteContext<P, Q, B>) => Promise<RouteResult | undefined> | RouteResult | undefined;
}

const VERBS: Record<Method, string> = {
  get: 'read',
  post: 'create',
  put: 'update',
  patch: 'update',
  delete: 'delete',
};

/**
 * The event type of an entry whose route names none: `<entity>.<what>`, where what is the path's
 * last word (`POST /devices/bulk` → `device.bulk`) or else create, update or delete by the method.
 * The console reads an event type it has no sentence for as a generic one about its subject.
 */
export function fallbackEvent(method: Method, path: string, entity: string): string {
  const parts = path.split('/').filter(Boolean);
  const last = parts.at(-1) ?? '';
  const what = parts.length > 1 && !last.startsWith(':') ? last : VERBS[method];
  return `${entity}.${what}`;
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

/**
 * A successful answer whose `data` does not match its route's declared response schema. Only
 * thrown with `checkResponses` (the tests): the answer becomes a 500, and the error, logged,
 * names the route and each issue.
 */
export class ResponseMismatchError extends Error {
  readonly route: string;
  readonly issues: readonly string[];

  constructor(route: string, issues: readonly string[]) {
    super(`${route} answered data that does not match its response schema:\n  ${issues.join('\n  ')}`);
    this.name = 'ResponseMismatchError';
    this.route = route;
    this.issues = issues;
  }
}

/** The schema an answer is checked against: a list asked for some `fields` carries only those. */
export function answerSchema(response: ZodType, query: unknown): ZodType {
  const fields = (query as { fields?: unknown } | null | undefined)?.fields;
  if (!Array.isArray(fields) || !(response instanceof z.ZodArray)) return response;
  const element = response.element;
  if (!(element instanceof z.ZodObject)) return response;
  const mask = Object.fromEntries(
    fields.filter((name) => typeof name === 'string' && name in element.shape).map((name) => [name, true]),
  ) as Record<string, true>;
  return z.array(element.pick(mask));
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Keys of the answer that the schema does not describe (zod drops them silently when it parses). */
function unknownKeys(sent: unknown, parsed: unknown, path: string): string[] {
  if (Array.isArray(sent) && Array.isArray(parsed)) {
    return sent.flatMap((item, index) => unknownKeys(item, parsed[index], `${path}.${index}`));
  }
  if (!isRecord(sent) || !isRecord(parsed)) return [];
  return Object.entries(sent).flatMap(([key, value]) =>
    key in parsed
      ? unknownKeys(value, parsed[key], `${path}.${key}`)
      : [`${path}.${key}: not in the response schema`],
  );
}

/**
 * What is wrong with `data` as an answer described by `response`, as the client receives it
 * (JSON: dates as strings, undefined keys gone): zod's issues, then any key the schema does not
 * know. Empty when it matches.
 */
export function responseIssues(response: ZodType, data: unknown): string[] {
  const sent: unknown = JSON.parse(JSON.stringify(data ?? null));
  const result = response.safeParse(sent);
  if (!result.success) {
    return result.error.issues.map(
      (issue) => `${['data', ...issue.path.map(String)].join('.')}: ${issue.message} (${issue.code})`,
    );
  }
  return unknownKeys(sent, result.data, 'data');
}

function parse<T>(schema: ZodType<T> | undefined, value: unknown, prefix?: string): T {
  if (!schema) return undefined as T;
  const result = schema.safeParse(value);
  if (!result.success) throw validationFailed(issuesToErrors(result.error, prefix));
  return result.data;
}

/** The global errors of an account that may not use the console yet (spec §8), or undefined. */
export function accountGate(auth: AuthContext, mfaRequired: boolean): ApiError | undefined {
  // While impersonating, the admin's own account is what counts, and it passed to get here.
  if (auth.actorUserId !== undefined) return undefined;
  if (!auth.emailVerified) {
    return new ApiError(403, [
      { code: 'EMAIL_NOT_VERIFIED', message: 'Please verify your e-mail address to continue.' },
    ]);
  }
  if (mfaRequired && !auth.mfaType) {
    return new ApiError(403, [
      { code: 'MFA_MANDATORY', message: 'Multi-factor authentication is required for your account.' },
    ]);
  }
  return undefined;
}

export interface RouteRegistryOptions {
  audit?: AuditLog;
  mfaRequired?: boolean;
  uploadDir?: string;
  /**
   * Checks every successful answer's `data` against the route's `response` schema before it is
   * sent; a mismatch is a 500 whose logged error names the route and the issues. On in the
   * tests (so the API and the console cannot drift apart silently), off in production.
   */
  checkResponses?: boolean;
}

/**
 * Every API route is declared through this registry: its access rule, its zod schemas and its
 * handler. The registry mounts it, validates input (422 with field paths), checks access, and
 * keeps the declaration for the OpenAPI document and for the tests that walk every route. With
 * `checkResponses` it also checks each answer against the route's response schema.
 */
export class RouteRegistry {
  readonly routes: RouteSpec[] = [];
  private readonly audit: AuditLog | undefined;
  private readonly mfaRequired: boolean;
  private readonly uploadDir: string;
  private readonly checkResponses: boolean;

  constructor(options: RouteRegistryOptions = {}) {
    this.audit = options.audit;
    this.mfaRequired = options.mfaRequired ?? false;
    this.uploadDir = options.uploadDir ?? join(tmpdir(), 'fleetport-uploads');
    this.checkResponses = options.checkResponses ?? false;
  }

  add<P, Q, B>(router: Router, spec: RouteSpec<P, Q, B>): void {
    this.routes.push(spec as unknown as RouteSpec);
    router[spec.method](spec.path, async (req: Request, res: Response, next: NextFunction) => {
      const upload = spec.multipart && new MultipartUpload(req, spec.multipart, this.uploadDir);
      try {
        const auth = res.locals.auth as AuthContext | undefined;
        if (!('public' in spec.access)) {
          if (!auth) throw unauthorized();
          const gate = spec.incompleteAccount ? undefined : accountGate(auth, this.mfaRequired);
          if (gate) throw gate;
          if ('permission' in spec.access && !auth.can(spec.access.permission)) throw forbidden();
        }
        const params = parse(spec.params, req.params);
        const query = parse(spec.query, req.query);
        // Access and the URL are checked before a byte of an upload is read.
        const body = parse(spec.body, upload ? await upload.receive() : (req.body ?? {}));
        upload?.requireFiles();
        const files = upload?.files ?? [];
        const result = await spec.handler({
          req,
          res,
          params,
          query,
          body,
          auth: auth as AuthContext,
          files,
        });
        // Temporary files go before the answer does, so a client never sees them linger.
        await upload?.discard();
        if (res.headersSent) return;
        if (this.checkResponses && spec.response) {
          const issues = responseIssues(answerSchema(spec.response, query), result?.data ?? null);
          if (issues.length > 0) {
            throw new ResponseMismatchError(`${spec.method.toUpperCase()} ${spec.path}`, issues);
          }
        }
        // Every successful write is audit-logged, with both identities while impersonating.
        if (spec.method !== 'get' && this.audit && result?.audit !== false) {
          const caller = (res.locals.auth as AuthContext | undefined) ?? auth;
          const entry: AuditEntry = {
            actorUserId: caller?.actorUserId,
            userId: caller?.userId,
            companyId: caller?.companyId,
            action: `${spec.method.toUpperCase()} ${spec.path}`,
            entity: spec.tag,
            entityId: undefined,
            before: undefined,
            after: spec.body ? body : undefined,
            ...result?.audit,
          };
          const declared = typeof spec.event === 'function' ? spec.event(body) : spec.event;
          entry.event ??= declared ?? fallbackEvent(spec.method, spec.path, entry.entity);
          await this.audit.append(entry);
        }
        res.status(result?.status ?? 200).json({
          success: true,
          data: result?.data ?? null,
          ...(result?.meta ? { meta: result.meta } : {}),
          errors: [],
        });
      } catch (error) {
        await upload?.discard();
        // A value the database refused (out of range, NUL) is the caller's 422, not a 500.
        next(inputRefusedByDatabase(error) ?? error);
      }
    });
  }
}

/** A route's `{id}`: a row id (1 to 2147483647), so a larger one is a 422, not an overflow. */
export const idParam = z.object({ id: idSchema });
