import type { HandlerMap } from '../http/handler.ts';
import { authHandlers } from './auth.ts';
import { messageHandlers } from './message.ts';
import { messageListHandlers } from './system-message.ts';
import { connectionHandlers } from './users-connection.ts';
import { systemHandlers } from './system.ts';
import { payConfigHandlers } from './vip-pay-config.ts';
import { urlKeyPlatformHandlers } from './qr-codes-url-key-platform.ts';
import { qrCodeHandlers } from './qr-codes.ts';
import { qrCodeAccessHandlers } from './qr-codes-access.ts';
import { domainHandlers } from './domains.ts';
import { qrGroupHandlers } from './qr-codes-group.ts';
import { forwardHandlers } from './qr-codes-forward.ts';
import { rotationHandlers } from './qr-codes-rotation.ts';
import { billHandlers } from './vip-bill.ts';
import { balanceHandlers } from './users-balance.ts';
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
import { domainMonitorHandlers } from './domains-monitor.ts';
import { logHandlers } from './system-log.ts';
import { ipBlackHandlers } from './system-ip-black.ts';
import { checkoutIpHandlers } from './system-checkout-ip.ts';
import { configurationHandlers } from './system-configuration.ts';
import { uploadConfigHandlers } from './mall-image-config.ts';
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
import { withdrawalHandlers } from './agents-withdrawal.ts';
import { walletHandlers } from './wallets.ts';
import { visitorHandlers } from './users-visitor.ts';

/** Every call's handler, by path. Each area adds its table here. */
export const handlers: HandlerMap = {
  ...authHandlers,
  ...systemHandlers,
  ...payConfigHandlers,
  ...urlKeyPlatformHandlers,
  ...messageHandlers,
  ...messageListHandlers,
  ...connectionHandlers,
  ...qrCodeHandlers,
  ...qrCodeAccessHandlers,
  ...domainHandlers,
  ...qrGroupHandlers,
  ...forwardHandlers,
  ...rotationHandlers,
  ...balanceHandlers,
  ...billHandlers,
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
  ...domainMonitorHandlers,
  ...logHandlers,
  ...ipBlackHandlers,
  ...checkoutIpHandlers,
  ...configurationHandlers,
  ...uploadConfigHandlers,
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
  ...withdrawalHandlers,
  ...walletHandlers,
  ...visitorHandlers,
};
