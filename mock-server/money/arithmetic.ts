import { isCalendarDateTime } from '../../contracts/index.ts';
import { formatDateTime } from '../services/clock.ts';

/** Pure money and time arithmetic of the money flows (unit-tested in tests/unit/money-flows.test.ts). */

const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD HH:mm:ss' (server local time, the wire format) → epoch ms. */
export function parseDateTime(text: string): number {
  // Issue 20: an impossible stored value (2026-02-30, month 13) is NaN, never a rolled-over day.
  return isCalendarDateTime(text) ? new Date(text.replace(' ', 'T')).getTime() : Number.NaN;
}

/**
 * A membership bought now runs from the later of now and the current expiry (an unexpired membership is
 * extended, an expired or absent one starts today) for `days` whole days.
 */
export function extendExpiry(current: string | null, nowMs: number, days: number): string {
  const at = current === null ? Number.NaN : parseDateTime(current);
  // An unreadable stored expiry counts as none: the membership starts now (never NaN-NaN-NaN).
  const from = Number.isFinite(at) ? Math.max(nowMs, at) : nowMs;
  return formatDateTime(from + days * DAY_MS);
}

/**
 * Whether a membership runs at `nowMs`: its expiry is the last moment it covers (a membership expiring at
 * 23:59:59 still covers 23:59:59). No expiry at all is no membership (docs/decisions/2026-11-23-membership.md).
 */
export function isMemberAt(expiry: string | null, nowMs: number): boolean {
  return expiry !== null && parseDateTime(expiry) >= nowMs;
}

/**
 * Commission of an order: amount × share ratio (a percentage, e.g. 30 or 12.5), rounded down to a whole
 * micro-unit. The ratio is taken to 0.01 % (basis points) and the product in BigInt, so it is exact.
 */
export function commissionOf(amountMicro: number, shareRatioPercent: number): number {
  const bp = Math.round(shareRatioPercent * 100);
  if (bp <= 0 || amountMicro <= 0) return 0;
  return Number((BigInt(amountMicro) * BigInt(bp)) / 10_000n);
}

/** Step of the unique-amount offsets: 0.0001 USDT, so the amount to pay stays readable (10.0003). */
export const OFFSET_STEP_MICRO = 100;
export const OFFSET_MAX_STEPS = 9_999;

/**
 * The amount a chain payment must carry: the price plus the smallest offset not used by another open order
 * to the same address (so an arriving transfer names exactly one order). `taken` are open pay amounts.
 */
export function uniquePayAmount(amountMicro: number, taken: ReadonlySet<number>): number | null {
  for (let k = 1; k <= OFFSET_MAX_STEPS; k++) {
    const candidate = amountMicro + k * OFFSET_STEP_MICRO;
    if (!taken.has(candidate)) return candidate;
  }
  return null;
}
