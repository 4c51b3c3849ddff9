import { put, takeLeading } from 'redux-saga/effects';
import { tokenMenu, type MenuItem } from '../../../contracts/index.ts';
import { menuEvents } from '../menu-slice.ts';
import { apiCall, toUserMessage, type Saga } from './call.ts';

/** Fetch the caller's menu tree into the store; returns it (null when the call failed). */
export function* loadMenuFlow(): Saga<readonly MenuItem[] | null> {
  yield put(menuEvents.requested());
  try {
    const { tree_menu_arr } = yield* apiCall(tokenMenu, {});
    yield put(menuEvents.loaded(tree_menu_arr));
    return tree_menu_arr;
  } catch (e) {
    yield put(menuEvents.loadFailed(toUserMessage(e)));
    return null;
  }
}

export function* watchMenu(): Saga {
  yield takeLeading(menuEvents.retryRequested.type, loadMenuFlow);
}
