import { z } from 'zod';
import { permission } from '../access.ts';
import { defineCall } from '../call.ts';
import { id } from '../envelope.ts';
import { rangeFields, statisticsScope, withRange } from './statistics-range.ts';

/**
 * What the statistics calls share about a period: the previous period of the same length for the charts'
 * overlay (this week vs last week, Shlink shlink-web-client#377) and the breakdown of a period's visits.
 */
const count = z.int().min(0);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** Request field: also answer the previous period of the same length (`previous`), zero-filled. */
export const compareField = {
  compare: z.boolean().optional().meta({ description: 'Also answer `previous`: the period of the same length just before, zero-filled.' }),
};

/** The previous period of a daily series (n days ending the day before the range starts). */
export const previousDays = z
  .object({
    start_date: day,
    end_date: day,
    daily: z.array(z.object({ day, view_number: count, ip_view_number: count })),
  })
  .optional()
  .meta({ description: 'Only with `compare: true`.' });

/** The previous day of an hourly series: 24 buckets, zero-filled. */
export const previousHours = z
  .object({
    day,
    hourly: z.array(z.object({ hour: z.int().min(0).max(23), view_number: count, ip_view_number: count })),
  })
  .optional()
  .meta({ description: 'Only with `compare: true`.' });

export const DEVICE_CLASSES = ['mobile', 'tablet', 'pc', 'other'] as const;
export const BREAKDOWN_CARRIERS = ['', 'mobile', 'unicom', 'telecom'] as const;

/**
 * Visits of one agent (device class, OS, browser; versions left out) from one place (the IP range's country,
 * province, city and carrier, as ip_belong stores them). '' = unknown. The cells add up to `view_number`,
 * so any breakdown, and any breakdown cut by a row of another, is a sum over them.
 */
export const breakdownCell = z.object({
  device: z.enum(DEVICE_CLASSES),
  os: z.string(),
  browser: z.string(),
  country: z.string(),
  province: z.string(),
  city: z.string(),
  carrier: z.enum(BREAKDOWN_CARRIERS),
  view_number: count,
});
export type BreakdownCell = z.infer<typeof breakdownCell>;

export const statisticsBreakdownAnswer = z.object({
  start_date: day,
  end_date: day,
  view_number: count,
  cells: z.array(breakdownCell),
});
export type StatisticsBreakdown = z.infer<typeof statisticsBreakdownAnswer>;

export const statisticsBreakdown = defineCall({
  path: 'statistics/breakdown',
  summary:
    'Visits of a period (default today; at most 366 days, not after today) split jointly by agent (device, OS, browser) and place (country, province, city, carrier), for the codes in scope or one code.',
  audit: false, // a read: the verb does not say so
  // Every role lands on today_statistics; the scope below decides what each sees.
  access: permission('today_statistics'),
  request: withRange(z.strictObject({ ...statisticsScope, qr_code_id: id.optional(), ...rangeFields })),
  response: statisticsBreakdownAnswer,
});

export const statisticsPeriodCalls = [statisticsBreakdown] as const;
