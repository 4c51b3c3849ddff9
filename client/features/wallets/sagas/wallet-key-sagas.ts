import { put, takeLatest } from 'redux-saga/effects';
import { walletRevealKey } from '../../../../contracts/index.ts';
import { apiCall, toUserMessage, type Saga } from '../../../state/sagas/call.ts';
import { walletKeyActions } from '../wallet-key-slice.ts';

/** A confirmed reveal of a wallet's private key (the server writes the audit row). */
export function* revealKeyFlow(action: ReturnType<typeof walletKeyActions.revealRequested>): Saga {
  try {
    const answer = yield* apiCall(walletRevealKey, { id: action.payload, confirm: true });
    yield put(walletKeyActions.revealed({ id: answer.id, key: answer.private_key }));
  } catch (e) {
    yield put(walletKeyActions.failed(toUserMessage(e)));
  }
}

export function* watchWalletKey(): Saga {
  yield takeLatest(walletKeyActions.revealRequested.type, revealKeyFlow);
}
