import { LOCALES, THEME_CODES, type Locale, type UserInfo } from '../../contracts/index.ts';
import { STORAGE_KEYS, type KeyValueStorage } from '../io/storage.ts';
import type { CoreState } from './core.ts';
import { MOBILE_UA } from './mobile.ts';
import { initialMenuState } from './menu-slice.ts';
import { initialSessionState } from './session-slice.ts';
import { initialSettingsState } from './settings-slice.ts';
import { initialUiState, type LayoutMode, type ThemeCode } from './ui-slice.ts';


export function isMobileUserAgent(ua: string): boolean {
  return MOBILE_UA.test(ua);
}

/** The stored user info (§9 key `user_info`) checked against its contract, or null (state/stored-session.ts). */
export type StoredUserInfoReader = (raw: string | null) => UserInfo | null;

/** The language stored (§9 key), if it is one of the console's; else the default. */
export function storedLanguage(storage: KeyValueStorage): Locale {
  const language = storage.get(STORAGE_KEYS.language);
  return (LOCALES as readonly string[]).includes(language ?? '') ? (language as Locale) : initialUiState.language;
}

/** The starting state from storage (§9 keys): saved theme and language if set, else the defaults. */
export function hydrateCoreState(storage: KeyValueStorage, userAgent: string, readUserInfo: StoredUserInfoReader): CoreState {
  const theme = Number(storage.get(STORAGE_KEYS.theme));
  const layout = storage.get(STORAGE_KEYS.layoutMode);
  const token = storage.get(STORAGE_KEYS.token);
  const info = token ? readUserInfo(storage.get(STORAGE_KEYS.userInfo)) : null;
  return {
    session: {
      ...initialSessionState,
      ...(token && info ? { token, userInfo: info } : {}),
      lastAccount: storage.get(STORAGE_KEYS.account) ?? '',
    },
    settings: initialSettingsState,
    menu: initialMenuState,
    ui: {
      ...initialUiState,
      theme: theme === THEME_CODES.dark ? THEME_CODES.dark : (THEME_CODES.light as ThemeCode),
      themeChosen: theme === THEME_CODES.dark || theme === THEME_CODES.light,
      language: storedLanguage(storage),
      layoutMode: layout === 'top' ? 'top' : ('side' as LayoutMode),
      isMobile: isMobileUserAgent(userAgent),
    },
  };
}
