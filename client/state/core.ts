import { menuSlice, type MenuState } from './menu-slice.ts';
import { sessionSlice, type SessionState } from './session-slice.ts';
import { settingsSlice, type SettingsState } from './settings-slice.ts';
import { uiSlice, type UiState } from './ui-slice.ts';

/** The slices every part of the console relies on. Feature slices are added next to them in app/reducers.ts. */
export const coreReducers = {
  session: sessionSlice.reducer,
  settings: settingsSlice.reducer,
  menu: menuSlice.reducer,
  ui: uiSlice.reducer,
};

/**
 * What shared code may assume about the store. Features type their selectors against this (plus their own
 * slice) instead of the app's RootState, so nothing below app/ imports app/.
 */
export interface CoreState {
  readonly session: SessionState;
  readonly settings: SettingsState;
  readonly menu: MenuState;
  readonly ui: UiState;
}
