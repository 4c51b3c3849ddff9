import { call, getContext } from 'redux-saga/effects';
import type { Saga } from './call.ts';

/** Loads code that joins the store later (app/store.ts puts it in the saga context as `modules`). */
export interface ModuleLoader {
  loadSession(): Promise<void>;
}

/**
 * Make sure the session module (slices and sagas used behind login) is running. Called before the session
 * events are dispatched so its sagas see them. A failed download is logged; the layout retries it.
 */
export function* ensureSessionModulesFlow(): Saga {
  const modules = (yield getContext('modules')) as ModuleLoader | undefined;
  if (!modules) return; // a test store without lazy modules
  try {
    yield call(modules.loadSession);
  } catch (e) {
    console.error('[modules] session module failed to load', e);
  }
}
