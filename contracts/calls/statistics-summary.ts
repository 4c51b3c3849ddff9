import { z } from 'zod';
import { permission } from '../access.ts';
import { defineCall } from '../call.ts';
import { id } from '../envelope.ts';
import { DomainDisplayType } from '../enums.ts';
import { rangeFields, withRange } from './statistics-range.ts';
import { statisticsScope } from './statistics-range.ts';

const count = z.int().min(0);

/** Visits split by the kind of domain they were counted on (1 entry, 2 landing, 3 short; `none`: code without a domain). */
const split = { entry: count, landing: count, short: count, none: count };

/** One domain's visits over the range (the domain the visit was counted on at the time, not the code's current one). */
export const domainSummary = z.object({
  /** 0 = codes without a domain. */
  domain_id: z.int().min(0),
  domain: z.string(),
  /** 0 for "no domain". */
  display_type: z.union([DomainDisplayType.schema, z.literal(0)]),
  view_number: count,
  ip_view_number: count,
  qr_codes: count,
});

/** One code's visits over the range and where they were counted. */
export const codeSummary = z.object({ id, name: z.string(), file_name: z.string(), account: z.string(), view_number: count, ip_view_number: count, ...split });

/** visit_summary: totals per domain and per code over a range, with the entry / landing / short split. */
export const visitSummary = z.object({
  start_date: z.string(),
  end_date: z.string(),
  view_number: count,
  /** Sum of each code's distinct IPs per day (an IP on two days or two codes counts twice). */
  ip_view_number: count,
  ...split,
  /** Every domain with visits in the range, most first. */
  domains: z.array(domainSummary),
  /** The 200 codes with most visits in the range, most first (`codes_total` says how many had any). */
  codes: z.array(codeSummary),
  codes_total: count,
});
export type VisitSummary = z.infer<typeof visitSummary>;

export const statisticsVisitSummary = defineCall({
  path: 'statistics/visit_summary',
  summary: 'Visits per domain and per code over a range (at most 366 days, not after today; default the last 30 days), split by entry / landing / short domain.',
  access: permission('visit_summary'),
  request: withRange(z.strictObject({ ...statisticsScope, ...rangeFields })),
  response: visitSummary,
});

export const statisticsSummaryCalls = [statisticsVisitSummary] as const;
