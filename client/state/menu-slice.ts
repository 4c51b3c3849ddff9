import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { MenuItem } from '../../contracts/index.ts';
import { failedFrom, idle, loaded, loadingFrom, type Loadable } from './async.ts';
import type { UserMessage } from './message.ts';
import { sessionEvents } from './session-slice.ts';

/** The caller's menu tree as the server sent it; navigation and authority lists are derived (state/menu.ts). */
export interface MenuState {
  readonly tree: Loadable<readonly MenuItem[]>;
}

export const initialMenuState: MenuState = { tree: idle };

export const menuSlice = createSlice({
  name: 'menu',
  initialState: initialMenuState,
  reducers: {
    /** The user asked to try loading the menu again (after a failure). */
    retryRequested: (s: MenuState) => s,
    requested: (s: MenuState) => ({ tree: loadingFrom(s.tree) }),
    loaded: (_s: MenuState, a: PayloadAction<readonly MenuItem[]>) => ({ tree: loaded(a.payload) }),
    loadFailed: (s: MenuState, a: PayloadAction<UserMessage>) => ({ tree: failedFrom(s.tree, a.payload) }),
  },
  extraReducers: (b) => {
    const forget = (): MenuState => initialMenuState;
    b.addCase(sessionEvents.loggedOut, forget).addCase(sessionEvents.expired, forget).addCase(sessionEvents.passwordChanged, forget);
  },
});

export const menuEvents = menuSlice.actions;
