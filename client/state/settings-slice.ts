import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Language, PayConfig, UrlKeyPlatform, WebsiteInfo } from '../../contracts/index.ts';
import { failedFrom, idle, loaded, loadingFrom, type Loadable } from './async.ts';
import type { UserMessage } from './message.ts';
import { sessionEvents } from './session-slice.ts';

/** Site-wide settings loaded at start-up (spec §1): website info, pay config, URL key platforms. */
export interface SettingsState {
  readonly websiteInfo: Loadable<WebsiteInfo>;
  readonly payConfig: Loadable<PayConfig>;
  readonly urlKeyPlatforms: Loadable<readonly UrlKeyPlatform[]>;
  /** Shown languages (language_list, show_status 1), public: the header switcher's choices. */
  readonly languages: Loadable<readonly Language[]>;
}

export const initialSettingsState: SettingsState = {
  websiteInfo: idle,
  payConfig: idle,
  urlKeyPlatforms: idle,
  languages: idle,
};

export const settingsSlice = createSlice({
  name: 'settings',
  initialState: initialSettingsState,
  reducers: {
    websiteInfoRequested: (s: SettingsState) => ({ ...s, websiteInfo: loadingFrom(s.websiteInfo) }),
    websiteInfoLoaded: (s: SettingsState, a: PayloadAction<WebsiteInfo>) => ({ ...s, websiteInfo: loaded(a.payload) }),
    websiteInfoLoadFailed: (s: SettingsState, a: PayloadAction<UserMessage>) => ({ ...s, websiteInfo: failedFrom(s.websiteInfo, a.payload) }),

    payConfigRequested: (s: SettingsState) => ({ ...s, payConfig: loadingFrom(s.payConfig) }),
    payConfigLoaded: (s: SettingsState, a: PayloadAction<PayConfig>) => ({ ...s, payConfig: loaded(a.payload) }),
    payConfigLoadFailed: (s: SettingsState, a: PayloadAction<UserMessage>) => ({ ...s, payConfig: failedFrom(s.payConfig, a.payload) }),

    urlKeyPlatformsRequested: (s: SettingsState) => ({ ...s, urlKeyPlatforms: loadingFrom(s.urlKeyPlatforms) }),
    urlKeyPlatformsLoaded: (s: SettingsState, a: PayloadAction<readonly UrlKeyPlatform[]>) => ({ ...s, urlKeyPlatforms: loaded(a.payload) }),
    urlKeyPlatformsLoadFailed: (s: SettingsState, a: PayloadAction<UserMessage>) => ({
      ...s,
      urlKeyPlatforms: failedFrom(s.urlKeyPlatforms, a.payload),
    }),

    languagesRequested: (s: SettingsState) => ({ ...s, languages: loadingFrom(s.languages) }),
    languagesLoaded: (s: SettingsState, a: PayloadAction<readonly Language[]>) => ({ ...s, languages: loaded(a.payload) }),
    languagesLoadFailed: (s: SettingsState, a: PayloadAction<UserMessage>) => ({ ...s, languages: failedFrom(s.languages, a.payload) }),
  },
  extraReducers: (b) => {
    // Pay config and platforms are per user (any logged-in user); website info is public and stays.
    const forget = (s: SettingsState): SettingsState => ({ ...initialSettingsState, websiteInfo: s.websiteInfo, languages: s.languages });
    b.addCase(sessionEvents.loggedOut, forget).addCase(sessionEvents.expired, forget).addCase(sessionEvents.passwordChanged, forget);
  },
});

export const settingsEvents = settingsSlice.actions;
