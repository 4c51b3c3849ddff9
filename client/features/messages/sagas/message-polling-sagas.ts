import { buffers, type Channel, type Task } from 'redux-saga';
import type { Action } from '@reduxjs/toolkit';
import { actionChannel, cancel, delay, fork, put, race, select, take } from 'redux-saga/effects';
import {
  messageInquire,
  messageUpdateNotifyStatus,
  NotifyStatus,
  REALTIME_TUNING,
} from '../../../../contracts/index.ts';
import { routeChanged } from '../../../state/app-events.ts';
import { frameFor } from '../../../state/realtime-events.ts';
import { apiCall, effects, type Saga } from '../../../state/sagas/call.ts';
import { createCadence, tickDue } from '../../../state/sagas/cadence.ts';
import { selectToken } from '../../../state/selectors.ts';
import { SESSION_ENDED, SESSION_STARTED } from '../../../state/session-slice.ts';
import { messagesEvents } from '../messages-slice.ts';

/** Spec §2: no polling on the login and register pages. */
export const NO_POLL_PATHS: readonly string[] = ['/admin_login', '/admin_register'];

/**
 * One poll: the newest unread message (notify_status 1, page 1, size 1); if there is one, show it and mark it
 * read. `pushed`: the poll answers the server's push of a new message (it reads as news, not as the waiting
 * message the regular poll finds). Every failure is silently ignored (spec §8): the next tick tries again.
 */
export function* pollOnce(pushed = false): Saga {
  try {
    const page = yield* apiCall(messageInquire, { notify_status: NotifyStatus.values.unread, page_size: 1, page: 1 });
    const first = page.content[0];
    if (!first) return;
    yield put(messagesEvents.noticeShown({ id: first.id, title: first.title, content: first.content, pushed }));
    yield* apiCall(messageUpdateNotifyStatus, { id: first.id });
  } catch {
    /* spec §8: polling failures are ignored */
  }
}

/** A type-4 frame: the server says a new message was sent to this user. */
const isMessagePush = frameFor('polling', 'message');

/**
 * Poll every 10 s; a pushed message (type 4) cuts the wait short, so it shows at once rather than up to 10 s
 * later. The push only wakes this one loop (never a second poller), so a message is still shown and marked
 * read once, and the next tick comes 10 s after that poll. A push that arrives while a poll is on its way is
 * kept (one is enough, however many come): that poll's answer may have been read before the message was
 * stored, so the loop polls again right after it.
 */
export function* pollLoop(): Saga {
  const fx = yield* effects();
  const pushes = (yield actionChannel(isMessagePush, buffers.sliding(1))) as Channel<Action>;
  // On a steady grid (state/sagas/cadence.ts); a push polls at once and the grid starts again from there.
  const cadence = createCadence(fx.now(), REALTIME_TUNING.messagePollIntervalMs);
  try {
    for (;;) {
      const woken = (yield race({ tick: delay(cadence.waitMs(fx.now())), pushed: take(pushes) })) as { pushed?: Action };
      if (woken.pushed) cadence.restart(fx.now());
      else yield tickDue(cadence);
      yield* pollOnce(Boolean(woken.pushed));
      if (!woken.pushed) cadence.ticked(fx.now());
    }
  } finally {
    pushes.close();
  }
}

const WATCHED = [routeChanged.type, ...SESSION_STARTED, ...SESSION_ENDED];

/**
 * Exactly one polling loop, running while a token exists and the page is not login/register. Each session
 * or route event re-evaluates that condition: the loop is forked when it becomes true and cancelled when it
 * becomes false; moving between console pages leaves the running loop (and its cadence) alone. `loop` is
 * `pollLoop`; the scenario mutation checks pass a broken one (tests/sagas/scenario-mutants.test.ts).
 */
export function* watchMessagePolling(loop: () => Saga = pollLoop): Saga {
  const fx = yield* effects();
  let path = fx.currentPath();
  let task: Task | null = null;
  for (;;) {
    const token = (yield select(selectToken)) as string | null;
    const wanted = token !== null && !NO_POLL_PATHS.includes(path);
    if (wanted && !task) task = (yield fork(loop)) as Task;
    if (!wanted && task) {
      yield cancel(task);
      task = null;
    }
    const action = (yield take(WATCHED)) as { type: string; payload?: { pathname?: string } };
    if (action.type === routeChanged.type && action.payload?.pathname !== undefined) path = action.payload.pathname;
  }
}
