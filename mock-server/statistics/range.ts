import { DAILY_RANGE_MAX, daysBetween } from '../../contracts/index.ts';
import { badRequest } from '../services/errors.ts';
import { addDays, dayOf } from '../services/time.ts';

/** The range a statistics screen opens with when it sends no start. */
export const DEFAULT_DAYS = 30;

/**
 * A statistics range on the server clock: a missing end is today, a missing start `defaultDays` (30) before the end; a day
 * after today, start after end or over 366 days answers 400 naming the field (the contract refuses the last two
 * when both ends are sent; here they are checked again once the defaults are filled).
 */
export function resolveRange(nowMs: number, start?: string, end?: string, defaultDays = DEFAULT_DAYS): { first: string; last: string; days: number } {
  const today = dayOf(nowMs);
  const last = end ?? today;
  if (last > today) throw badRequest('validation.future_day', { field: end ? 'end_date' : 'start_date' });
  const first = start ?? addDays(last, -(defaultDays - 1));
  if (first > today) throw badRequest('validation.future_day', { field: 'start_date' });
  if (first > last) throw badRequest('validation.time_order', { field: 'start_date' });
  if (daysBetween(first, last) >= DAILY_RANGE_MAX) throw badRequest('validation.range_max', { field: 'end_date' });
  return { first, last, days: daysBetween(first, last) + 1 };
}

/** An empty BETWEEN range (no day or month text lies between '1' and '0'), so a statement's text never varies. */
const NONE = ['1', '0'] as const;

/**
 * A range of days as what the monthly counters (migration 036) can answer: the whole calendar months inside it
 * (`months`, 'YYYY-MM' first and last) and the days before and after them (`head`, `tail`); any part may be empty
 * (`['1', '0']`). A range within one month, or not covering a whole month, is all `head`.
 */
export function monthSplit(first: string, last: string): { head: readonly [string, string]; months: readonly [string, string]; tail: readonly [string, string] } {
  const fullFrom = first.endsWith('-01') ? first : `${addDays(`${first.slice(0, 7)}-28`, 4).slice(0, 7)}-01`;
  const afterLast = addDays(last, 1);
  const fullTo = afterLast.endsWith('-01') ? last : addDays(`${last.slice(0, 7)}-01`, -1);
  if (fullFrom > fullTo) return { head: [first, last], months: NONE, tail: NONE };
  return {
    head: first < fullFrom ? [first, addDays(fullFrom, -1)] : NONE,
    months: [fullFrom.slice(0, 7), fullTo.slice(0, 7)],
    tail: fullTo < last ? [addDays(fullTo, 1), last] : NONE,
  };
}

/**
 * Rows of a daily counter table over a range, its whole months read from its monthly table (migration 036):
 * `SELECT <columns> FROM daily WHERE day IN head … UNION ALL … monthly WHERE month IN months`. `where` is the
 * scope's condition on the table alias `c`; its parameters are bound once per part (three times).
 */
export function countersOver(daily: string, monthly: string, columns: string, where: string, first: string, last: string, whereParams: readonly unknown[]) {
  const { head, months, tail } = monthSplit(first, last);
  return {
    sql: `SELECT ${columns} FROM ${daily} c WHERE c.day BETWEEN ? AND ? AND ${where}
      UNION ALL SELECT ${columns} FROM ${daily} c WHERE c.day BETWEEN ? AND ? AND ${where}
      UNION ALL SELECT ${columns} FROM ${monthly} c WHERE c.month BETWEEN ? AND ? AND ${where}`,
    params: [...head, ...whereParams, ...tail, ...whereParams, ...months, ...whereParams],
  };
}
