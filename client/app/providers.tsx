import { Classes } from '@blueprintjs/core';
import { useLayoutEffect, type ReactNode } from 'react';
import type { i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { THEME_CODES } from '../../contracts/index.ts';
import { useCoreSelector } from '../state/hooks.ts';
import { switchLanguage } from './i18n.ts';
import { SiteColourSync } from './site-colour.ts';
import type { AppStore } from './store.ts';

/** Applies the theme to <body>: Blueprint's dark class plus our data-theme for the #151515 background. */
function ThemeSync() {
  const dark = useCoreSelector((s) => s.ui.theme === THEME_CODES.dark);
  useLayoutEffect(() => {
    document.body.classList.toggle(Classes.DARK, dark);
    document.body.dataset.theme = dark ? 'dark' : 'light';
  }, [dark]);
  return null;
}

/** Keeps i18next and <html lang> on the language in the store. */
function LanguageSync({ i18n }: { i18n: i18n }) {
  const language = useCoreSelector((s) => s.ui.language);
  useLayoutEffect(() => {
    void switchLanguage(i18n, language).then(() => {
      document.documentElement.lang = language;
    });
  }, [i18n, language]);
  return null;
}

export function AppProviders({ store, i18n, children }: { store: AppStore; i18n: i18n; children: ReactNode }) {
  return (
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        {/* BlueprintProvider wraps the lazy parts only: components/blueprint-frame.tsx says why. */}
        <ThemeSync />
        <LanguageSync i18n={i18n} />
        <SiteColourSync />
        {children}
      </I18nextProvider>
    </Provider>
  );
}
