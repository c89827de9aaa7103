import {
  type CatalogueArea,
  ENGLISH_AREAS,
  type EnglishCatalogue,
  englishCore,
} from '../../locales/catalogue-en.ts';
import { japanese } from '../../locales/catalogue-ja.ts';

/** Every English area, loaded the way the console loads them (one list: `ENGLISH_AREAS`). */
const areas = Object.fromEntries(
  await Promise.all(
    (Object.keys(ENGLISH_AREAS) as CatalogueArea[]).map(async (area) => [area, await ENGLISH_AREAS[area]()]),
  ),
) as Pick<EnglishCatalogue, CatalogueArea>;

/** Both catalogues whole, for the tests that compare them (the console loads parts lazily). */
export const catalogues = {
  en: { ...englishCore, ...areas } as EnglishCatalogue,
  ja: japanese,
} as const;
