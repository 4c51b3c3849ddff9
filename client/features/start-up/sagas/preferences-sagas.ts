import type { PayloadAction } from '@reduxjs/toolkit';
import { eventChannel, type EventChannel } from 'redux-saga';
import { all, call, put, race, select, take, takeEvery } from 'redux-saga/effects';
import { THEME_CODES } from '../../../../contracts/index.ts';
import type { MediaPreference } from '../../../io/effects/browser-effects.ts';
import type { Locale } from '../../../../contracts/index.ts';
import type { CoreState } from '../../../state/core.ts';
import { STORAGE_KEYS } from '../../../io/storage.ts';
import { effects, type Saga } from '../../../state/sagas/call.ts';
import { uiEvents, type LayoutMode, type ThemeCode } from '../../../state/ui-slice.ts';

/** Theme, language and layout mode survive a reload (§9 keys `theme`, `language`; `layout_mode`). */
export function* persistThemeFlow(a: PayloadAction<ThemeCode>): Saga {
  (yield* effects()).storage.set(STORAGE_KEYS.theme, String(a.payload));
}
export function* persistLanguageFlow(a: PayloadAction<Locale>): Saga {
  (yield* effects()).storage.set(STORAGE_KEYS.language, a.payload);
}
export function* persistLayoutFlow(a: PayloadAction<LayoutMode>): Saga {
  (yield* effects()).storage.set(STORAGE_KEYS.layoutMode, a.payload);
}

export function createMediaChannel(pref: MediaPreference): EventChannel<boolean> {
  return eventChannel((emit) => pref.subscribe(emit));
}

const themeOf = (dark: boolean): ThemeCode => (dark ? THEME_CODES.dark : THEME_CODES.light);

/**
 * Until the user picks a theme, the console wears the system's (prefers-color-scheme) and changes with it;
 * the first pick ends this for good (the saved choice wins on later visits, so it never starts).
 */
export function* followSystemThemeFlow(): Saga {
  const pref = (yield* effects()).prefersDark;
  if (!pref || ((yield select((s: CoreState) => s.ui.themeChosen)) as boolean)) return;
  yield put(uiEvents.systemThemeSeen(themeOf(pref.matches())));
  const changes = (yield call(createMediaChannel, pref)) as EventChannel<boolean>;
  try {
    for (;;) {
      const { dark } = (yield race({ dark: take(changes), picked: take(uiEvents.themeChanged.type) })) as { dark?: boolean };
      if (dark === undefined) return;
      yield put(uiEvents.systemThemeSeen(themeOf(dark)));
    }
  } finally {
    changes.close();
  }
}

export function* watchPreferences(): Saga {
  yield all([
    call(followSystemThemeFlow),
    takeEvery(uiEvents.themeChanged.type, persistThemeFlow),
    takeEvery(uiEvents.languageChanged.type, persistLanguageFlow),
    takeEvery(uiEvents.layoutModeChanged.type, persistLayoutFlow),
  ]);
}
