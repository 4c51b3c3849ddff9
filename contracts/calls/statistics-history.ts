import { z } from 'zod';
import { permission } from '../access.ts';
import { defineCall } from '../call.ts';
import { dateTime, id, listRequest, pageOf } from '../envelope.ts';
import { compareField, previousDays } from './statistics-period.ts';

const count = z.int().min(0);

/** A code's totals since it was created, from the counters the visit transaction keeps (clearing lowers none). */
export const codeTotals = z.object({
  id,
  user_id: id,
  account: z.string(),
  name: z.string(),
  file_name: z.string(),
  domain: z.string().nullable(),
  view_number: count,
  ip_view_number: count,
  /** Desktop visits (the UA parser's class), counted since migration 011. */
  pc_view_number: count,
  create_time: dateTime,
});
export type CodeTotals = z.infer<typeof codeTotals>;

const SORTABLE = ['view_number', 'ip_view_number', 'pc_view_number', 'create_time', 'name'] as const;
const filters = (sort: (typeof SORTABLE)[number]) => ({
  name: z.string().max(64).optional().describe('substring of the name'),
  file_name: z.string().max(64).optional().describe('substring of the code'),
  /** Administrators: one owner's codes; anyone else sees only their own whatever this says. */
  user_id: id.optional(),
  // Spec §9: the larger value ranks higher, so descending by default.
  sort: z.enum(SORTABLE).default(sort),
  order: z.enum(['asc', 'desc']).default('desc'),
});

export const statisticsHistorical = defineCall({
  path: 'statistics/historical',
  summary: 'Totals per code since creation (visits, distinct IPs, desktop visits), sortable; live codes only.',
  access: permission('historical_statistics'),
  request: listRequest(filters('view_number')),
  response: pageOf(codeTotals),
});

export const statisticsPcHistorical = defineCall({
  path: 'statistics/pc_historical',
  summary: 'The same totals ranked by desktop visits (UA parser class "pc").',
  access: permission('pc_historical_statistics'),
  request: listRequest(filters('pc_view_number')),
  response: pageOf(codeTotals),
});


/** home: a customer's (or agent's) overview: their codes and domains, visits today, last 30 days, all time. */
export const homeStatistics = z.object({
  qr_codes: count,
  domains: count,
  visits_today: count,
  visits_range: count,
  /** Sum of the codes' visit counters since creation. */
  visits_total: count,
  daily: z.array(z.object({ day: z.string(), view_number: count, ip_view_number: count })),
  previous: previousDays,
});
export type HomeStatistics = z.infer<typeof homeStatistics>;

export const statisticsHome = defineCall({
  path: 'statistics/home',
  summary: 'Overview of the codes in scope: live codes, domains, visits today, last 30 days (per day) and since creation.',
  access: permission('home'),
  request: z.strictObject({ user_id: id.optional(), ...compareField }),
  response: homeStatistics,
});

export const statisticsHistoryCalls = [statisticsHistorical, statisticsPcHistorical, statisticsHome] as const;
