import { z } from 'zod';
import { permission } from '../access.ts';
import { ACCESS_LOG_FILTERS } from '../access-log.ts';
import { defineCall } from '../call.ts';
import { cappedPageOf, dateTime, id, listRequest } from '../envelope.ts';
import { ipv4Rule } from '../validation.ts';
import { visitorRecord } from './qr-codes-access.ts';

/** A row of the `visitor` route: spec §3's visitor record of one code (per visit host and IP) and whose it is. */
export const visitorRow = visitorRecord.extend({
  id,
  qr_code_id: id,
  file_name: z.string(),
  account: z.string(),
});
export type VisitorRow = z.infer<typeof visitorRow>;

export const visitorInquire = defineCall({
  path: 'visitor/inquire',
  summary:
    'Visitors of the codes in scope (customer: own; agent: own and their customers\'; administrators: all), one row per ' +
    'code, visit host and IP with its visit count and latest visit, newest first. `filter`: one of the /access_log ' +
    'filters of spec §9 (carrier, WeChat, outside China, iOS, Android, same user agent as another visitor of the code).',
  access: permission('visitor'),
  request: listRequest({
    qr_code_id: id.optional(),
    /** Administrators any user; agents themselves or a customer; anyone else: their own (another id: no rows). */
    user_id: id.optional(),
    domain: z.string().trim().max(253).optional().describe('visit host, exact'),
    ip: ipv4Rule.optional(),
    start_time: dateTime.optional().describe('latest visit at or after'),
    end_time: dateTime.optional().describe('latest visit at or before'),
    filter: z.enum(ACCESS_LOG_FILTERS).optional(),
  }).refine((b) => !b.start_time || !b.end_time || b.start_time <= b.end_time, { path: ['start_time'], message: 'validation.time_order' }),
  response: cappedPageOf(visitorRow),
});

export const visitorCalls = [visitorInquire] as const;
