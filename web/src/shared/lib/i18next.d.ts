import 'i18next';
import type { Catalogue } from './i18n.ts';

// Typed keys: t('layout.header.home') is checked against the English catalogue at compile time.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Catalogue };
  }
}
