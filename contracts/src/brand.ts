import { z } from 'zod';
import { idSchema } from './fields.ts';
import { DOMAIN_NAME_MAX_LENGTH } from './patterns.ts';
import { ROUTE_NAMES, type RouteName } from './routes.ts';

/**
 * Brand configuration (spec §1 "Branding configuration"): `themes/<id>/brand.json` plus the
 * files it names. Field names follow the spec's snake_case wire format.
 */

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;
const BRAND_ID = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
/** A DNS label in punycode form (IDN hostnames are stored as punycode). */
const LABEL = '(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)';
const EXACT_HOST = new RegExp(`^${LABEL}(?:\\.${LABEL})*$`);
const WILDCARD_HOST = new RegExp(`^\\*(?:\\.${LABEL})+$`);
/** A file that sits beside brand.json: no folders, no dotfiles. */
const BRAND_FILE = /^[a-z0-9][a-z0-9._-]{0,99}$/i;

/** The longest texts of a brand (brand.json and the brand forms alike). */
export const BRAND_TEXT_LIMITS = {
  company_name: 100,
  app_name: 60,
  full_app_name: 120,
  logo_subtext: 60,
  /** purchase_link, terms_url, public_base_url. */
  url: 2000,
} as const;
/** The most host names one brand answers on. */
export const BRAND_HOSTNAMES_MAX = 50;
/** Longer than any route name of the catalogue (routes.ts). */
const ROUTE_NAME_MAX_LENGTH = 100;

export const BRAND_IMAGE_TYPES = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
} as const;
export type BrandImageExtension = keyof typeof BRAND_IMAGE_TYPES;

/** A form's empty answer for an optional field means "none". */
const blankAsAbsent = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), schema.optional());

const colour = z.string().regex(HEX_COLOUR, { message: 'must be a hex colour like #1a73e8' });

const httpsUrl = z
  .url({ protocol: /^https$/, message: 'must be an https:// URL' })
  .max(BRAND_TEXT_LIMITS.url);

const imageFile = z
  .string()
  .regex(BRAND_FILE, { message: 'must be a file name beside brand.json (no folders)' })
  .refine((name) => imageExtension(name) !== undefined, {
    message: `must end in ${Object.keys(BRAND_IMAGE_TYPES).join(', ')}`,
  });

const hostname = z
  .string()
  .max(DOMAIN_NAME_MAX_LENGTH)
  .refine((host) => host === host.toLowerCase(), { message: 'must be lower case' })
  .refine((host) => EXACT_HOST.test(host) || WILDCARD_HOST.test(host), {
    message: 'must be a host name (punycode for IDN) or a wildcard such as *.acme.example',
  });

const routeName = z
  .string()
  .max(ROUTE_NAME_MAX_LENGTH)
  .refine((name): name is RouteName => ROUTE_NAMES.has(name), {
    message: 'is not a route name of the route catalogue',
  });

export const brandConfigSchema = z
  .object({
    id: z.string().regex(BRAND_ID, { message: 'must be lower-case letters, digits and dashes' }),
    default: z.boolean().default(false),
    hostnames: z.array(hostname).max(BRAND_HOSTNAMES_MAX).default([]),
    company_name: z.string().trim().min(1).max(BRAND_TEXT_LIMITS.company_name),
    app_name: z.string().trim().min(1).max(BRAND_TEXT_LIMITS.app_name),
    full_app_name: z.string().trim().min(1).max(BRAND_TEXT_LIMITS.full_app_name),
    brand_color: colour,
    dark_mode_text_color: colour,
    logo: imageFile,
    logo_subtext: blankAsAbsent(z.string().max(BRAND_TEXT_LIMITS.logo_subtext)),
    favicon: imageFile,
    purchase_link: blankAsAbsent(httpsUrl),
    /** The brand's terms and conditions, linked from the console's terms dialog. */
    terms_url: blankAsAbsent(httpsUrl),
    disabled_routes: z.array(routeName).default([]),
    /** Device imagery; on by default for the default brand only (spec §1). */
    branded_devices: z.boolean().optional(),
    /** Data-allowance purchase; on by default for the default brand only (spec §1). */
    data_feature: z.boolean().optional(),
    /** Base of links in e-mails; never taken from the request's Host. */
    public_base_url: z
      .url({ protocol: /^https?$/, message: 'must be an http(s):// URL' })
      .max(BRAND_TEXT_LIMITS.url),
    owner_company_id: blankAsAbsent(idSchema),
    /**
     * White-label sign-in: only users of the owner company's subtree (and platform staff) sign
     * in on this brand's hosts; anyone else is answered as a wrong password would be.
     */
    restrict_sign_in: z.boolean().default(false),
  })
  .strict();

export type BrandConfigInput = z.input<typeof brandConfigSchema>;

/** A brand as loaded (parseBrandConfig): brand.json checked, its features decided (spec §1). */
export const loadedBrandConfigSchema = brandConfigSchema.extend({
  branded_devices: z.boolean(),
  data_feature: z.boolean(),
});
export type BrandConfig = z.output<typeof loadedBrandConfigSchema>;

/** The brand as the console receives it, injected into index.html. Nothing private. */
export const publicBrandSchema = z.object({
  id: z.string(),
  company_name: z.string(),
  app_name: z.string(),
  full_app_name: z.string(),
  brand_color: colour,
  dark_mode_text_color: colour,
  logo_url: z.string(),
  logo_subtext: z.string().optional(),
  favicon_url: z.string(),
  purchase_link: z.string().optional(),
  terms_url: z.string().optional(),
  disabled_routes: z.array(routeName),
  branded_devices: z.boolean(),
  data_feature: z.boolean(),
});
export type PublicBrand = z.infer<typeof publicBrandSchema>;

/** One problem found in a brand: the file, the field path and the rule it breaks. */
export interface BrandIssue {
  file: string;
  field: string;
  message: string;
}

export function formatBrandIssue(issue: BrandIssue): string {
  return `${issue.file}: ${issue.field || '(file)'}: ${issue.message}`;
}

export type BrandParseResult =
  | { success: true; brand: BrandConfig }
  | { success: false; issues: BrandIssue[] };

/** Validates one brand.json document; `file` names it in every issue. */
export function parseBrandConfig(raw: unknown, file: string): BrandParseResult {
  const result = brandConfigSchema.safeParse(raw);
  if (!result.success) {
    return {
      success: false,
      issues: result.error.issues.map((issue) => ({
        file,
        field: issue.path.join('.'),
        message: issue.message,
      })),
    };
  }
  const brand = result.data;
  // A cross-field rule, checked here rather than as a refinement so that forms can still take
  // a partial copy of the schema.
  if (brand.restrict_sign_in && brand.owner_company_id === undefined) {
    return {
      success: false,
      issues: [
        { file, field: 'restrict_sign_in', message: 'needs owner_company_id: whose users may sign in' },
      ],
    };
  }
  return {
    success: true,
    brand: {
      ...brand,
      branded_devices: brand.branded_devices ?? brand.default,
      data_feature: brand.data_feature ?? brand.default,
    },
  };
}

/**
 * Rules across brands: exactly one default brand, unique ids, and no host name (exact or
 * wildcard) claimed twice. `fileOf` names the file of a brand in the issues.
 */
export function validateBrandSet(
  brands: readonly BrandConfig[],
  fileOf: (brand: BrandConfig) => string,
): BrandIssue[] {
  const issues: BrandIssue[] = [];
  const defaults = brands.filter((brand) => brand.default);
  if (defaults.length === 0) {
    issues.push({
      file: '(brands)',
      field: 'default',
      message: 'exactly one brand must be the default; none is',
    });
  }
  for (const extra of defaults.slice(1)) {
    issues.push({
      file: fileOf(extra),
      field: 'default',
      message: `exactly one brand must be the default; ${fileOf(defaults[0] as BrandConfig)} already is`,
    });
  }
  const ids = new Map<string, BrandConfig>();
  const hosts = new Map<string, BrandConfig>();
  for (const brand of brands) {
    const sameId = ids.get(brand.id);
    if (sameId) {
      issues.push({ file: fileOf(brand), field: 'id', message: `id is already used by ${fileOf(sameId)}` });
    }
    ids.set(brand.id, brand);
    brand.hostnames.forEach((host, index) => {
      const owner = hosts.get(host);
      if (owner && owner !== brand) {
        issues.push({
          file: fileOf(brand),
          field: `hostnames.${index}`,
          message: `${host} is already claimed by ${fileOf(owner)}`,
        });
      }
      hosts.set(host, brand);
    });
  }
  return issues;
}

export function imageExtension(file: string): BrandImageExtension | undefined {
  const dot = file.lastIndexOf('.');
  const extension = dot < 0 ? '' : file.slice(dot).toLowerCase();
  return extension in BRAND_IMAGE_TYPES ? (extension as BrandImageExtension) : undefined;
}

export function isHexColour(value: string): boolean {
  return HEX_COLOUR.test(value);
}

/** GET and POST /brand-access: the owner companies of the brands the edge is asked about. */
export const brandAccessQuerySchema = z.object({
  companies: z
    .string()
    .max(2000)
    .regex(/^(\d{1,12}(,\d{1,12})*)?$/, { message: 'must be company ids separated by commas' })
    .optional()
    .describe('the owner companies of the brands the edge is asked about'),
});

/** GET and POST /brand-access: what the signed-in caller may do with brands (the edge asks). */
export const brandAccessSchema = z.object({
  super_admin: z.boolean().describe('may administer every brand (create, hostnames, delete)'),
  companies: z
    .array(z.number())
    .describe("of the companies asked about, those whose brand's look the caller may edit"),
});
export type BrandAccess = z.infer<typeof brandAccessSchema>;

/**
 * The edge's brand administration answers (GET /edge/brands, /edge/brands/{id};
 * theme-server/src/admin/brands-router.ts builds them with these types, its tests parse them with
 * these schemas, the console reads them). What the caller may change of a brand: everything
 * (ops, super admins), the look (the owner company's admins), or nothing.
 */
export const BRAND_RIGHTS = ['all', 'look', 'none'] as const;
export type BrandRights = (typeof BRAND_RIGHTS)[number];

/** A row of GET /edge/brands; also the answer of POST /edge/brands and PUT /edge/brands/{id}. */
export const brandSummarySchema = z.object({
  id: z.string(),
  default: z.boolean(),
  hostnames: z.array(z.string()),
  app_name: z.string(),
  company_name: z.string(),
  brand_color: colour,
  logo_url: z.string(),
  owner_company_id: z.number().nullable(),
  /** The brand's folder under the themes directory. */
  file: z.string(),
  access: z.enum(BRAND_RIGHTS),
});
export type BrandSummary = z.infer<typeof brandSummarySchema>;

/** GET /edge/brands/{id}: the configuration, what the console receives of it, the caller's rights. */
export const brandDetailSchema = z.object({
  config: loadedBrandConfigSchema,
  public: publicBrandSchema,
  access: z.enum(BRAND_RIGHTS),
});
export type BrandDetail = z.infer<typeof brandDetailSchema>;
