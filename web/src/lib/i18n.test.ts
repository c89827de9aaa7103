import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import ja from '../locales/ja.json';
import { initI18n, pickLanguage } from './i18n.ts';

/** Flattens a locale into `key.path → text`. */
function flatten(tree: object, prefix = ''): Map<string, unknown> {
  return new Map(
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === 'object' && value !== null
        ? [...flatten(value, `${prefix}${key}.`)]
        : [[`${prefix}${key}`, value] as const],
    ),
  );
}

describe('pickLanguage', () => {
  it.each([
    [['ja'], 'ja'],
    [['en-US', 'ja-JP'], 'ja'],
    [['JA-jp'], 'ja'],
    [['en-GB', 'de'], 'en'],
    [['jv'], 'en'],
    [[], 'en'],
  ])('%j gives %s', (languages, expected) => {
    expect(pickLanguage(languages)).toBe(expected);
  });
});

describe('locales', () => {
  it('ja has exactly the keys of en', () => {
    expect([...flatten(ja).keys()].sort()).toEqual([...flatten(en).keys()].sort());
  });

  it('ja translates every string but the language names, which are endonyms', () => {
    const japanese = flatten(ja);
    for (const [key, english] of flatten(en)) {
      if (key.startsWith('language.')) expect(japanese.get(key), key).toBe(english);
      else expect(japanese.get(key), key).not.toBe(english);
    }
  });

  it('interpolates values into both languages', () => {
    const i18n = initI18n(['en']);
    expect(i18n.t('layout.header.home', { appName: 'AcmeNet', lng: 'en' })).toBe('AcmeNet home');
    expect(i18n.t('layout.header.home', { appName: 'AcmeNet', lng: 'ja' })).toBe('AcmeNet ホーム');
  });

  it('gives the spec texts word for word in English (spec §2, §5, §8)', () => {
    const i18n = initI18n(['en']);
    const en = (key: 'route.automations' | (string & {}), values: Record<string, unknown> = {}) =>
      i18n.t(key as 'route.automations', { ...values, lng: 'en' });
    expect(en('layout.impersonation.banner', { email: 'a@b.example', company: 'Acme', id: 7 })).toBe(
      'Currently impersonating user a@b.example, Acme #7',
    );
    expect(en('notices.accessDenied.body')).toBe('User has no view permissions available');
    expect(en('notifications.none')).toBe('No notifications');
    expect(en('notifications.showAll')).toBe('Show all notifications');
    expect(en('errors.connectionLost')).toBe('The network connection has been lost.');
    expect(en('layout.timezone.updated')).toBe('Timezone updated successfully');
    expect(en('layout.timezone.default')).toBe('The default timezone is used');
    expect(en('notices.emailNotVerified.sent')).toBe('Email confirmation sent successfully');
    expect(en('notices.emailNotVerified.failed', { status: 'Too Many Requests' })).toBe(
      'Failed to send email confirmation (Too Many Requests)',
    );
    expect(en('layout.account.logoutAndCancelImpersonation')).toBe('Logout & cancel impersonation');
    expect(en('route.automations')).toBe('Alerts & Automations');
    expect(en('auth.mfa.title')).toBe('Enter authentication code');
  });
});
