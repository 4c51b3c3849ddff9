import { z } from 'zod';
import { permission } from '../access.ts';
import { defineCall } from '../call.ts';
import { id } from '../envelope.ts';
import { compareField, previousDays } from './statistics-period.ts';

const count = z.int().min(0);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** Visits of one day: every visit and distinct IPs (from the daily counters, zero-filled). */
export const dailyVisits = z.object({ day, view_number: count, ip_view_number: count });

/** A code among the most visited of the range. */
export const topCode = z.object({
  id,
  name: z.string(),
  file_name: z.string(),
  account: z.string(),
  view_number: count,
});

/** The service-wide overview of home_admin. */
export const homeAdminStatistics = z.object({
  users: count,
  customers: count,
  agents: count,
  qr_codes: count,
  domains: count,
  /** Domains with shield status 2 (blocked); zero until block detection exists. */
  blocked_domains: count,
  visits_today: count,
  visits_range: count,
  /** One entry per day of the range, oldest first, ending today (server time zone). */
  daily: z.array(dailyVisits),
  /** At most 10 codes by visits in the range, most first. */
  top_codes: z.array(topCode),
  /** The `days` days before the range (`compare: true`). */
  previous: previousDays,
  /** There is no orders table yet: both stay 0 (revenue in USDT micro-units). */
  orders: count,
  revenue: count,
});
export type HomeAdminStatistics = z.infer<typeof homeAdminStatistics>;

export const statisticsHomeAdmin = defineCall({
  path: 'statistics/home_admin',
  summary: 'Service-wide overview for administrators: accounts, codes, domains, visits by day, top codes.',
  access: permission('home_admin'),
  request: z.strictObject({ days: z.int().min(7).max(90).default(30), ...compareField }),
  response: homeAdminStatistics,
});

export const statisticsCalls = [statisticsHomeAdmin] as const;
