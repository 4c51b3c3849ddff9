import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../contracts/index.ts';
import { buildResources } from './locale-resources.ts';

/** One i18next instance for the console; both languages are bundled (small) so switching is instant. */
export function createI18n(language: Locale): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources: buildResources(),
    lng: language,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    interpolation: { escapeValue: false }, // React escapes
    initAsync: false, // resources are in memory: ready before the first render
    returnNull: false,
  });
  return instance;
}
