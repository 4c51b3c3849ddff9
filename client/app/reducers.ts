import { combineReducers } from '@reduxjs/toolkit';
import { resourcesSlice } from '../resources/resource-slice.ts';
import { coreReducers } from '../state/core.ts';
import { connectivitySlice } from '../features/connectivity/connectivity-slice.ts';
import { messagesSlice } from '../features/messages/messages-slice.ts';
import { realtimeSlice } from '../features/realtime/realtime-slice.ts';
import { shareSlice } from '../features/share/share-slice.ts';

/**
 * THE place to register a slice: add `<slice.name>: <slice>.reducer` below (slice name = state key).
 * Example: `realtime: realtimeSlice.reducer,`
 */
export const reducers = {
  ...coreReducers,
  realtime: realtimeSlice.reducer,
  connectivity: connectivitySlice.reducer,
  messages: messagesSlice.reducer,
  share: shareSlice.reducer,
  resources: resourcesSlice.reducer,
};

export const rootReducer = combineReducers(reducers);
export type RootState = ReturnType<typeof rootReducer>;
