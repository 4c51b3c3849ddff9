import type { PayloadAction } from '@reduxjs/toolkit';
import { all, takeEvery } from 'redux-saga/effects';
import type { Locale } from '../../../../contracts/index.ts';
import { STORAGE_KEYS } from '../../../api/storage.ts';
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

export function* watchPreferences(): Saga {
  yield all([
    takeEvery(uiEvents.themeChanged.type, persistThemeFlow),
    takeEvery(uiEvents.languageChanged.type, persistLanguageFlow),
    takeEvery(uiEvents.layoutModeChanged.type, persistLayoutFlow),
  ]);
}
