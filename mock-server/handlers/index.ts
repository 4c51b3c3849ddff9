import type { HandlerMap } from '../http/handler.ts';
import { authHandlers } from './auth.ts';
import { messageHandlers } from './message.ts';
import { systemHandlers } from './system.ts';
import { urlKeyPlatformHandlers } from './qr-codes-url-key-platform.ts';
import { qrCodeHandlers } from './qr-codes.ts';
import { qrCodeAccessHandlers } from './qr-codes-access.ts';
import { domainHandlers } from './domain.ts';
import { rotationHandlers } from './qr-codes-rotation.ts';
import { ledgerHandlers } from './ledger.ts';
import { uploadHandlers } from './upload.ts';
import { asyncOperationsHandlers } from './system-async-operations.ts';
import { mallCategoryHandlers } from './mall-category.ts';
import { mallBrandHandlers } from './mall-brand.ts';
import { mallProductHandlers } from './mall-product.ts';
import { pictureHandlers } from './mall-picture.ts';
import { documentHandlers } from './mall-document.ts';
import { siteConfigHandlers } from './mall-site-config.ts';
import { statisticsHandlers } from './statistics.ts';
import { liveStatisticsHandlers } from './statistics-live.ts';
import { shieldHandlers } from './shield.ts';
import { logHandlers } from './system-log.ts';
import { ipBlackHandlers } from './system-ip-black.ts';
import { checkoutIpHandlers } from './system-checkout-ip.ts';
import { configurationHandlers } from './configuration.ts';
import { languageHandlers } from './system-language.ts';
import { databaseToolHandlers } from './system-database-tools.ts';
import { telegramHandlers } from './users-telegram.ts';
import { serverListHandlers } from './system-server-list.ts';
import { scriptHandlers } from './system-script.ts';
import { userHandlers } from './users.ts';
import { roleHandlers } from './users-role.ts';
import { menuHandlers } from './users-menu.ts';
import { subscriberConfigHandlers } from './system-subscriber-config.ts';
import { profileHandlers } from './profile.ts';
import { vipHandlers } from './vip.ts';
import { agentHandlers } from './agents.ts';
import { walletHandlers } from './wallets.ts';
import { visitorHandlers } from './users-visitor.ts';

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
