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

  it('interpolates the app name into the title', () => {
    const i18n = initI18n(['en']);
    expect(i18n.t('app.skeleton.title', { appName: 'AcmeNet', lng: 'en' })).toBe('AcmeNet console');
    expect(i18n.t('app.skeleton.title', { appName: 'AcmeNet', lng: 'ja' })).toBe('AcmeNet コンソール');
  });
});
