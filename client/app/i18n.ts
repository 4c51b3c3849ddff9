import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../contracts/index.ts';
import { loadResources, type Tree } from './locale-resources.ts';

/** One i18next instance for the console, ready to render in `language` (its resources given). */
export function createI18n(language: Locale, resources: Tree): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources: { [language]: { translation: resources } },
    lng: language,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    interpolation: { escapeValue: false }, // React escapes
    initAsync: false, // resources are in memory: ready before the first render
    returnNull: false,
  });
  return instance;
}

/** Switch language, fetching its resources first if this is its first use. */
export async function switchLanguage(instance: i18n, language: Locale): Promise<void> {
  if (!instance.hasResourceBundle(language, 'translation')) {
    instance.addResourceBundle(language, 'translation', await loadResources(language));
  }
  if (instance.language !== language) await instance.changeLanguage(language);
}

export { loadResources };
