import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../contracts/index.ts';
import { loadPublicResources, loadResources, loadSessionResources, resourcesOf, type Tree } from './locale-resources.ts';

/**
 * One i18next instance for the console, ready to render in `language` (its resources given). Before login
 * only the public texts are in (the contracts' shared messages among them split at build time,
 * scripts/public-messages.ts): a key they lack fetches the texts behind login and shows nothing meanwhile,
 * then the text (`bindI18nStore: 'added'` re-renders what asked), never the key itself. A key no text
 * has, once everything is in, shows as the key, as i18next does.
 */
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
    react: { bindI18nStore: 'added' },
    parseMissingKeyHandler: (key: string, defaultValue?: string) => {
      if (defaultValue !== undefined) return defaultValue;
      return allTextsIn(instance) ? key : (void textsBehindLogin(instance), '');
    },
  });
  takeEditedTexts(instance);
  return instance;
}

/**
 * Under `npm run dev` (Vite HMR): a language chunk re-run because one of its text files was edited
 * (client/locales/<lng>.ts) hands its files over; they go in over the old texts, and what shows them re-renders
 * (`bindI18nStore: 'added'`), with no reload and nothing else lost.
 */
function takeEditedTexts(instance: i18n): void {
  if (!import.meta.hot) return;
  addEventListener('locale-texts', (event) => {
    const { lng, default: files, messages } = (event as CustomEvent<{ lng: Locale; default: Record<string, unknown>; messages: object }>).detail;
    instance.addResourceBundle(lng, 'translation', resourcesOf(files, messages), true, true);
  });
}

/** Whether the texts behind login of the language on screen are in (every text the console has). */
function allTextsIn(instance: i18n): boolean {
  return textsIn.get(instance)?.has(instance.language as Locale) ?? false;
}

/** Fetch the texts behind login for the language on screen (once); a failed download is retried next time. */
function textsBehindLogin(instance: i18n): Promise<void> {
  return sessionTextsFor(instance, instance.language as Locale).catch(() => undefined);
}

/**
 * `key`'s text once it can be shown: at once when the texts in hold it, else after the texts behind login
 * arrive (the toasts of client/main.tsx; a component re-renders by itself).
 */
export function whenKnown(instance: i18n, key: string): Promise<void> | null {
  return instance.exists(key) || allTextsIn(instance) ? null : textsBehindLogin(instance);
}

/** Per instance and language: the texts behind login, once added (or being fetched). */
const sessionTexts = new WeakMap<i18n, Map<Locale, Promise<void>>>();
/** Per instance: the languages whose texts behind login are in (so `allTextsIn` needs no await). */
const textsIn = new WeakMap<i18n, Set<Locale>>();

/**
 * The texts of the screens behind login in `language`, fetched and added once. The console frame suspends on
 * it (React `use`), so no screen behind login renders before its texts; from then on a language switch
 * fetches them for the new language too, before switching.
 */
export function sessionTextsFor(given: i18n, language: Locale): Promise<void> {
  // react-i18next's useTranslation hands out a wrapper of the instance, made afresh by a component that
  // suspended before it mounted: key the cache by the instance itself, or each retry would fetch again and
  // suspend anew (a loop as soon as the texts take more than a microtask, as the pseudo language's do).
  const instance = (given as i18n & { __original?: i18n }).__original ?? given;
  let byLanguage = sessionTexts.get(instance);
  if (!byLanguage) sessionTexts.set(instance, (byLanguage = new Map()));
  let ready = byLanguage.get(language);
  if (!ready) {
    const languages = byLanguage;
    ready = loadSessionResources(language).then(
      (tree) => {
        // Marked before the bundle is added: the re-render the addition brings finds every text in.
        textsIn.set(instance, new Set([...(textsIn.get(instance) ?? []), language]));
        instance.addResourceBundle(language, 'translation', tree, true, true);
      },
      (e: unknown) => {
        languages.delete(language); // a failed download may be retried
        throw e;
      },
    );
    byLanguage.set(language, ready);
  }
  return ready;
}

/** Switch language, fetching its resources first if this is its first use. */
export async function switchLanguage(instance: i18n, language: Locale): Promise<void> {
  if (!instance.hasResourceBundle(language, 'translation')) {
    instance.addResourceBundle(language, 'translation', await loadPublicResources(language));
  }
  if (sessionTexts.has(instance)) await sessionTextsFor(instance, language);
  if (instance.language !== language) await instance.changeLanguage(language);
}

export { loadPublicResources, loadResources };
