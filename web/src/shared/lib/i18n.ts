import i18next, { type BackendModule, type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  type CatalogueArea,
  ENGLISH_AREAS,
  type EnglishCatalogue,
  englishCore,
} from '../../locales/catalogue-en.ts';

/** Spec §9: default en, languages English and Japanese. */
export const LANGUAGES = ['en', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export type Catalogue = EnglishCatalogue;

/** English areas fetched so far; part of every later init too. */
const englishAreas: Partial<Record<CatalogueArea, unknown>> = {};
const english = () => ({ ...englishCore, ...englishAreas });

/**
 * Makes an English area of the catalogue available (`forms`, `modals`, `updates`): the modules
 * that use one await it at import, so its strings are there before anything renders. The
 * Japanese catalogue, fetched whole, holds every area.
 */
export async function ensureArea(area: CatalogueArea): Promise<void> {
  if (englishAreas[area]) return;
  const strings = await ENGLISH_AREAS[area]();
  englishAreas[area] = strings;
  if (i18next.isInitialized) i18next.addResourceBundle('en', 'translation', { [area]: strings }, true, true);
}

/** Every area at once (tests). */
export async function ensureAllAreas(): Promise<void> {
  await Promise.all((Object.keys(ENGLISH_AREAS) as CatalogueArea[]).map(ensureArea));
}

/**
 * English comes with the page; Japanese is fetched the first time it is needed (the first-load
 * budget: every catalogue would otherwise ship to every user). `changeLanguage('ja')`
 * waits for it.
 */
const lazyCatalogues: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, _namespace, callback) => {
    if (language === 'ja') {
      import('../../locales/catalogue-ja.ts').then(
        (module) => callback(null, module.japanese),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
      );
    } else callback(null, english());
  },
};

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
  void i18next
    .use(initReactI18next)
    .use(lazyCatalogues)
    .init({
      resources: { en: { translation: english() } },
      partialBundledLanguages: true,
      lng: pickLanguage(browserLanguages),
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: LANGUAGES,
      initAsync: false,
      interpolation: { escapeValue: false }, // React escapes
      returnNull: false,
    });
  return i18next;
}

/** Resolves once the active language's catalogue is there (Japanese is fetched on demand). */
export function activeLanguageLoaded(): Promise<void> {
  return i18next.loadLanguages(i18next.language).catch(() => undefined);
}
