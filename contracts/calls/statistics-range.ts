import type { z } from 'zod';
import { id } from '../envelope.ts';
import { DAILY_RANGE_MAX, dateRule, daysBetween } from './qr-codes-access.ts';

/** Whose codes a statistics call counts: administrators any user (or everyone), agents themselves and their customers, customers themselves. */
export const statisticsScope = {
  user_id: id
    .optional()
    .meta({ description: 'Count only this user’s codes: administrators any user; agents themselves or one of their customers; customers themselves. Another user: 404.' }),
};


/**
 * A statistics date range (daily_statistics, visit_summary): both ends optional (the server fills them from its
 * clock: end today, start 30 days before the end), start not after end, at most 366 days. A future day is the
 * server's to refuse: only it knows its today.
 */
export const rangeFields = { start_date: dateRule.optional(), end_date: dateRule.optional() };

/** The range rules over a request object that spreads `rangeFields`. */
export function withRange<S extends z.ZodType<{ start_date?: string | undefined; end_date?: string | undefined }>>(schema: S) {
  return schema
    .refine((b) => !b.start_date || !b.end_date || b.start_date <= b.end_date, { path: ['start_date'], message: 'validation.time_order' })
    .refine((b) => !b.start_date || !b.end_date || daysBetween(b.start_date, b.end_date) < DAILY_RANGE_MAX, {
      path: ['end_date'],
      message: 'validation.range_max',
    });
}
