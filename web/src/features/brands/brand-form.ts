import { BRAND_HOSTNAMES_MAX } from '@fleetport/contracts/brand';
import { DOMAIN_NAME_MAX_LENGTH } from '@fleetport/contracts/patterns';
import type { TFunction } from 'i18next';
import type { FieldSchema } from '../../shared/forms/field-schema.ts';

const HEX = '^#[0-9a-fA-F]{6}$';

/**
 * What an admin of the owner company may change too (the edge's LOOK_FIELDS, less the images).
 * The texts' maxlengths come from the contract the forms check with (`brandConfigSchema`,
 * BRAND_TEXT_LIMITS).
 */
export function lookFields(t: TFunction): FieldSchema[] {
  const f = (key: string) => t(`admin.brands.fields.${key}` as 'admin.brands.fields.app_name');
  return [
    { key: 'app_name', label: f('app_name'), required: true },
    { key: 'full_app_name', label: f('full_app_name'), required: true },
    { key: 'company_name', label: f('company_name'), required: true },
    { key: 'logo_subtext', label: f('logo_subtext') },
    {
      key: 'brand_color',
      label: f('brand_color'),
      type: 'color',
      required: true,
      pattern: HEX,
      maxlength: 7,
    },
    {
      key: 'dark_mode_text_color',
      label: f('dark_mode_text_color'),
      type: 'color',
      required: true,
      pattern: HEX,
      maxlength: 7,
    },
    { key: 'purchase_link', label: f('purchase_link'), placeholder: 'https://' },
    { key: 'terms_url', label: f('terms_url'), placeholder: 'https://' },
  ];
}

/** The platform's fields: super admins only. `id` only when the brand is made. */
export function platformFields(t: TFunction, create: boolean): FieldSchema[] {
  const f = (key: string) => t(`admin.brands.fields.${key}` as 'admin.brands.fields.app_name');
  return [
    ...(create
      ? [
          {
            key: 'id',
            label: f('id'),
            required: true,
            maxlength: 63,
            pattern: '^[a-z0-9]([a-z0-9-]*[a-z0-9])?$',
            hint: f('idHint'),
          } satisfies FieldSchema,
        ]
      : []),
    {
      key: 'hostnames',
      label: f('hostnames'),
      component: 'ListInput',
      hint: f('hostnamesHint'),
      options: { maxItems: BRAND_HOSTNAMES_MAX, uniqueItems: true, maxItemLength: DOMAIN_NAME_MAX_LENGTH },
    },
    {
      key: 'public_base_url',
      label: f('public_base_url'),
      required: true,
      placeholder: 'https://',
      hint: f('public_base_urlHint'),
    },
    {
      key: 'owner_company_id',
      label: f('owner_company_id'),
      component: 'ItemSelect',
      hint: f('owner_hint'),
      options: { url: '/companies', fields: ['id', 'name'], params: { sort: 'name' } },
    },
    {
      key: 'restrict_sign_in',
      label: f('restrict_sign_in'),
      type: 'checkbox',
      hint: f('restrict_sign_inHint'),
    },
    { key: 'branded_devices', label: f('branded_devices'), type: 'checkbox' },
    { key: 'data_feature', label: f('data_feature'), type: 'checkbox' },
    { key: 'default', label: f('default'), type: 'checkbox' },
  ];
}
