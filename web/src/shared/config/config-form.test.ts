import { CONFIG_SECTION_SCHEMAS } from '@fleetport/contracts/device-config';
import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ensureAllAreas, initI18n } from '../lib/i18n.ts';
import { contractWords, editOf, initialValues, sectionFields, serverProblems } from './config-form.ts';
import { SECTION_OPTIONS } from './config-sections.ts';

if (!i18next.isInitialized) initI18n(['en']);
beforeAll(async () => {
  await ensureAllAreas();
  await i18next.loadLanguages('ja');
});
const en = () => i18next.getFixedT('en');
const ja = () => i18next.getFixedT('ja');

/** Every message the contract's section schemas word themselves (checks, refinements, unions). */
function contractMessages(): Set<string> {
  const found = new Set<string>();
  const walk = (schema: z.core.$ZodType) => {
    const def = schema._zod.def as z.core.$ZodTypeDef & {
      checks?: z.core.$ZodCheck[];
      options?: z.core.$ZodType[];
    };
    for (const check of def.checks ?? []) {
      const error = check._zod.def.error;
      const message = typeof error === 'function' ? error({} as never) : error;
      if (typeof message === 'string') found.add(message);
    }
    for (const option of def.options ?? []) walk(option);
  };
  for (const schema of Object.values(CONFIG_SECTION_SCHEMAS))
    for (const option of Object.values(schema.shape)) walk(option as z.core.$ZodType);
  return found;
}

const unprocessable = (errors: unknown[]) => {
  const config = { headers: {} } as InternalAxiosRequestConfig;
  const response = { status: 422, data: { errors }, config } as AxiosResponse;
  return new AxiosError('422', AxiosError.ERR_BAD_REQUEST, config, {}, response);
};

describe('the configuration form (issue 22)', () => {
  it("words every message of the contract in both languages: English as the contract's own", () => {
    const messages = contractMessages();
    expect(messages.size).toBeGreaterThan(15);
    for (const message of [...messages, 'Change at least one setting.']) {
      expect([message, contractWords(en(), message)]).toEqual([message, message]);
      const japanese = contractWords(ja(), message);
      expect([message, japanese === undefined || japanese === message]).toEqual([message, false]);
    }
    expect(contractWords(en(), 'Invalid input')).toBeUndefined();
  });

  it("has a field for each option the page shows, of the option's kind", () => {
    for (const kind of Object.keys(SECTION_OPTIONS) as (keyof typeof SECTION_OPTIONS)[])
      expect([kind, sectionFields(kind).map((field) => field.option)]).toEqual([
        kind,
        [...SECTION_OPTIONS[kind]],
      ]);
    expect(sectionFields('network.mobile').map((field) => [field.option, field.kind])).toEqual([
      ['apn', 'text'],
      ['auth', 'select'],
      ['username', 'text'],
      ['password', 'secret'],
      ['pin', 'secret'],
      ['pdp_type', 'select'],
    ]);
    expect(sectionFields('wireless.ap').find((field) => field.option === 'band')?.choices).toEqual([
      '2.4',
      '5',
    ]);
    expect(sectionFields('users.admin').find((field) => field.option === 'password')?.maxLength).toBe(128);
  });

  it('never starts a secret with the mask, and sends only what changed', () => {
    const fields = sectionFields('users.admin');
    const initial = initialValues(fields, { username: 'admin', password: '********' });
    expect(initial).toEqual({ username: 'admin', password: '' });
    expect(editOf(fields, initial, initial, false)).toEqual({ changes: {}, missing: [] });
    // The mask typed back keeps the device's too.
    expect(editOf(fields, initial, { username: 'root', password: '********' }, false).changes).toEqual({
      username: 'root',
    });
    const dhcp = sectionFields('dhcp.lan');
    const before = initialValues(dhcp, { enabled: true, start: 100, limit: 150, leasetime_h: 12 });
    expect(editOf(dhcp, before, { ...before, start: '0100', limit: '' }, false)).toEqual({
      changes: {},
      missing: ['limit'],
    });
  });

  it("puts the API's refusals on their fields, by the option its message names or its source", () => {
    const fields = sectionFields('wireless.ap');
    const placed = serverProblems(
      ja(),
      unprocessable([
        {
          code: 'VALIDATION_ERROR',
          source: 'changes.wireless.ap0',
          message: '"wireless.ap0.key": A key has 8 to 63 characters.',
        },
        { code: 'VALIDATION_ERROR', source: 'rollback_s', message: 'Too small: expected number to be >=30' },
        { code: 'VALIDATION_ERROR', source: 'changes.wireless.ap0.ssid', message: 'Enter a network name.' },
        {
          code: 'VALIDATION_ERROR',
          source: 'changes.wireless.ap1',
          message: '"wireless.ap1.key": A key has 8 to 63 characters.',
        },
      ]),
      'wireless.ap0',
      fields,
    );
    expect(placed).toEqual({
      fields: {
        key: 'パスワードは8～63文字です。',
        rollback_s: 'Too small: expected number to be >=30',
        ssid: 'ネットワーク名を入力してください。',
      },
      general: ['"wireless.ap1.key": A key has 8 to 63 characters.'],
    });
  });
});
