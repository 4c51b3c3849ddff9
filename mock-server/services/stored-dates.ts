import { isCalendarDateTime } from '../../contracts/index.ts';

/**
 * Issue 20: before the contracts checked the calendar, an impossible date-time (`2025-13-45 99:99:99`) could be
 * stored as a member expiry. Such a value is read as no date at all: answers stay within their contract (never
 * a 500), the membership counts as absent (money/arithmetic.ts reads it the same way), and an administrator
 * fixes it by setting a real date on the user screen.
 */
export const storedDateTime = (value: string | null): string | null => (value !== null && isCalendarDateTime(value) ? value : null);

/** Rows with `member_expire_time` read defensively (resource `present`). */
export const withStoredExpiry = <R extends { member_expire_time: string | null }>(rows: R[]): R[] =>
  rows.map((r) => (r.member_expire_time === null || isCalendarDateTime(r.member_expire_time) ? r : { ...r, member_expire_time: null }));
