import {
  type BrandConfig,
  type BrandDetail,
  type BrandIssue,
  type BrandRights,
  type BrandSummary,
  parseBrandConfig,
} from '@fleetport/contracts/brand';
import { type Envelope, failure, ok } from '@fleetport/contracts/envelope';
import express, { type NextFunction, type Request, type Response, Router } from 'express';
import type { LoadedBrand } from '../brands/load.ts';
import { MAX_BRAND_FILE_BYTES } from '../brands/load.ts';
import type { BrandImageUpload, BrandStore, StoreWriteResult } from '../brands/store.ts';
import type { BrandAccess, SessionVerifier } from './session.ts';
import { bearerToken, tokenMatches } from './token.ts';

/** Upload types and the bytes a real file of that type starts with. */
const IMAGE_TYPES: Record<
  string,
  { extension: BrandImageUpload['extension']; magic?: (bytes: Buffer) => boolean }
> = {
  'image/svg+xml': { extension: '.svg' },
  'image/png': {
    extension: '.png',
    magic: (b) => b.subarray(0, 8).equals(Buffer.from('89504e470d0a1a0a', 'hex')),
  },
  'image/x-icon': {
    extension: '.ico',
    magic: (b) => b.subarray(0, 4).equals(Buffer.from('00000100', 'hex')),
  },
  'image/vnd.microsoft.icon': {
    extension: '.ico',
    magic: (b) => b.subarray(0, 4).equals(Buffer.from('00000100', 'hex')),
  },
  'image/webp': {
    extension: '.webp',
    magic: (b) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
};

/**
 * What an admin of a brand's owner company may change (its look); everything else (hostnames,
 * the default flag, owner, e-mail base URL, disabled routes, features) is the platform's.
 */
export const LOOK_FIELDS = [
  'company_name',
  'app_name',
  'full_app_name',
  'brand_color',
  'dark_mode_text_color',
  'logo_subtext',
  'purchase_link',
  'terms_url',
  'logo',
  'favicon',
] as const satisfies readonly (keyof BrandConfig)[];
const LOOK = new Set<string>(LOOK_FIELDS);

/** Who is calling: ops (the token) and super admins may do everything; owners edit a look. */
type Caller = { kind: 'ops' } | { kind: 'session'; access: BrandAccess };
type Rights = BrandRights;

function rightsOver(caller: Caller, brand: LoadedBrand): Rights {
  if (caller.kind === 'ops' || caller.access.superAdmin) return 'all';
  const owner = brand.config.owner_company_id;
  return owner !== undefined && caller.access.companies.includes(owner) ? 'look' : 'none';
}

function summary(brand: LoadedBrand, rights: Rights): BrandSummary {
  return {
    id: brand.config.id,
    default: brand.config.default,
    hostnames: brand.config.hostnames,
    app_name: brand.config.app_name,
    company_name: brand.config.company_name,
    brand_color: brand.config.brand_color,
    logo_url: brand.public.logo_url,
    owner_company_id: brand.config.owner_company_id ?? null,
    file: brand.file,
    access: rights,
  };
}

/** The platform fields a body would change (owners may not): the first, for the error's source. */
function changedPlatformField(current: BrandConfig, next: BrandConfig): string | undefined {
  const keys = new Set([...Object.keys(current), ...Object.keys(next)]);
  for (const key of keys) {
    if (LOOK.has(key)) continue;
    const before = JSON.stringify(current[key as keyof BrandConfig] ?? null);
    const after = JSON.stringify(next[key as keyof BrandConfig] ?? null);
    if (before !== after) return key;
  }
  return undefined;
}

function issuesEnvelope(code: string, issues: readonly BrandIssue[]): Envelope<never> {
  return {
    success: false,
    errors: issues.map((issue) => ({
      code,
      message: `${issue.file}: ${issue.message}`,
      source: issue.field,
    })),
  };
}

const STATUS = { not_found: 404, conflict: 409, invalid: 422 } as const;
const CODE = { not_found: 'NOT_FOUND', conflict: 'CONFLICT', invalid: 'VALIDATION_ERROR' } as const;

function reply(res: Response, result: StoreWriteResult, status: number, data: () => unknown): void {
  if (result.ok) res.status(status).json(ok(data()));
  else res.status(STATUS[result.reason]).json(issuesEnvelope(CODE[result.reason], result.issues));
}

export interface BrandsRouterOptions {
  /** BRAND_ADMIN_TOKEN: ops tooling sends it as a bearer token. */
  adminToken: string | undefined;
  /** Checks a console session against the API (super admins, admins of owner companies). */
  verifySession?: SessionVerifier | undefined;
}

const forbidden = (message: string, source?: string) => failure('FORBIDDEN', message, source);

/**
 * The brand administration API (`/edge/brands`). Two kinds of caller:
 * - ops tooling with BRAND_ADMIN_TOKEN as a bearer token: everything;
 * - a console session (the API's cookie, checked by the API on every request): a super admin
 *   everything, an admin of a brand's owner company that brand's look (LOOK_FIELDS, logo,
 *   favicon) and nothing else; anyone else 403.
 * Every write goes through the store, which validates the whole set and writes atomically.
 */
export function createBrandsRouter(store: BrandStore, options: BrandsRouterOptions): Router {
  const { adminToken, verifySession } = options;
  const router = Router();

  router.use(async (req: Request, res: Response, next: NextFunction) => {
    res.setHeader('Cache-Control', 'no-store');
    const presented = bearerToken(req.headers.authorization);
    if (presented === undefined && req.headers.cookie && verifySession) {
      const owners = [
        ...new Set(
          [...store.current().byId.values()].flatMap((brand) =>
            brand.config.owner_company_id === undefined ? [] : [brand.config.owner_company_id],
          ),
        ),
      ];
      let check: Awaited<ReturnType<SessionVerifier>>;
      try {
        check = await verifySession(req, owners);
      } catch {
        res.status(502).json(failure('API_UNAVAILABLE', 'The API could not check the session. Try again.'));
        return;
      }
      if (!check.ok) {
        res.status(check.status).json(check.body ?? failure('UNAUTHORIZED', 'Sign in again.'));
        return;
      }
      if (!check.access.superAdmin && check.access.companies.length === 0) {
        res.status(403).json(forbidden("Only super admins and admins of a brand's company manage brands."));
        return;
      }
      res.locals.caller = { kind: 'session', access: check.access } satisfies Caller;
      next();
      return;
    }
    if (!adminToken) {
      res
        .status(presented === undefined ? 401 : 503)
        .json(
          presented === undefined
            ? failure('UNAUTHORIZED', 'Sign in to the console as a super admin.')
            : failure('ADMIN_DISABLED', 'Brand administration by token is off: set BRAND_ADMIN_TOKEN.'),
        );
      return;
    }
    if (!tokenMatches(presented, adminToken)) {
      res.setHeader('WWW-Authenticate', 'Bearer realm="fleetport-edge"');
      res.status(401).json(failure('UNAUTHORIZED', 'A valid ops token is required.'));
      return;
    }
    res.locals.caller = { kind: 'ops' } satisfies Caller;
    next();
  });

  const callerOf = (res: Response): Caller => res.locals.caller as Caller;
  /** The brand and the caller's rights over it; answers 404 (unknown or not theirs) itself. */
  const brandFor = (req: Request, res: Response): { brand: LoadedBrand; rights: Rights } | undefined => {
    const brand = store.current().byId.get(String(req.params.id));
    const rights = brand ? rightsOver(callerOf(res), brand) : 'none';
    if (!brand || rights === 'none') {
      res.status(404).json(failure('NOT_FOUND', 'No such brand.', 'id'));
      return undefined;
    }
    return { brand, rights };
  };
  /** Creating, deleting and validating whole brands are for ops and super admins. */
  const platformOnly = (_req: Request, res: Response, next: NextFunction) => {
    const caller = callerOf(res);
    if (caller.kind === 'ops' || caller.access.superAdmin) next();
    else res.status(403).json(forbidden('Only super admins create or delete brands.'));
  };

  const json = express.json({ limit: '64kb' });
  const image = express.raw({ type: () => true, limit: MAX_BRAND_FILE_BYTES });

  router.get('/', (_req, res) => {
    const caller = callerOf(res);
    const brands = [...store.current().byId.values()]
      .map((brand) => ({ brand, rights: rightsOver(caller, brand) }))
      .filter(({ rights }) => rights !== 'none')
      .map(({ brand, rights }) => summary(brand, rights));
    res.json(ok(brands, { total: brands.length }));
  });

  router.post('/validate', platformOnly, json, async (req, res) => {
    const issues = await store.validate(req.body);
    if (issues.length > 0) res.status(422).json(issuesEnvelope('VALIDATION_ERROR', issues));
    else res.json(ok({ valid: true }));
  });

  router.get('/:id', (req, res) => {
    const found = brandFor(req, res);
    if (found) {
      const detail: BrandDetail = {
        config: found.brand.config,
        public: found.brand.public,
        access: found.rights,
      };
      res.json(ok(detail));
    }
  });

  router.post('/', platformOnly, json, async (req, res) => {
    const result = await store.put(req.body, { create: true });
    reply(res, result, 201, () =>
      summary(store.current().byId.get(String(req.body.id)) as LoadedBrand, 'all'),
    );
  });

  router.put('/:id', json, async (req, res) => {
    const found = brandFor(req, res);
    if (!found) return;
    const body =
      typeof req.body === 'object' && req.body !== null ? { ...req.body, id: req.params.id } : req.body;
    if (found.rights === 'look') {
      const parsed = parseBrandConfig(body, found.brand.file);
      const changed = parsed.success ? changedPlatformField(found.brand.config, parsed.brand) : undefined;
      if (changed) {
        res
          .status(403)
          .json(
            forbidden(`Only a super admin may change ${changed}: you may change the brand's look.`, changed),
          );
        return;
      }
    }
    const result = await store.put(body, { create: false });
    reply(res, result, 200, () =>
      summary(store.current().byId.get(String(req.params.id)) as LoadedBrand, found.rights),
    );
  });

  router.delete('/:id', platformOnly, async (req, res) => {
    const id = String(req.params.id);
    const result = await store.remove(id);
    reply(res, result, 200, () => ({ id }));
  });

  router.put('/:id/:kind', image, async (req, res) => {
    if (!brandFor(req, res)) return;
    const kind = req.params.kind;
    if (kind !== 'logo' && kind !== 'favicon') {
      res.status(404).json(failure('NOT_FOUND', 'Unknown brand file: use logo or favicon.'));
      return;
    }
    const contentType = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    const type = IMAGE_TYPES[contentType];
    const bytes = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    if (!type) {
      res.status(415).json(failure('UNSUPPORTED_MEDIA_TYPE', `Upload an SVG, PNG, ICO or WebP image.`, kind));
      return;
    }
    if (bytes.length === 0 || (type.magic && !type.magic(bytes))) {
      res
        .status(422)
        .json(failure('VALIDATION_ERROR', `The file is not a valid ${contentType} image.`, kind));
      return;
    }
    const result = await store.putImage(req.params.id, { kind, extension: type.extension, bytes });
    reply(res, result, 200, () => store.current().byId.get(req.params.id)?.public);
  });

  router.use(
    (error: Error & { status?: number; type?: string }, _req: Request, res: Response, next: NextFunction) => {
      if (res.headersSent) return next(error);
      if (error.type === 'entity.too.large') {
        res
          .status(413)
          .json(failure('PAYLOAD_TOO_LARGE', `Uploads are limited to ${MAX_BRAND_FILE_BYTES} bytes.`));
      } else if (error.type === 'entity.parse.failed') {
        res.status(400).json(failure('INVALID_JSON', 'The body is not valid JSON.'));
      } else next(error);
    },
  );

  return router;
}
