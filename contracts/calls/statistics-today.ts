import { z } from 'zod';
import { permission } from '../access.ts';
import { defineCall } from '../call.ts';
import { id } from '../envelope.ts';
import { dateRule } from './qr-codes-access.ts';
import { compareField, previousDays, previousHours } from './statistics-period.ts';
import { rangeFields, statisticsScope, withRange } from './statistics-range.ts';

const count = z.int().min(0);

/** One hour of a day: visits, IPs first seen that day in that hour, and the same hour of the day before. */
export const hourBucket = z.object({
  hour: z.int().min(0).max(23),
  view_number: count,
  ip_view_number: count,
  previous_view_number: count,
});

export const namedCount = z.object({ id, name: z.string(), view_number: count });
export const deviceCount = z.object({ device: z.enum(['mobile', 'tablet', 'pc', 'other']), view_number: count });

/** The landing page: today so far against yesterday until the same hour (server clock and time zone). */
export const todayStatistics = z.object({
  day: z.string(),
  /** The current hour 0-23; yesterday's figures count hours 0..hour. */
  hour: z.int().min(0).max(23),
  visits_today: count,
  ips_today: count,
  visits_yesterday: count,
  ips_yesterday: count,
  /** 24 buckets, zero-filled; hours after `hour` are 0 today. */
  hourly: z.array(hourBucket),
  /** How many codes in scope were visited today (all of them, not only the top list below). */
  codes_today: count,
  /** At most 10 codes by visits today, most first. */
  top_codes: z.array(namedCount.extend({ file_name: z.string(), account: z.string() })),
  /** At most 10 domains (the codes' domains) by visits today. */
  top_domains: z.array(namedCount),
  /** Visits today by device class (the UA parser's), every class listed. */
  devices: z.array(deviceCount),
  /** Yesterday's 24 hours with distinct IPs (`compare: true`). */
  previous: previousHours,
});
export type TodayStatistics = z.infer<typeof todayStatistics>;

export const statisticsToday = defineCall({
  path: 'statistics/today',
  summary: 'Landing page: visits and distinct IPs today vs yesterday until the same hour, hourly chart, top codes, top domains, devices; all codes in scope or one.',
  access: permission('today_statistics'),
  request: z.strictObject({ ...statisticsScope, ...compareField, qr_code_id: id.optional() }),
  response: todayStatistics,
});

/** hourly_statistics: 24 buckets of one day (not in the future), all codes in scope or one. */
export const hourlyStatistics = z.object({
  day: z.string(),
  view_number: count,
  ip_view_number: count,
  hourly: z.array(hourBucket),
  devices: z.array(deviceCount),
  previous: previousHours,
});
export type HourlyStatistics = z.infer<typeof hourlyStatistics>;

export const statisticsHourly = defineCall({
  path: 'statistics/hourly',
  summary: 'Visits per hour of one day (with the day before for comparison), for the codes in scope or one code.',
  access: permission('hourly_statistics'),
  request: z.strictObject({ ...statisticsScope, ...compareField, day: dateRule.optional(), qr_code_id: id.optional() }),
  response: hourlyStatistics,
});


/** daily_statistics: one entry per day of the range (zero-filled), oldest first, and the range's totals. */
export const dailyStatistics = z.object({
  start_date: z.string(),
  end_date: z.string(),
  view_number: count,
  /** Sum of the days' distinct IPs (an IP on two days counts twice). */
  ip_view_number: count,
  daily: z.array(z.object({ day: z.string(), view_number: count, ip_view_number: count })),
  /** The same number of days just before `start_date` (`compare: true`). */
  previous: previousDays,
});
export type DailyStatistics = z.infer<typeof dailyStatistics>;

export const statisticsDaily = defineCall({
  path: 'statistics/daily',
  summary: 'Visits and distinct IPs per day over a range (at most 366 days, not after today; default the last 30 days), for the codes in scope or one code.',
  access: permission('daily_statistics'),
  request: withRange(z.strictObject({ ...statisticsScope, ...compareField, qr_code_id: id.optional(), ...rangeFields })),
  response: dailyStatistics,
});

export const statisticsTodayCalls = [statisticsToday, statisticsHourly, statisticsDaily] as const;
