import type { Effects } from '../io/effects/browser-effects.ts';
import { parseStoredUserInfo } from '../state/stored-session.ts';
import type { RootState } from './reducers.ts';
import { createStoreWith, type AppStore } from './store-core.ts';

/**
 * The store (store-core.ts), a stored session checked against the contract's user-info schema. Tests and
 * tools use this; main.tsx calls createStoreWith itself so that the schema (and zod) load only when a
 * session is stored.
 */
export function createAppStore(effects: Effects, preloaded?: Partial<RootState>): AppStore {
  return createStoreWith(effects, parseStoredUserInfo, preloaded);
}

export type { AppDispatch, AppStore, RootState } from './store-core.ts';
