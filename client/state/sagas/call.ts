import { isIdempotent, type CallDef, type RequestOf, type ResponseOf } from '../../../contracts/index.ts';
import { call, getContext, put, select } from 'redux-saga/effects';
import type { CallOptions } from '../../io/call-api.ts';
import type { Effects } from '../../io/effects/browser-effects.ts';
import { isApiError } from '../../io/errors.ts';
import { isLazyCall, type LazyCall } from '../../io/lazy-call.ts';
import { keyMessage, renewalMessage, textMessage, type UserMessage } from '../message.ts';
import { selectCallContext } from '../selectors.ts';
import { sessionEvents } from '../session-slice.ts';

/** A saga's type: it yields effects, gets `unknown` back (cast at each yield) and returns R. */
export type Saga<R = void> = Generator<unknown, R, unknown>;

/** The effect layer from saga context (`context: { effects }` in app/store.ts). */
export function* effects(): Saga<Effects> {
  return (yield getContext('effects')) as Effects;
}

/**
 * Make a call with the session's token and language. A 401 ends the session (`session/expired`) before the
 * error is rethrown, so no saga has to remember to do it. A read (`isIdempotent`) that timed out is sent once
 * more (the answer may just have been lost); a write is not, since the first one may have landed; a refused
 * connection is not either (the server is down: the screen offers Retry, polls try again on their own tick).
 * A lazy call (the public pages', api/public-calls.ts) goes out at once; its descriptor loads meanwhile.
 */
export function* apiCall<C extends CallDef>(callDef: C | LazyCall<C>, body: RequestOf<C>, options?: CallOptions): Saga<ResponseOf<C>> {
  const fx = yield* effects();
  const context = (yield select(selectCallContext)) as ReturnType<typeof selectCallContext>;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return (yield options ? call(fx.callApi, callDef, body, context, options) : call(fx.callApi, callDef, body, context)) as ResponseOf<C>;
    } catch (e) {
      if (isApiError(e) && e.kind === 'timeout' && attempt < 2 && (yield* idempotent(callDef))) continue;
      if (isApiError(e) && e.isUnauthorized && context.token) yield put(sessionEvents.expired());
      throw e;
    }
  }
}

/** Whether a call may be sent again; a lazy call's descriptor (loaded by then) says, or no when it cannot load. */
function* idempotent<C extends CallDef>(callDef: C | LazyCall<C>): Saga<boolean> {
  if (!isLazyCall(callDef)) return isIdempotent(callDef);
  try {
    return isIdempotent((yield call(callDef.load)) as C);
  } catch {
    return false;
  }
}

/** Turn a caught error into something to show: the server's text, else a console key. */
export function toUserMessage(e: unknown, fallbackKey = 'errors.resource_error'): UserMessage {
  if (isApiError(e)) {
    if (e.message) return e.needsMembership ? renewalMessage(e.message) : textMessage(e.message, e.field);
    if (e.kind === 'timeout') return keyMessage('errors.no_answer');
    if (e.httpStatus === 0) return keyMessage('errors.network');
  }
  return keyMessage(fallbackKey);
}
