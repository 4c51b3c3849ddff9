import type { PayloadAction } from '@reduxjs/toolkit';
import { all, call, put, select, takeEvery, takeLeading } from 'redux-saga/effects';
import type { Locale, Session } from '../../../../contracts/index.ts';
import { publicCall } from '../../../io/public-calls.ts';
import { STORAGE_KEYS } from '../../../io/storage.ts';
import { keyMessage } from '../../../state/message.ts';
import { selectLanguage } from '../../../state/selectors.ts';
import { firstLeafPath } from '../../../state/menu.ts';
import { apiCall, effects, toUserMessage, type Saga } from '../../../state/sagas/call.ts';
import { loadMenuFlow } from '../../../state/sagas/menu.ts';
import { ensureSessionModulesFlow } from '../../../state/sagas/modules.ts';
import {
  SESSION_ENDED,
  SESSION_STARTED,
  sessionEvents,
  type LoginSubmission,
  type PasswordChangeSubmission,
  type RegisterSubmission,
} from '../../../state/session-slice.ts';

const LOGIN_PATH = '/admin_login';

function* encrypt(plain: string): Saga<string> {
  const fx = yield* effects();
  const language = (yield select(selectLanguage)) as Locale;
  return (yield call(fx.encryptPassword, plain, language)) as string;
}

/**
 * After login or registration: load the menu and open its first leaf under /customer/{path}. With no leaf
 * the account cannot do anything here: say so (login_err_01) and end the session again.
 */
function* enterConsole(): Saga<boolean> {
  const fx = yield* effects();
  const tree = yield* loadMenuFlow();
  const path = tree ? firstLeafPath(tree) : null;
  if (path) {
    fx.navigate(path, { replace: true });
    return true;
  }
  yield* endSessionOnServer();
  yield put(sessionEvents.loggedOut());
  return false;
}

function* endSessionOnServer(): Saga {
  try {
    yield* apiCall(publicCall('logout'), {});
  } catch {
    /* the session is dropped locally either way */
  }
}

export function* loginFlow(action: PayloadAction<LoginSubmission>): Saga {
  const { account, password, totp } = action.payload;
  try {
    const session = (yield* apiCall(publicCall('login'), {
      account,
      password: yield* encrypt(password),
      ...(totp ? { totp } : {}),
    })) as Session;
    yield* ensureSessionModulesFlow();
    yield put(sessionEvents.loggedIn(session));
  } catch (e) {
    yield put(sessionEvents.loginFailed(toUserMessage(e, 'errors.login_failed')));
    return;
  }
  if (!(yield* enterConsole())) yield put(sessionEvents.loginFailed(keyMessage('validation.login_err_01')));
}

export function* registerFlow(action: PayloadAction<RegisterSubmission>): Saga {
  const { account, password, code } = action.payload;
  try {
    const session = (yield* apiCall(publicCall('register'), {
      account,
      password: yield* encrypt(password),
      ...(code ? { code } : {}),
    })) as Session;
    yield* ensureSessionModulesFlow();
    yield put(sessionEvents.registered(session));
  } catch (e) {
    yield put(sessionEvents.registerFailed(toUserMessage(e)));
    return;
  }
  if (!(yield* enterConsole())) yield put(sessionEvents.registerFailed(keyMessage('validation.login_err_01')));
}

export function* logoutFlow(): Saga {
  const fx = yield* effects();
  yield* endSessionOnServer();
  yield put(sessionEvents.loggedOut());
  fx.navigate(LOGIN_PATH, { replace: true });
}

/** A 401 somewhere: back to login with a word why (unless already there). */
export function* expiredFlow(): Saga {
  const fx = yield* effects();
  if (fx.currentPath() !== LOGIN_PATH) {
    fx.toast(keyMessage('errors.session_expired'), 'warning');
    fx.navigate(LOGIN_PATH, { replace: true });
  }
}

export function* passwordChangeFlow(action: PayloadAction<PasswordChangeSubmission>): Saga {
  const fx = yield* effects();
  try {
    yield* apiCall(publicCall('changePassword'), {
      old_password: yield* encrypt(action.payload.old_password),
      new_password: yield* encrypt(action.payload.new_password),
    });
  } catch (e) {
    yield put(sessionEvents.passwordChangeFailed(toUserMessage(e)));
    return;
  }
  // The server ended every session of this user: log in again with the new password.
  yield put(sessionEvents.passwordChanged());
  fx.toast(keyMessage('auth.password_changed'), 'success');
  fx.navigate(LOGIN_PATH, { replace: true });
}

/** Keep §9 storage in step with the session: token and user_info while signed in, gone after. */
export function* persistSessionFlow(action: PayloadAction<Session | undefined>): Saga {
  const { storage } = yield* effects();
  const session = action.payload;
  if (session && 'token' in session) {
    storage.set(STORAGE_KEYS.token, session.token);
    storage.set(STORAGE_KEYS.userInfo, JSON.stringify(session.user_info));
    storage.set(STORAGE_KEYS.account, session.user_info.account);
  } else {
    storage.remove(STORAGE_KEYS.token);
    storage.remove(STORAGE_KEYS.userInfo);
  }
}

export function* watchAuth(): Saga {
  yield all([
    takeLeading(sessionEvents.loginSubmitted.type, loginFlow),
    takeLeading(sessionEvents.registerSubmitted.type, registerFlow),
    takeLeading(sessionEvents.logoutConfirmed.type, logoutFlow),
    takeLeading(sessionEvents.passwordChangeSubmitted.type, passwordChangeFlow),
    takeEvery(sessionEvents.expired.type, expiredFlow),
    takeEvery([...SESSION_STARTED, ...SESSION_ENDED], persistSessionFlow),
  ]);
}
