import { describe, expect, it } from 'vitest';
import { catalogues } from './catalogues.ts';
import { initI18n, pickLanguage } from './i18n.ts';

const { en, ja } = catalogues;

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

/**
 * The Japanese strings that rightly equal the English ones, by key, each with its reason. Keep it
 * small: a string belongs here only when Japanese readers see it in English too (language names
 * are endonyms, shown in their own language in both locales).
 */
const SAME_IN_JAPANESE: ReadonlyMap<string, string> = new Map([
  ['language.en', 'endonym'],
  ['language.ja', 'endonym'],
  ['admin.companies.columns.id', 'Japanese consoles write ID in Latin letters'],
  ['admin.brands.columns.id', 'Japanese consoles write ID in Latin letters'],
  ['admin.brands.fields.id', 'Japanese consoles write ID in Latin letters'],
  ['admin.credits.gb', 'GB is the unit symbol in Japanese too'],
  ['admin.credits.columns.gb', 'GB is the unit symbol in Japanese too'],
  ['devices.dbm', 'dBm is the unit symbol in Japanese too'],
  ['device.metrics.wanIp', 'Japanese consoles write WAN IP in Latin letters'],
  ['device.metrics.simSlotValue', 'Japanese consoles write SIM and its slot number so'],
  ['device.location.metres', 'm is the unit symbol in Japanese too'],
  ['device.location.kmh', 'km/h is the unit symbol in Japanese too'],
  ['device.services.wifi', 'Wi-Fi is written so in Japanese'],
  ['device.services.l2tp', 'a protocol name'],
  ['device.services.ssid', 'Japanese consoles write SSID in Latin letters'],
  ['device.config.sections.network_lan', 'Japanese consoles write LAN in Latin letters'],
  ['device.config.units.kb', 'KB is the unit symbol in Japanese too'],
  ['device.config.edit.units.kb', 'KB is the unit symbol in Japanese too'],
]);

const PLACEHOLDER = /\{\{\s*([^}\s]+)\s*\}\}/g;

/** The interpolated names of a string, sorted: `{{appName}} home` gives `['appName']`. */
function placeholdersOf(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((match) => match[1] ?? '').sort();
}

/** A string with no letter outside its placeholders (`{{count}}`, `{{from}}–{{to}}`) has nothing to translate. */
function hasWords(text: string): boolean {
  return /\p{L}/u.test(text.replace(PLACEHOLDER, ''));
}

describe('locales (every catalogue file: the core one and locales/<language>/<area>.json)', () => {
  const english = flatten(en);
  const japanese = flatten(ja);

  it('ja misses no key of en and has none of its own', () => {
    const missing = [...english.keys()].filter((key) => !japanese.has(key));
    const extra = [...japanese.keys()].filter((key) => !english.has(key));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it('every string of both languages is a non-empty string', () => {
    const bad = [...english, ...japanese].filter(
      ([, text]) => typeof text !== 'string' || text.trim() === '',
    );
    expect(bad.map(([key]) => key)).toEqual([]);
  });

  it('ja translates every string, except those on the SAME_IN_JAPANESE allow-list', () => {
    const untranslated = [...english]
      .filter(([key, text]) => japanese.get(key) === text && !SAME_IN_JAPANESE.has(key))
      .filter(([, text]) => typeof text !== 'string' || hasWords(text))
      .map(([key, text]) => `${key}: ${String(text)}`);
    expect(untranslated).toEqual([]);
  });

  it('SAME_IN_JAPANESE holds only keys that exist and are still the same in both languages', () => {
    const stale = [...SAME_IN_JAPANESE.keys()].filter(
      (key) => !english.has(key) || japanese.get(key) !== english.get(key),
    );
    expect(stale).toEqual([]);
  });

  it('ja interpolates the same values as en in every string', () => {
    const mismatched = [...english]
      .filter(([key, text]) => typeof text === 'string' && typeof japanese.get(key) === 'string')
      .filter(
        ([key, text]) =>
          placeholdersOf(String(text)).join() !== placeholdersOf(String(japanese.get(key))).join(),
      )
      .map(([key]) => key);
    expect(mismatched).toEqual([]);
  });

  it('interpolates values into both languages; Japanese is loaded on demand', async () => {
    const i18n = initI18n(['en']);
    expect(i18n.hasResourceBundle('ja', 'translation')).toBe(false);
    await i18n.loadLanguages('ja');
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
