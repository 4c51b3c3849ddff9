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
import { mallBrandHandlers } from './mall-brand.ts';
import { mallProductHandlers } from './mall-product.ts';
import { pictureHandlers } from './picture.ts';
import { documentHandlers } from './document.ts';
import { siteConfigHandlers } from './site-config.ts';
import { statisticsHandlers } from './statistics.ts';
import { liveStatisticsHandlers } from './live-statistics.ts';
import { shieldHandlers } from './shield.ts';
import { logHandlers } from './log.ts';
import { ipBlackHandlers } from './ip-black.ts';
import { checkoutIpHandlers } from './checkout-ip.ts';
import { configurationHandlers } from './configuration.ts';
import { languageHandlers } from './language.ts';
import { databaseToolHandlers } from './database-tools.ts';
import { telegramHandlers } from './telegram.ts';
import { serverListHandlers } from './server-list.ts';
import { scriptHandlers } from './script.ts';
import { userHandlers } from './user.ts';
import { roleHandlers } from './role.ts';
import { menuHandlers } from './menu.ts';
import { subscriberConfigHandlers } from './subscriber-config.ts';
import { profileHandlers } from './profile.ts';
import { vipHandlers } from './vip.ts';
import { agentHandlers } from './agent.ts';
import { walletHandlers } from './wallet.ts';
import { visitorHandlers } from './visitor.ts';

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
  ...mallBrandHandlers,
  ...mallProductHandlers,
  ...pictureHandlers,
  ...documentHandlers,
  ...siteConfigHandlers,
  ...statisticsHandlers,
  ...liveStatisticsHandlers,
  ...shieldHandlers,
  ...logHandlers,
  ...ipBlackHandlers,
  ...checkoutIpHandlers,
  ...configurationHandlers,
  ...languageHandlers,
  ...databaseToolHandlers,
  ...telegramHandlers,
  ...serverListHandlers,
  ...scriptHandlers,
  ...userHandlers,
  ...roleHandlers,
  ...menuHandlers,
  ...subscriberConfigHandlers,
  ...profileHandlers,
  ...vipHandlers,
  ...agentHandlers,
  ...walletHandlers,
  ...visitorHandlers,
};
