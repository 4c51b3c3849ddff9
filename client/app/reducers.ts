import { combineReducers } from '@reduxjs/toolkit';
import { accessLogSlice } from '../features/access-log/access-log-slice.ts';
import { connectivitySlice } from '../features/connectivity/connectivity-slice.ts';
import { shareSlice } from '../features/share/share-slice.ts';
import { coreReducers } from '../state/core.ts';
import type { SessionModuleState } from './session-modules.ts';

/**
 * THE place to register a slice needed before login (public pages, start-up): add
 * `<slice.name>: <slice>.reducer` below (slice name = state key). Slices used only behind login go to
 * session-modules.ts, which keeps their code out of the login page's first load.
 */
export const reducers = {
  ...coreReducers,
  connectivity: connectivitySlice.reducer,
  share: shareSlice.reducer,
  accessLog: accessLogSlice.reducer,
};

export const rootReducer = combineReducers(reducers);
/** The whole state once logged in; session slices are absent before the session module is loaded. */
export type RootState = ReturnType<typeof rootReducer> & SessionModuleState;
