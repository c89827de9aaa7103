import type { ConfigTemplate } from '@fleetport/contracts/config-templates';
import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../shared/lib/i18n.ts';
import {
  addableSections,
  addSection,
  changeOption,
  checkedRequest,
  draftOf,
  draftProblems,
  removeSection,
  requestOf,
  serverProblems,
  type TemplateDraft,
  templateFields,
} from './template-form.ts';

/**
 * The template editor's rules (Saved configurations, Templates; issue 22): sections added and
 * removed, options ticked and given values, the request the API takes, each option checked with
 * its section's own schema from contracts as one types, and the API's refusals placed on the
 * option they name.
 */
let t: TFunction;
beforeAll(() => {
  if (!i18next.isInitialized) initI18n(['en']);
  t = i18next.getFixedT('en');
});

const refused = (status: number, errors: { source?: string; message: string }[]) => {
  const config = { headers: {} } as InternalAxiosRequestConfig;
  const response = { status, data: { errors }, headers: {}, config, statusText: '' } as AxiosResponse;
  return new AxiosError('refused', 'ERR_BAD_REQUEST', config, {}, response);
};

const SAVED: ConfigTemplate = {
  id: 7,
  name: 'Depot standard',
  description: 'Time and Wi-Fi',
  company_id: 4,
  company_name: 'Acme East',
  family: 'RUT',
  sections: {
    ntp: { enabled: true, server: 'pool.ntp.org' },
    'wireless.ap1': { ssid: 'Depot', band: '5' },
  },
  devices: 3,
  drifted: 1,
  created_by_email: 'admin@acme.example',
  updated_at: '2026-11-26T09:30:00.000Z',
  editable: true,
};

/** A new template with NTP's server ticked and typed. */
function ntpDraft(server: string): TemplateDraft {
  const draft = draftOf(undefined, 2);
  const sections = changeOption(addSection(draft.sections, 'ntp'), 'ntp', 'server', {
    on: true,
    value: server,
  });
  return { ...draft, name: 'Time', sections };
}

describe('the template editor', () => {
  it('offers the settings a template may hold: no secret, no host name or LAN address, no port forward', () => {
    expect(templateFields('wireless.ap').map((field) => field.option)).toEqual([
      'ssid',
      'encryption',
      'band',
      'disabled',
    ]);
    expect(templateFields('system').map((field) => field.option)).toEqual(['timezone', 'log_size']);
    expect(templateFields('network.lan').map((field) => field.option)).toEqual(['proto', 'netmask']);
    const names = addableSections([]).map((section) => section.name);
    expect(names).toContain('wireless.ap3');
    expect(names.some((name) => name.startsWith('firewall.redirect'))).toBe(false);
    // A section is added once; removed, it may come back.
    const once = addSection(addSection([], 'ntp'), 'ntp');
    expect(once).toHaveLength(1);
    expect(addableSections(once).map((section) => section.name)).not.toContain('ntp');
    expect(removeSection(once, 'ntp')).toEqual([]);
  });

  it("starts from a saved template with its options ticked and its values, and makes the API's request", () => {
    const draft = draftOf(SAVED, 2);
    expect(draft).toMatchObject({ name: 'Depot standard', companyId: 4, family: 'RUT' });
    const wifi = draft.sections.find((section) => section.name === 'wireless.ap1');
    expect(wifi?.options.ssid).toEqual({ on: true, value: 'Depot' });
    expect(wifi?.options.encryption?.on).toBe(false);
    expect(requestOf(draft)).toEqual({
      company_id: 4,
      name: 'Depot standard',
      description: 'Time and Wi-Fi',
      family: 'RUT',
      sections: SAVED.sections,
    });
    expect(checkedRequest(draft)).toBeDefined();
    // Any model is null on the wire.
    expect(requestOf({ ...draft, family: '' }).family).toBeNull();
  });

  it("checks each option with its section's schema in the contract's words, and says what is missing", () => {
    expect(draftProblems(t, ntpDraft('pool.ntp.org')).fields).toEqual({});
    expect(draftProblems(t, ntpDraft('10.0.0.256')).fields).toEqual({
      'sections.ntp.server':
        'Enter a domain name or an IPv4 address. A domain name ends in 2 to 6 letters, as in example.com.',
    });
    const empty = draftProblems(t, { ...draftOf(undefined, 2), name: '' }).fields;
    expect(empty.sections).toBe('Add at least one section.');
    expect(empty.name).toBeDefined();
    // A section with nothing ticked; a number emptied.
    const untouched = draftProblems(t, { ...ntpDraft('x.org'), sections: addSection([], 'dhcp.lan') }).fields;
    expect(untouched['sections.dhcp.lan']).toBe('Tick at least one setting of this section.');
    const cleared = changeOption(addSection([], 'dhcp.lan'), 'dhcp.lan', 'limit', { on: true, value: '' });
    expect(draftProblems(t, { ...ntpDraft('x.org'), sections: cleared }).fields).toEqual({
      'sections.dhcp.lan.limit': 'This field is required',
    });
    const big = changeOption(addSection([], 'dhcp.lan'), 'dhcp.lan', 'limit', { on: true, value: '300' });
    expect(draftProblems(t, { ...ntpDraft('x.org'), sections: big }).fields).toEqual({
      'sections.dhcp.lan.limit': 'At most 253 addresses.',
    });
    expect(checkedRequest(ntpDraft('10.0.0.256'))).toBeUndefined();
  });

  it("puts the API's refusals on the option or field they name", () => {
    const draft = {
      ...ntpDraft('x.org'),
      sections: [...ntpDraft('x.org').sections, ...addSection([], 'wireless.ap0')],
    };
    expect(serverProblems(t, refused(409, [{ source: 'name', message: 'taken' }]), draft).fields).toEqual({
      name: 'The company has a template of this name.',
    });
    const problems = serverProblems(
      t,
      refused(422, [
        {
          source: 'sections.ntp',
          message:
            '"ntp.server": Enter a domain name or an IPv4 address. A domain name ends in 2 to 6 letters, as in example.com.',
        },
        { source: 'sections.wireless.ap0.key', message: 'Templates keep no passwords or keys.' },
        { source: 'family', message: 'Invalid option' },
        { message: 'Something else.' },
      ]),
      draft,
    );
    expect(problems).toEqual({
      fields: {
        'sections.ntp.server':
          'Enter a domain name or an IPv4 address. A domain name ends in 2 to 6 letters, as in example.com.',
        'sections.wireless.ap0.key': 'Templates keep no passwords or keys.',
        family: 'Invalid option',
      },
      general: ['Something else.'],
    });
  });
});
