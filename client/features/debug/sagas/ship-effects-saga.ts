import { call, delay, race, select } from 'redux-saga/effects';
import type { Saga } from '../../../state/sagas/call.ts';
import { selectToken } from '../../../state/selectors.ts';
import { SHIP_EVERY_MS, type EffectQueue, type SendEffects, type ShipOutcome } from '../effects/effect-shipping.ts';

/**
 * DEV ONLY. Sends the recorder's events to the mock's journal for the QA cockpit's time line: a batch once a
 * second while there are any (at once when a batch is full), with the session's token so the journal names the
 * user. Stops for good when the server has no control API; a lost batch waits for the next tick.
 */
export function shipEffectsSaga(queue: EffectQueue, send: SendEffects): () => Saga {
  return function* watchEffectShipping(): Saga {
    for (;;) {
      yield race([delay(SHIP_EVERY_MS), call(queue.untilFull)]);
      if (queue.state() === 'absent') return;
      if (queue.state() === 'off') continue;
      const batch = queue.takeBatch();
      if (!batch.length) continue;
      const token = (yield select(selectToken)) as string | null;
      const outcome = (yield call(send, { session: queue.session, effects: batch }, token)) as ShipOutcome;
      if (outcome === 'sent') queue.noteSent(batch.length);
      else if (outcome === 'retry') queue.putBack(batch);
      else if (outcome === 'refused') queue.noteLost(batch.length);
      else return queue.markAbsent();
    }
  };
}
