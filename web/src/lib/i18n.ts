import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
import ja from '../locales/ja.json';

/** Spec §9: default en, languages English and Japanese. */
export const LANGUAGES = ['en', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export const resources = { en: { translation: en }, ja: { translation: ja } } as const;

/** Spec §1: Japanese when the browser languages include Japanese (any `ja` tag), else English. */
export function pickLanguage(browserLanguages: readonly string[]): Language {
  const japanese = browserLanguages.some((tag) => tag.toLowerCase().split('-')[0] === 'ja');
  return japanese ? 'ja' : DEFAULT_LANGUAGE;
}

export function isLanguage(value: string): value is Language {
  return (LANGUAGES as readonly string[]).includes(value);
}

/** Initialises the one i18next instance; `<html lang>` follows the active language. */
export function initI18n(browserLanguages: readonly string[]): i18n {
  i18next.on('languageChanged', (language) => {
    if (typeof document !== 'undefined') document.documentElement.lang = language;
  });
  void i18next.use(initReactI18next).init({
    resources,
    lng: pickLanguage(browserLanguages),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: LANGUAGES,
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
  });
  return i18next;
}
