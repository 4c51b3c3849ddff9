import { watchAsyncOperations } from '../features/system/sagas/async-operations-sagas.ts';
import { watchShield } from '../features/shield/sagas/shield-sagas.ts';
import { watchMessagePolling } from '../features/messages/sagas/message-polling-sagas.ts';
import { messagesSlice } from '../features/messages/messages-slice.ts';
import { watchRealtime } from '../features/realtime/sagas/realtime-sagas.ts';
import { realtimeSlice } from '../features/realtime/realtime-slice.ts';
import { watchResources } from '../resources/sagas/resource-sagas.ts';
import { resourcesSlice } from '../resources/resource-slice.ts';
import { watchRecords } from '../resources/record/record-sagas.ts';
import { recordsSlice } from '../resources/record/record-slice.ts';
import { watchUploads } from '../resources/upload/upload-sagas.ts';
import { uploadsSlice } from '../resources/upload/upload-slice.ts';
import { watchPayments } from '../features/vip/sagas/payment-sagas.ts';
import { watchBalance } from '../features/vip/sagas/balance-sagas.ts';
import { paymentSlice } from '../features/vip/payment-slice.ts';
import { walletKeySlice } from '../features/wallets/wallet-key-slice.ts';
import { watchWalletKey } from '../features/wallets/sagas/wallet-key-sagas.ts';
import { jobOutputSlice } from '../features/system/job-output-slice.ts';
import { watchLiveStatistics } from '../features/statistics/sagas/live-sagas.ts';
import { liveSlice } from '../features/statistics/live-slice.ts';
import type { ConsumerReceiver } from '../../contracts/index.ts';
import type { Saga } from '../state/sagas/call.ts';
import type { FeatureModule } from './modules.ts';
import type { startUpFrameReceivers } from './sagas.ts';

/**
 * THE place to register a slice or a saga that only works behind login. This module is its own chunk, loaded
 * once a session exists (a stored token at start-up, or right after login/registration) and before the
 * session events (`session/loggedIn`, `session/registered`, `session/userInfoLoaded`) are dispatched, so
 * these sagas see them. The login page never downloads this code. Public pages and start-up register in
 * reducers.ts / sagas.ts instead.
 */
export const sessionReducers = {
  realtime: realtimeSlice.reducer,
  messages: messagesSlice.reducer,
  resources: resourcesSlice.reducer,
  records: recordsSlice.reducer,
  uploads: uploadsSlice.reducer,
  payment: paymentSlice.reducer,
  walletKey: walletKeySlice.reducer,
  jobOutput: jobOutputSlice.reducer,
  liveStatistics: liveSlice.reducer,
};

/**
 * The saga of each of the console's frame receivers behind login, by the name the frame registry gives it
 * (contracts/realtime/frame-registry.ts): with start-up's (sagas.ts), exactly the registry's receivers, or the
 * typecheck fails. The socket saga (watchRealtime) is the dispatcher that hands them their frames.
 */
export const sessionFrameReceivers = {
  polling: watchMessagePolling,
  jobs: watchAsyncOperations,
  shield: watchShield,
  payments: watchPayments,
  live: watchLiveStatistics,
  balance: watchBalance,
} as const satisfies Record<Exclude<ConsumerReceiver, keyof typeof startUpFrameReceivers>, () => Saga>;

export const sessionModule: FeatureModule = {
  reducers: sessionReducers,
  sagas: [watchRealtime, ...Object.values(sessionFrameReceivers), watchResources, watchRecords, watchUploads, watchWalletKey],
};

export type SessionModuleState = { [K in keyof typeof sessionReducers]: ReturnType<(typeof sessionReducers)[K]> };
