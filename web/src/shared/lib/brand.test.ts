import { describe, expect, it } from 'vitest';
import { DEFAULT_BRAND } from '../config/default-brand.ts';
import { BRAND_SCRIPT_ID, parsePublicBrand, readInjectedBrand } from './brand.ts';

const ACME = {
  id: 'acme',
  company_name: 'Acme Networks',
  app_name: 'AcmeNet',
  full_app_name: 'AcmeNet Device Manager',
  brand_color: '#c62828',
  dark_mode_text_color: '#fafafa',
  logo_url: '/brand/acme/logo.svg',
  logo_subtext: 'by Acme',
  favicon_url: '/brand/acme/favicon.ico',
  disabled_routes: ['reports.single'],
  branded_devices: false,
  data_feature: false,
};

const documentWith = (json: string | undefined) => ({
  getElementById: (id: string) =>
    id === BRAND_SCRIPT_ID && json !== undefined ? ({ textContent: json } as HTMLElement) : null,
});

describe('parsePublicBrand', () => {
  it('returns the brand the edge injected', () => {
    expect(parsePublicBrand(JSON.stringify(ACME))).toEqual(ACME);
  });

  it.each([
    ['missing', undefined],
    ['empty', '  '],
    ['not JSON', '{"id": '],
    ['not an object', '[]'],
    ['without a required field', JSON.stringify({ ...ACME, app_name: undefined })],
    ['with a colour that is not #rrggbb', JSON.stringify({ ...ACME, brand_color: 'red' })],
    ['with a non-boolean flag', JSON.stringify({ ...ACME, data_feature: 'yes' })],
    ['with a non-string subtext', JSON.stringify({ ...ACME, logo_subtext: 1 })],
  ])('rejects a brand that is %s', (_, json) => {
    expect(parsePublicBrand(json)).toBeUndefined();
  });
});

describe('readInjectedBrand', () => {
  it('reads the #fp-brand data block', () => {
    expect(readInjectedBrand(documentWith(JSON.stringify(ACME)))).toEqual(ACME);
  });

  it('falls back to the default brand when there is none', () => {
    expect(readInjectedBrand(documentWith(undefined))).toBe(DEFAULT_BRAND);
  });
});
