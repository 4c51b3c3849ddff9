import {
  CloseCode,
  CloseReason,
  type CloseReasonText,
  DEFAULT_LOCALE,
  FrameType,
  LOCALES,
  translate,
  type ClientFrame,
  type Locale,
} from '../../contracts/index.ts';
import { hashToken, type Sessions } from '../services/sessions.ts';
import type { Users } from '../services/users.ts';
import type { Conn } from './conn.ts';
import type { FanOut } from './fan-out.ts';
import type { RealtimeKeys } from './keys.ts';
import type { Presence } from './presence.ts';

export interface LoginDeps {
  readonly sessions: Sessions;
  readonly users: Users;
  readonly keys: RealtimeKeys;
  readonly presence: Pick<Presence, 'join'>;
  readonly out: Pick<FanOut, 'send'>;
  /** Close one socket with its documented code (connections.ts). */
  readonly close: (conn: Conn, code: number, reason: CloseReasonText) => void;
}

/**
 * The session side of a socket, for its decrypted frames (the key already proved the sid): the LOGIN
 * handshake (token of this session, session live, user active, LOGIN ts newer than the last accepted for the
 * session), then at each PING the same session still live and its user still active.
 */
export function createLogin(deps: LoginDeps) {
  const { sessions, users, keys, presence, out, close } = deps;

  /** LOGIN_ACK `{ status: false, message }` in the socket's language, then close 4001 with a plain reason. */
  function refuse(conn: Conn, key: string, reason: CloseReasonText) {
    out.send(conn, FrameType.values.login_ack, { status: false, message: translate(key, conn.locale) });
    close(conn, CloseCode.values.bad_login, reason);
  }

  function login(conn: Conn, frame: ClientFrame) {
    conn.locale = (LOCALES as readonly string[]).includes(frame.locale)
      ? (frame.locale as Locale)
      : DEFAULT_LOCALE;
    if (conn.authenticated) {
      // A second login on a live socket only repeats the acknowledgement.
      out.send(conn, FrameType.values.login_ack, { status: true, user_id: conn.userId ?? undefined });
      return;
    }
    if (hashToken(frame.token) !== conn.tokenHash) return refuse(conn, 'errors.realtime_login_refused', CloseReason.wrongToken);
    const session = sessions.resolve(frame.token);
    if (session === undefined || session === 'expired') return refuse(conn, 'errors.session_expired', CloseReason.sessionExpired);
    const user = users.byId(session.user_id);
    if (!user || user.status === 2 || user.disable === 2) return refuse(conn, 'errors.account_disabled', CloseReason.accountDisabled);
    if (!keys.acceptLogin(conn.sid, frame.ts))
      return close(conn, CloseCode.values.replayed, CloseReason.loginReplayed);
    if (conn.loginTimer) clearTimeout(conn.loginTimer);
    conn.loginTimer = null;
    conn.authenticated = true;
    conn.userId = user.id;
    presence.join(conn, user.id);
    out.send(conn, FrameType.values.login_ack, { status: true, user_id: user.id });
  }

  return {
    /** One decoded, fresh frame of the socket: LOGIN first, then PINGs of the same live session. */
    onFrame(conn: Conn, frame: ClientFrame) {
      if (frame.type === FrameType.values.login) return login(conn, frame);
      if (!conn.authenticated) return close(conn, CloseCode.values.unauthenticated, CloseReason.loginFirst);
      if (hashToken(frame.token) !== conn.tokenHash)
        return close(conn, CloseCode.values.unauthenticated, CloseReason.otherToken);
      // PING: the session must still be live (logout, password change and expiry end it) and its user active.
      const session = sessions.resolve(frame.token);
      if (session === undefined || session === 'expired')
        return close(conn, CloseCode.values.session_ended, CloseReason.sessionEnded);
      const user = users.byId(session.user_id);
      if (!user || user.status === 2 || user.disable === 2)
        return close(conn, CloseCode.values.session_ended, CloseReason.accountDisabled);
      out.send(conn, FrameType.values.heartbeat_ack);
    },
  };
}
