import { put, select, takeEvery, takeLeading } from 'redux-saga/effects';
import type { Session } from '../../../../contracts/index.ts';
import { publicCall } from '../../../io/public-calls.ts';
import { appStarted } from '../../../state/app-events.ts';
import { selectToken } from '../../../state/selectors.ts';
import { apiCall, effects, type Saga } from '../../../state/sagas/call.ts';
import { loadMenuFlow } from '../../../state/sagas/menu.ts';
import { ensureSessionModulesFlow } from '../../../state/sagas/modules.ts';
import { sessionEvents } from '../../../state/session-slice.ts';
import { settingsEvents } from '../../../state/settings-slice.ts';

/** Shown until website info arrives (spec §1: the site title is Chinese). */
export const DEFAULT_TITLE = '二维码管理控制台';
/** The default logo, served with the console (client/public). */
export const DEFAULT_LOGO = './logo.svg';

/**
 * Spec §1 start-up: default title and logo, then website info for everyone; for a stored session, check it
 * (get user info — failure clears it, §8), then its menu, pay config and URL key platform list.
 */
export function* startUpFlow(): Saga {
  const fx = yield* effects();
  fx.setDocumentTitle(DEFAULT_TITLE);
  fx.setFavicon(DEFAULT_LOGO);
  yield put(settingsEvents.websiteInfoRequested());

  const token = (yield select(selectToken)) as string | null;
  if (!token) return;
  try {
    const session = (yield* apiCall(publicCall('getUserInfo'), {})) as Session;
    yield* ensureSessionModulesFlow();
    yield put(sessionEvents.userInfoLoaded(session));
  } catch {
    yield put(sessionEvents.expired());
    return;
  }
  yield* loadMenuFlow();
  yield* loadUserSettingsFlow();
}

/** Settings any logged-in user may read: pay config and the URL key platform list. */
export function* loadUserSettingsFlow(): Saga {
  yield put(settingsEvents.payConfigRequested());
  yield put(settingsEvents.urlKeyPlatformsRequested());
}

export function* watchStartUp(): Saga {
  yield takeLeading(appStarted.type, startUpFlow);
  yield takeEvery([sessionEvents.loggedIn.type, sessionEvents.registered.type], loadUserSettingsFlow);
}
