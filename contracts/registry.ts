import type { CallDef } from './call.ts';
import { API_PREFIX } from './server-paths.ts';
import { authCalls } from './calls/auth.ts';
import { messageCalls } from './calls/message.ts';
import { messageListCalls } from './calls/system-message.ts';
import { connectionCalls } from './calls/users-connection.ts';
import { systemCalls } from './calls/system.ts';
import { payConfigCalls } from './calls/vip-pay-config.ts';
import { urlKeyPlatformCalls } from './calls/qr-codes-url-key-platform.ts';
import { qrCodeCalls } from './calls/qr-codes.ts';
import { qrCodeAccessCalls } from './calls/qr-codes-access.ts';
import { domainCalls } from './calls/domains.ts';
import { qrGroupCalls } from './calls/qr-codes-group.ts';
import { forwardCalls } from './calls/qr-codes-forward.ts';
import { rotationCalls } from './calls/qr-codes-rotation.ts';
import { billCalls } from './calls/vip-bill.ts';
import { balanceCalls } from './calls/users-balance.ts';
import { uploadCalls } from './calls/upload.ts';
import { asyncOperationsCalls } from './calls/system-async-operations.ts';
import { mallCategoryCalls } from './calls/mall-category.ts';
import { mallBrandCalls } from './calls/mall-brand.ts';
import { mallProductCalls } from './calls/mall-product.ts';
import { pictureCalls } from './calls/mall-picture.ts';
import { documentCalls } from './calls/mall-document.ts';
import { siteConfigCalls } from './calls/mall-site-config.ts';
import { statisticsCalls } from './calls/statistics.ts';
import { shieldCalls } from './calls/shield.ts';
import { domainMonitorCalls } from './calls/domains-monitor.ts';
import { statisticsTodayCalls } from './calls/statistics-today.ts';
import { statisticsHistoryCalls } from './calls/statistics-history.ts';
import { statisticsCodesCalls } from './calls/statistics-codes.ts';
import { statisticsPeriodCalls } from './calls/statistics-period.ts';
import { statisticsSummaryCalls } from './calls/statistics-summary.ts';
import { statisticsLiveCalls } from './calls/statistics-live.ts';
import { logCalls } from './calls/system-log.ts';
import { ipBlackAllCalls } from './calls/system-ip-black.ts';
import { checkoutIpCalls } from './calls/system-checkout-ip.ts';
import { configurationCalls } from './calls/system-configuration.ts';
import { uploadConfigCalls } from './calls/mall-image-config.ts';
import { languageCalls } from './calls/system-language.ts';
import { databaseToolCalls } from './calls/system-database-tools.ts';
import { telegramCalls } from './calls/users-telegram.ts';
import { serverListCalls } from './calls/system-server-list.ts';
import { scriptCalls } from './calls/system-script.ts';
import { userCalls } from './calls/users.ts';
import { roleCalls } from './calls/users-role.ts';
import { menuCalls } from './calls/users-menu.ts';
import { subscriberConfigCalls } from './calls/system-subscriber-config.ts';
import { profileCalls } from './calls/profile.ts';
import { vipCalls } from './calls/vip.ts';
import { agentCalls } from './calls/agents.ts';
import { withdrawalCalls } from './calls/agents-withdrawal.ts';
import { walletCalls } from './calls/wallets.ts';
import { visitorCalls } from './calls/users-visitor.ts';

/**
 * Every HTTP call of the product. Adding a call = adding its `defineCall` to an area file and the area's
 * array here; the server refuses to start a registered call without a handler (see tests/contract).
 */
export const calls = [...authCalls, ...systemCalls, ...payConfigCalls, ...urlKeyPlatformCalls, ...messageCalls, ...messageListCalls, ...connectionCalls, ...qrCodeCalls, ...qrCodeAccessCalls, ...domainCalls, ...qrGroupCalls, ...forwardCalls, ...rotationCalls, ...balanceCalls, ...billCalls, ...uploadCalls, ...asyncOperationsCalls, ...mallCategoryCalls, ...statisticsCalls, ...shieldCalls, ...domainMonitorCalls, ...statisticsTodayCalls, ...statisticsHistoryCalls, ...statisticsCodesCalls, ...statisticsPeriodCalls, ...mallBrandCalls, ...mallProductCalls, ...pictureCalls, ...documentCalls, ...siteConfigCalls, ...logCalls, ...ipBlackAllCalls, ...checkoutIpCalls, ...configurationCalls, ...uploadConfigCalls, ...languageCalls, ...databaseToolCalls, ...telegramCalls, ...serverListCalls, ...scriptCalls, ...userCalls, ...roleCalls, ...subscriberConfigCalls, ...profileCalls, ...vipCalls, ...agentCalls, ...withdrawalCalls, ...walletCalls, ...statisticsSummaryCalls, ...statisticsLiveCalls, ...menuCalls, ...visitorCalls] as const satisfies readonly CallDef[];

export type AnyCall = (typeof calls)[number];
export type CallPath = AnyCall['path'];
export type CallByPath<P extends CallPath> = Extract<AnyCall, { path: P }>;

export const callsByPath: ReadonlyMap<string, CallDef> = new Map(calls.map((c) => [c.path, c]));

export function urlOf(call: CallDef): string {
  return API_PREFIX + call.path;
}
