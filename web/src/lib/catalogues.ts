import { english } from '../locales/catalogue-en.ts';
import { japanese } from '../locales/catalogue-ja.ts';

/** Both catalogues at once, for the tests that compare them (the console loads Japanese lazily). */
export const catalogues = { en: english, ja: japanese } as const;
