import { englishCore } from '../locales/catalogue-en.ts';
import { japanese } from '../locales/catalogue-ja.ts';
import forms from '../locales/en/forms.json';
import modals from '../locales/en/modals.json';
import updates from '../locales/en/updates.json';

/** Both catalogues whole, for the tests that compare them (the console loads parts lazily). */
export const catalogues = { en: { ...englishCore, forms, modals, updates }, ja: japanese } as const;
