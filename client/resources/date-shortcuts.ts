import { addDays, addMonths, format, startOfDay } from 'date-fns';

export const DAY_FORMAT = 'yyyy-MM-dd';
/** A day as the wire and the inputs write it, 'YYYY-MM-DD'. */
export const formatDay = (d: Date) => format(d, DAY_FORMAT);

/** Spec §9's date shortcuts: three looking back, three looking ahead (offered where a date may lie ahead: an expiry). */
export const PAST_SHORTCUTS = ['last_week', 'last_month', 'last_three_months'] as const;
export const NEXT_SHORTCUTS = ['next_week', 'next_month', 'next_three_months'] as const;
export type DateShortcut = (typeof PAST_SHORTCUTS)[number] | (typeof NEXT_SHORTCUTS)[number];

/** The day before the same date `n` months on; when that date does not exist (29 February 2027), the month's last day. */
function monthsOn(d: Date, n: number): Date {
  const same = addMonths(d, n);
  return same.getDate() === d.getDate() ? addDays(same, -1) : same;
}

/**
 * A shortcut's days, both ends included and today one of them: a week is 7 days; a month and three months are
 * calendar months (from the day after the same date one or three months back, through today; ahead, from
 * today through the day before the same date one or three months on): 2026-11-29's last three months start
 * on 2026-08-30, not 90 days back. One rule for every date picker, filter bar, dashboard preset and expiry.
 */
export function shortcutRange(shortcut: DateShortcut, today: Date): [Date, Date] {
  const d = startOfDay(today);
  switch (shortcut) {
    case 'last_week':
      return [addDays(d, -6), d];
    case 'last_month':
      return [addDays(addMonths(d, -1), 1), d];
    case 'last_three_months':
      return [addDays(addMonths(d, -3), 1), d];
    case 'next_week':
      return [d, addDays(d, 6)];
    case 'next_month':
      return [d, monthsOn(d, 1)];
    case 'next_three_months':
      return [d, monthsOn(d, 3)];
  }
}
