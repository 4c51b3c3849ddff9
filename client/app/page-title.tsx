import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { isRouteName } from '../../contracts/index.ts';
import { DEFAULT_TITLE } from '../features/start-up/sagas/start-up-sagas.ts';
import { useCoreSelector } from '../state/hooks.ts';
import { CUSTOMER_BASE } from '../state/menu.ts';
import { selectWebsiteInfo } from '../state/selectors.ts';

/** Public pages' titles (the screens behind login are titled by their menu label). */
const PUBLIC_TITLES: Readonly<Record<string, string>> = {
  '/admin_login': 'auth.login.title',
  '/admin_register': 'auth.register.title',
  '/maintain': 'status_pages.maintain.title',
  '/share_access': 'menu.share_access',
  '/access_log': 'menu.access_log',
};

/** The i18n key of the page's own title, or null (unknown address: the site title alone). */
export function pageTitleKey(pathname: string): string | null {
  const prefix = `${CUSTOMER_BASE}/`;
  if (pathname.startsWith(prefix)) {
    const name = pathname.slice(prefix.length);
    return isRouteName(name) ? `menu.${name}` : null;
  }
  return PUBLIC_TITLES[pathname] ?? null;
}

/**
 * Keeps `document.title` on "<page> · <site>" in the language on screen (tabs, history and screen readers
 * name the page). Like ThemeSync and LanguageSync (providers.tsx) it mirrors state onto the document; it
 * lives in the router because the page is the route.
 */
export function PageTitleSync() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const site = useCoreSelector(selectWebsiteInfo)?.title || DEFAULT_TITLE;
  const key = pageTitleKey(pathname);
  const title = key ? `${t(key)} · ${site}` : site;
  useLayoutEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}
