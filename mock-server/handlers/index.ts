import type { HandlerMap } from '../http/handler.ts';
import { authHandlers } from './auth.ts';
import { messageHandlers } from './message.ts';
import { systemHandlers } from './system.ts';
import { urlKeyPlatformHandlers } from './url-key-platform.ts';
import { qrCodeHandlers } from './qr-code.ts';
import { qrCodeAccessHandlers } from './qr-code-access.ts';
import { domainHandlers } from './domain.ts';
import { rotationHandlers } from './rotation.ts';
import { ledgerHandlers } from './ledger.ts';
import { uploadHandlers } from './upload.ts';
import { asyncOperationsHandlers } from './async-operations.ts';
import { mallCategoryHandlers } from './mall-category.ts';
import { statisticsHandlers } from './statistics.ts';
import { vipHandlers } from './vip.ts';
import { agentHandlers } from './agent.ts';
import { walletHandlers } from './wallet.ts';

/** Every call's handler, by path. Each area adds its table here. */
export const handlers: HandlerMap = {
  ...authHandlers,
  ...systemHandlers,
  ...urlKeyPlatformHandlers,
  ...messageHandlers,
  ...qrCodeHandlers,
  ...qrCodeAccessHandlers,
  ...domainHandlers,
  ...rotationHandlers,
  ...ledgerHandlers,
  ...uploadHandlers,
  ...asyncOperationsHandlers,
  ...mallCategoryHandlers,
  ...statisticsHandlers,
  ...vipHandlers,
  ...agentHandlers,
  ...walletHandlers,
};
