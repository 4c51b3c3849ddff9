import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { DEFAULT_LOCALE, THEME_CODES, type EnumValue, type Locale, type Theme } from '../../contracts/index.ts';

export type ThemeCode = EnumValue<typeof Theme>;
/** 'side': left menu 210 px; 'top': menu in the header, left width 0 (spec §9). */
export type LayoutMode = 'side' | 'top';

export interface UiState {
  readonly theme: ThemeCode;
  /** The user picked the theme (now or saved earlier); until then it follows the system's colour scheme. */
  readonly themeChosen: boolean;
  readonly language: Locale;
  readonly layoutMode: LayoutMode;
  /** Decided once from the user agent (spec §9); mobile gets the menu in a drawer. */
  readonly isMobile: boolean;
  readonly mobileMenuOpen: boolean;
}

export const initialUiState: UiState = {
  theme: THEME_CODES.light,
  themeChosen: false,
  language: DEFAULT_LOCALE,
  layoutMode: 'side',
  isMobile: false,
  mobileMenuOpen: false,
};

export const uiSlice = createSlice({
  name: 'ui',
  initialState: initialUiState,
  reducers: {
    /** The user picked a theme: it wins over the system's from now on (and is saved). */
    themeChanged: (s, a: PayloadAction<ThemeCode>) => ({ ...s, theme: a.payload, themeChosen: true }),
    /** The system's colour scheme (prefers-color-scheme), followed while the user has not picked one. */
    systemThemeSeen: (s, a: PayloadAction<ThemeCode>) => (s.themeChosen ? s : { ...s, theme: a.payload }),
    languageChanged: (s, a: PayloadAction<Locale>) => ({ ...s, language: a.payload }),
    layoutModeChanged: (s, a: PayloadAction<LayoutMode>) => ({ ...s, layoutMode: a.payload }),
    mobileMenuToggled: (s, a: PayloadAction<boolean>) => ({ ...s, mobileMenuOpen: a.payload }),
  },
});

export const uiEvents = uiSlice.actions;
