import type { EnumValue, StealingReason, VisitMethod, VisitRestriction } from '../../contracts/index.ts';
import { isWeChat } from '../../contracts/index.ts';

export type VisitDecision = { readonly allowed: true } | { readonly allowed: false; readonly reason: EnumValue<typeof StealingReason> };

/**
 * Whether a visit may go on: restriction 2 admits WeChat's in-app browser only (user agent MicroMessenger); visit
 * method 2 (scan-only) admits only requests carrying the scan marker the rendered QR image adds (`?s=1`).
 * Restriction is checked first: a non-WeChat visitor of a WeChat-only code is refused for that reason.
 */
export function decideVisit(
  code: { visit_method: EnumValue<typeof VisitMethod>; visit_restriction: EnumValue<typeof VisitRestriction> },
  visit: { userAgent: string; scanned: boolean },
): VisitDecision {
  if (code.visit_restriction === 2 && !isWeChat(visit.userAgent)) return { allowed: false, reason: 1 };
  if (code.visit_method === 2 && !visit.scanned) return { allowed: false, reason: 2 };
  return { allowed: true };
}
