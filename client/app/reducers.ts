import { combineReducers } from '@reduxjs/toolkit';
import { coreReducers } from '../state/core.ts';

/**
 * THE place to register a slice: add `<slice.name>: <slice>.reducer` below (slice name = state key).
 * Example: `realtime: realtimeSlice.reducer,`
 */
export const reducers = {
  ...coreReducers,
};

export const rootReducer = combineReducers(reducers);
export type RootState = ReturnType<typeof rootReducer>;
