import type { BrandIssue } from '@fleetport/contracts/brand';
import { type Envelope, failure, ok } from '@fleetport/contracts/envelope';
import express, { type NextFunction, type Request, type Response, Router } from 'express';
import type { LoadedBrand } from '../brands/load.ts';
import { MAX_BRAND_FILE_BYTES } from '../brands/load.ts';
import type { BrandImageUpload, BrandStore, StoreWriteResult } from '../brands/store.ts';
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

function summary(brand: LoadedBrand) {
  return {
    id: brand.config.id,
    default: brand.config.default,
    hostnames: brand.config.hostnames,
    app_name: brand.config.app_name,
    company_name: brand.config.company_name,
    file: brand.file,
  };
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

/**
 * The ops API for brands (`/edge/brands`), authorised by BRAND_ADMIN_TOKEN. Every write goes
 * through the store, which validates the whole set and writes atomically.
 */
export function createBrandsRouter(store: BrandStore, adminToken: string | undefined): Router {
  const router = Router();

  router.use((req: Request, res: Response, next: NextFunction) => {
    res.setHeader('Cache-Control', 'no-store');
    if (!adminToken) {
      res.status(503).json(failure('ADMIN_DISABLED', 'Brand administration is off: set BRAND_ADMIN_TOKEN.'));
      return;
    }
    if (!tokenMatches(bearerToken(req.headers.authorization), adminToken)) {
      res.setHeader('WWW-Authenticate', 'Bearer realm="fleetport-edge"');
      res.status(401).json(failure('UNAUTHORIZED', 'A valid ops token is required.'));
      return;
    }
    next();
  });

  const json = express.json({ limit: '64kb' });
  const image = express.raw({ type: () => true, limit: MAX_BRAND_FILE_BYTES });

  router.get('/', (_req, res) => {
    const brands = [...store.current().byId.values()].map(summary);
    res.json(ok(brands, { total: brands.length }));
  });

  router.post('/validate', json, async (req, res) => {
    const issues = await store.validate(req.body);
    if (issues.length > 0) res.status(422).json(issuesEnvelope('VALIDATION_ERROR', issues));
    else res.json(ok({ valid: true }));
  });

  router.get('/:id', (req, res) => {
    const brand = store.current().byId.get(req.params.id);
    if (!brand) res.status(404).json(failure('NOT_FOUND', 'No such brand.', 'id'));
    else res.json(ok({ config: brand.config, public: brand.public }));
  });

  router.post('/', json, async (req, res) => {
    const result = await store.put(req.body, { create: true });
    reply(res, result, 201, () => summary(store.current().byId.get(String(req.body.id)) as LoadedBrand));
  });

  router.put('/:id', json, async (req, res) => {
    const body =
      typeof req.body === 'object' && req.body !== null ? { ...req.body, id: req.params.id } : req.body;
    const result = await store.put(body, { create: false });
    reply(res, result, 200, () => summary(store.current().byId.get(String(req.params.id)) as LoadedBrand));
  });

  router.delete('/:id', async (req, res) => {
    const result = await store.remove(req.params.id);
    reply(res, result, 200, () => ({ id: req.params.id }));
  });

  router.put('/:id/:kind', image, async (req, res) => {
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
