import type { CallDef } from './call.ts';
import { authCalls } from './calls/auth.ts';
import { messageCalls } from './calls/message.ts';
import { systemCalls } from './calls/system.ts';
import { urlKeyPlatformCalls } from './calls/url-key-platform.ts';
import { qrCodeCalls } from './calls/qr-code.ts';
import { qrCodeAccessCalls } from './calls/qr-code-access.ts';
import { domainCalls } from './calls/domain.ts';
import { rotationCalls } from './calls/rotation.ts';
import { ledgerCalls } from './calls/ledger.ts';
import { uploadCalls } from './calls/upload.ts';
import { asyncOperationsCalls } from './calls/async-operations.ts';
import { mallCategoryCalls } from './calls/mall-category.ts';
import { statisticsCalls } from './calls/statistics.ts';
import { vipCalls } from './calls/vip.ts';
import { agentCalls } from './calls/agent.ts';
import { walletCalls } from './calls/wallet.ts';

/**
 * Every HTTP call of the product. Adding a call = adding its `defineCall` to an area file and the area's
 * array here; the server refuses to start a registered call without a handler (see tests/contract).
 */
export const calls = [...authCalls, ...systemCalls, ...urlKeyPlatformCalls, ...messageCalls, ...qrCodeCalls, ...qrCodeAccessCalls, ...domainCalls, ...rotationCalls, ...ledgerCalls, ...uploadCalls, ...asyncOperationsCalls, ...mallCategoryCalls, ...statisticsCalls, ...vipCalls, ...agentCalls, ...walletCalls] as const satisfies readonly CallDef[];

export type AnyCall = (typeof calls)[number];
export type CallPath = AnyCall['path'];
export type CallByPath<P extends CallPath> = Extract<AnyCall, { path: P }>;

export const callsByPath: ReadonlyMap<string, CallDef> = new Map(calls.map((c) => [c.path, c]));

/** Prefix of every HTTP call; the WebSocket lives at `REALTIME_PATH` on the same port. */
export const API_PREFIX = '/api/';
export function urlOf(call: CallDef): string {
  return API_PREFIX + call.path;
}
