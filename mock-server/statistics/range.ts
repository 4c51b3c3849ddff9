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
