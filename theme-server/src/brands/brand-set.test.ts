import { parseBrandConfig } from '@fleetport/contracts/brand';
import { describe, expect, it } from 'vitest';
import { BrandSet, normaliseHost } from './brand-set.ts';
import { brandFile, type LoadedBrand, toPublicBrand } from './load.ts';

const image = brandFile('logo.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));

function loaded(id: string, hostnames: string[], isDefault = false): LoadedBrand {
  const result = parseBrandConfig(
    {
      id,
      default: isDefault,
      hostnames,
      company_name: id,
      app_name: id,
      full_app_name: id,
      brand_color: '#123456',
      dark_mode_text_color: '#eeeeee',
      logo: 'logo.svg',
      favicon: 'logo.svg',
      public_base_url: `https://${id}.example`,
    },
    `${id}/brand.json`,
  );
  if (!result.success) throw new Error('fixture brand invalid');
  return {
    config: result.brand,
    file: `${id}/brand.json`,
    logo: image,
    favicon: image,
    public: toPublicBrand(result.brand, image, image),
  };
}

function set(...brands: LoadedBrand[]): BrandSet {
  const built = BrandSet.build(brands);
  if (!(built instanceof BrandSet)) throw new Error('fixture set invalid');
  return built;
}

const brands = set(
  loaded('default', ['localhost'], true),
  loaded('acme', ['acme.example', '*.acme.example']),
  loaded('acme-eu', ['*.eu.acme.example']),
  loaded('exact-eu', ['portal.eu.acme.example']),
  loaded('idn', ['xn--mnchen-3ya.example']),
);
const resolve = (host: string) => brands.resolve(normaliseHost(host)).config.id;

describe('brand resolution (Host header → brand)', () => {
  it('matches an exact host name first', () => {
    expect(resolve('acme.example')).toBe('acme');
    expect(resolve('portal.eu.acme.example')).toBe('exact-eu');
  });

  it('prefers the most specific wildcard, at any depth', () => {
    expect(resolve('shop.acme.example')).toBe('acme');
    expect(resolve('ops.eu.acme.example')).toBe('acme-eu');
    expect(resolve('a.b.eu.acme.example')).toBe('acme-eu');
    expect(resolve('a.b.acme.example')).toBe('acme');
  });

  it('ignores the port and letter case', () => {
    expect(resolve('ACME.Example:8443')).toBe('acme');
    expect(resolve('Shop.ACME.example:80')).toBe('acme');
  });

  it('converts an internationalised name to punycode before matching', () => {
    expect(normaliseHost('München.example')).toBe('xn--mnchen-3ya.example');
    expect(resolve('MÜNCHEN.example:8080')).toBe('idn');
  });

  it('falls back to the default brand for unknown, missing, IP and IPv6 hosts', () => {
    expect(resolve('unknown.example')).toBe('default');
    expect(resolve('')).toBe('default');
    expect(resolve('127.0.0.1:8080')).toBe('default');
    expect(normaliseHost('[::1]:8080')).toBe('[::1]');
    expect(resolve('[::1]:8080')).toBe('default');
    // A wildcard never matches its own bare domain.
    expect(resolve('eu.acme.example')).toBe('acme');
  });

  it('refuses to build a set without a default brand', () => {
    expect(BrandSet.build([loaded('acme', ['acme.example'])])).toEqual([
      expect.objectContaining({ field: 'default' }),
    ]);
  });
});
