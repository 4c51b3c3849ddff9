import { all, put, takeLeading } from 'redux-saga/effects';
import type { MenuItem } from '../../../contracts/index.ts';
import { publicCall } from '../../io/public-calls.ts';
import { frameFor } from '../realtime-events.ts';
import { menuEvents } from '../menu-slice.ts';
import { apiCall, toUserMessage, type Saga } from './call.ts';

/** Fetch the caller's menu tree into the store; returns it (null when the call failed). */
export function* loadMenuFlow(): Saga<readonly MenuItem[] | null> {
  yield put(menuEvents.requested());
  try {
    const { tree_menu_arr } = yield* apiCall(publicCall('tokenMenu'), {});
    yield put(menuEvents.loaded(tree_menu_arr));
    return tree_menu_arr;
  } catch (e) {
    yield put(menuEvents.loadFailed(toUserMessage(e)));
    return null;
  }
}

/** Frame 23: an administrator changed this user's role; the menu and buttons follow without a re-login. */
const isMenuRefresh = frameFor('menu', 'menu_refresh');

export function* watchMenu(): Saga {
  yield all([takeLeading(menuEvents.retryRequested.type, loadMenuFlow), takeLeading(isMenuRefresh, loadMenuFlow)]);
}
