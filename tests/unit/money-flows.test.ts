import { describe, expect, it } from 'vitest';
import { commissionOf, extendExpiry, isMemberAt, OFFSET_STEP_MICRO, parseDateTime, uniquePayAmount } from '../../mock-server/money/arithmetic.ts';

const NOW = new Date(2026, 5, 15, 12, 0, 0).getTime();

describe('membership expiry', () => {
  it('extends an unexpired membership from its expiry', () => {
    expect(extendExpiry('2027-12-31 23:59:59', NOW, 30)).toBe('2028-01-30 23:59:59');
  });
  it('starts an expired or absent membership now', () => {
    expect(extendExpiry('2026-01-01 00:00:00', NOW, 1)).toBe('2026-06-16 12:00:00');
    expect(extendExpiry(null, NOW, 365)).toBe('2027-06-15 12:00:00');
  });
  it('counts a membership as running up to and including its expiry second; none without an expiry', () => {
    expect(isMemberAt('2026-06-15 12:00:00', NOW)).toBe(true);
    expect(isMemberAt('2026-06-15 11:59:59', NOW)).toBe(false);
    expect(isMemberAt(extendExpiry('2026-01-01 00:00:00', NOW, 1), NOW + 86_400_000)).toBe(true);
    expect(isMemberAt(extendExpiry('2026-01-01 00:00:00', NOW, 1), NOW + 86_401_000)).toBe(false);
    expect(isMemberAt(null, NOW)).toBe(false);
  });
  it('reads the wire format as local time', () => {
    expect(parseDateTime('2026-06-15 12:00:00')).toBe(NOW);
  });
});

describe('commission', () => {
  it('is amount × ratio %, rounded down to a micro-unit, exact for large amounts', () => {
    expect(commissionOf(10_000_000, 30)).toBe(3_000_000);
    expect(commissionOf(1, 30)).toBe(0);
    expect(commissionOf(3_333_333, 12.5)).toBe(416_666);
    expect(commissionOf(1_000_000_000_000_000, 33.33)).toBe(333_300_000_000_000);
    expect(commissionOf(10_000_000, 0)).toBe(0);
  });
});

describe('unique pay amount', () => {
  it('takes the smallest free offset, and gives up when all are taken', () => {
    expect(uniquePayAmount(10_000_000, new Set())).toBe(10_000_000 + OFFSET_STEP_MICRO);
    expect(uniquePayAmount(10_000_000, new Set([10_000_100, 10_000_200]))).toBe(10_000_300);
    const all = new Set(Array.from({ length: 9_999 }, (_, k) => 10_000_000 + (k + 1) * OFFSET_STEP_MICRO));
    expect(uniquePayAmount(10_000_000, all)).toBeNull();
  });
});
