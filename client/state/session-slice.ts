import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Session, UserInfo } from '../../contracts/index.ts';
import { failed, idle, loading, succeeded, type Async } from './async.ts';
import type { UserMessage } from './message.ts';

export interface SessionState {
  readonly token: string | null;
  readonly userInfo: UserInfo | null;
  /** The last account that logged in here (§9 `account` key), to prefill the login form. */
  readonly lastAccount: string;
  readonly login: Async<UserMessage>;
  readonly register: Async<UserMessage>;
  readonly passwordChange: Async<UserMessage>;
}

/** Form values as typed; the password is encrypted by the saga and never stored or persisted. */
export interface LoginSubmission {
  account: string;
  password: string;
  totp?: string;
}
export interface RegisterSubmission {
  account: string;
  password: string;
  code?: string;
}
export interface PasswordChangeSubmission {
  old_password: string;
  new_password: string;
}

export const initialSessionState: SessionState = {
  token: null,
  userInfo: null,
  lastAccount: '',
  login: idle,
  register: idle,
  passwordChange: idle,
};

function signedIn(state: SessionState, session: Session): SessionState {
  return { ...state, token: session.token, userInfo: session.user_info, lastAccount: session.user_info.account };
}
function signedOut(state: SessionState): SessionState {
  return { ...initialSessionState, lastAccount: state.lastAccount };
}

export const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    loginSubmitted: (state, _a: PayloadAction<LoginSubmission>) => ({ ...state, login: loading }),
    loggedIn: (state, a: PayloadAction<Session>) => ({ ...signedIn(state, a.payload), login: succeeded }),
    loginFailed: (state, a: PayloadAction<UserMessage>) => ({ ...state, login: failed(a.payload) }),
    loginFormEdited: (state) => (state.login.status === 'failed' ? { ...state, login: idle } : state),

    registerSubmitted: (state, _a: PayloadAction<RegisterSubmission>) => ({ ...state, register: loading }),
    registered: (state, a: PayloadAction<Session>) => ({ ...signedIn(state, a.payload), register: succeeded }),
    registerFailed: (state, a: PayloadAction<UserMessage>) => ({ ...state, register: failed(a.payload) }),

    /** Start-up check of a stored token answered. */
    userInfoLoaded: (state, a: PayloadAction<Session>) => signedIn(state, a.payload),
    /** The server said the balance changed (frame 25): header and personal center show it at once. */
    balanceChanged: (state, a: PayloadAction<number>) => (state.userInfo ? { ...state, userInfo: { ...state.userInfo, balance_micro: a.payload } } : state),

    logoutConfirmed: (state) => state,
    loggedOut: signedOut,
    /** A call answered 401, or user info could not be fetched: the token is gone. */
    expired: signedOut,

    passwordChangeSubmitted: (state, _a: PayloadAction<PasswordChangeSubmission>) => ({
      ...state,
      passwordChange: loading,
    }),
    /** The server ended every session of the user, this one included. */
    passwordChanged: signedOut,
    passwordChangeFailed: (state, a: PayloadAction<UserMessage>) => ({ ...state, passwordChange: failed(a.payload) }),
  },
});

export const sessionEvents = sessionSlice.actions;

/** Events that begin a session (login, registration, a stored token confirmed by user info at start-up). */
export const SESSION_STARTED: readonly string[] = [
  sessionEvents.loggedIn.type,
  sessionEvents.registered.type,
  sessionEvents.userInfoLoaded.type,
];
/** Events that end one (a password change ends every session of the user). */
export const SESSION_ENDED: readonly string[] = [
  sessionEvents.loggedOut.type,
  sessionEvents.expired.type,
  sessionEvents.passwordChanged.type,
];
