import { describe, expect, it } from 'vitest';
import { type BrandConfig, formatBrandIssue, parseBrandConfig, validateBrandSet } from './brand.ts';

const valid = {
  id: 'acme',
  hostnames: ['acme.example', '*.acme.example'],
  company_name: 'Acme Networks',
  app_name: 'Acme Cloud',
  full_app_name: 'Acme Networks Cloud Manager',
  brand_color: '#c2410c',
  dark_mode_text_color: '#fdebd3',
  logo: 'logo.svg',
  favicon: 'favicon.svg',
  purchase_link: 'https://acme.example/buy',
  public_base_url: 'https://acme.example',
};

function issuesOf(raw: unknown) {
  const result = parseBrandConfig(raw, 'themes/acme/brand.json');
  if (result.success) throw new Error('expected the brand to be rejected');
  return result.issues;
}

function brand(raw: Record<string, unknown>): BrandConfig {
  const result = parseBrandConfig({ ...valid, ...raw }, `themes/${String(raw.id ?? valid.id)}/brand.json`);
  if (!result.success) throw new Error(result.issues.map(formatBrandIssue).join('\n'));
  return result.brand;
}

describe('brand schema (spec §1 branding fields)', () => {
  it('accepts a complete brand', () => {
    expect(parseBrandConfig(valid, 'brand.json').success).toBe(true);
  });

  it('rejects a brand colour that is not a hex colour, naming file, field and rule', () => {
    const [issue] = issuesOf({ ...valid, brand_color: 'red' });
    expect(issue).toEqual({
      file: 'themes/acme/brand.json',
      field: 'brand_color',
      message: expect.stringMatching(/hex colour/),
    });
    expect(formatBrandIssue(issue as never)).toBe(
      'themes/acme/brand.json: brand_color: must be a hex colour like #1a73e8',
    );
  });

  it('rejects an http purchase link: https only', () => {
    const [issue] = issuesOf({ ...valid, purchase_link: 'http://acme.example/buy' });
    expect(issue?.field).toBe('purchase_link');
    expect(issue?.message).toMatch(/https/);
  });

  it('rejects an http terms link: https only', () => {
    const [issue] = issuesOf({ ...valid, terms_url: 'http://acme.example/terms' });
    expect(issue?.field).toBe('terms_url');
    expect(issue?.message).toMatch(/https/);
  });

  it('rejects a disabled route that is not in the route catalogue', () => {
    const issues = issuesOf({ ...valid, disabled_routes: ['devices', 'no-such-route'] });
    expect(issues).toEqual([
      {
        file: 'themes/acme/brand.json',
        field: 'disabled_routes.1',
        message: 'is not a route name of the route catalogue',
      },
    ]);
  });

  it('rejects unknown fields, upper-case hosts and logo paths outside the brand folder', () => {
    const fields = issuesOf({ ...valid, colour: '#fff', hostnames: ['Acme.example'], logo: '../x.svg' }).map(
      (issue) => issue.field,
    );
    expect(fields).toEqual(expect.arrayContaining(['', 'hostnames.0', 'logo']));
  });

  it('turns device imagery and the data feature on for the default brand only, unless set', () => {
    expect(brand({ default: true })).toMatchObject({ branded_devices: true, data_feature: true });
    expect(brand({})).toMatchObject({ branded_devices: false, data_feature: false });
    expect(brand({ data_feature: true })).toMatchObject({ branded_devices: false, data_feature: true });
  });

  it('restrict_sign_in: off by default; on only with an owner company, whose users are the ones admitted', () => {
    expect(brand({})).toMatchObject({ restrict_sign_in: false });
    expect(brand({ owner_company_id: 2, restrict_sign_in: true })).toMatchObject({
      owner_company_id: 2,
      restrict_sign_in: true,
    });
    expect(issuesOf({ ...valid, restrict_sign_in: true }).map(formatBrandIssue)).toEqual([
      'themes/acme/brand.json: restrict_sign_in: needs owner_company_id: whose users may sign in',
    ]);
    expect(issuesOf({ ...valid, owner_company_id: 2, restrict_sign_in: 'yes' })[0]?.field).toBe(
      'restrict_sign_in',
    );
  });
});

describe('brand set rules', () => {
  const fileOf = (config: BrandConfig) => `themes/${config.id}/brand.json`;

  it('refuses two default brands, naming the second and the first', () => {
    const issues = validateBrandSet(
      [brand({ id: 'a', default: true, hostnames: [] }), brand({ id: 'b', default: true, hostnames: [] })],
      fileOf,
    );
    expect(issues).toEqual([
      {
        file: 'themes/b/brand.json',
        field: 'default',
        message: expect.stringContaining('themes/a/brand.json already is'),
      },
    ]);
  });

  it('refuses a set with no default brand', () => {
    expect(validateBrandSet([brand({ id: 'a' })], fileOf)[0]?.field).toBe('default');
  });

  it('refuses a host name claimed by two brands', () => {
    const issues = validateBrandSet(
      [
        brand({ id: 'a', default: true, hostnames: ['x.example'] }),
        brand({ id: 'b', hostnames: ['x.example'] }),
      ],
      fileOf,
    );
    expect(issues).toEqual([
      { file: 'themes/b/brand.json', field: 'hostnames.0', message: expect.stringContaining('x.example') },
    ]);
  });
});
