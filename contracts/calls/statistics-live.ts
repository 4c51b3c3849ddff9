import { z } from 'zod';
import { permission } from '../access.ts';
import { defineCall } from '../call.ts';
import { id } from '../envelope.ts';
import { statisticsScope } from './statistics-today.ts';

const count = z.int().min(0);
/** Epoch seconds (the server clock). */
const second = z.int().min(0);

/** How far back the live view reaches: the per-minute chart's hour. */
export const LIVE_WINDOW_SECONDS = 3600;
/** Latest visits a snapshot or a frame carries at most. */
export const LIVE_VISITS_MAX = 20;

/** Visits of one second of the server clock, for the codes in the watcher's scope. Totals: a later copy of the same second replaces (never adds to) an earlier one. */
export const liveSecond = z.object({ second, view_number: count });
export type LiveSecond = z.infer<typeof liveSecond>;

/** One visit as the live view shows it. `id` grows with each visit the server counted (since it started). */
export const liveVisit = z.object({
  id,
  second,
  qr_code_id: id,
  file_name: z.string(),
  domain: z.string(),
  ip: z.string(),
  /** The IP range's place ('' when unknown). */
  location: z.string(),
  device: z.enum(['mobile', 'tablet', 'pc', 'other']),
  /** 'YYYY-MM-DD HH:mm:ss', server time zone. */
  time: z.string(),
});
export type LiveVisit = z.infer<typeof liveVisit>;

/**
 * Frame 21 (server → client): the seconds whose totals changed since the last frame and the new visits, for the
 * scope the session subscribed with. Sent at most once per second per session, only when something changed.
 */
export const LIVE_STATISTICS_FRAME_TYPE = 21;
export const liveStatisticsData = z.object({
  seconds: z.array(liveSecond),
  /** Oldest first, at most LIVE_VISITS_MAX. */
  visits: z.array(liveVisit),
});
export type LiveStatisticsData = z.infer<typeof liveStatisticsData>;

/** The snapshot: every second of the last hour with visits (sparse), the latest visits, and the server clock. */
export const liveSnapshot = liveStatisticsData.extend({
  /** The server clock when answering (epoch ms): the console's charts run on it, not on the browser's. */
  now_ms: z.int().min(0),
  window_seconds: z.int().min(1),
  /** The server's time zone at `now_ms` (minutes east of UTC): the console labels seconds in server time. */
  utc_offset_minutes: z.int().min(-840).max(840),
});
export type LiveSnapshot = z.infer<typeof liveSnapshot>;

export const statisticsRealTime = defineCall({
  path: 'statistics/real_time',
  summary:
    'Live visits of the codes in scope: the last hour per second (sparse) and the latest visits; also subscribes this session to frame 21 ' +
    'with that scope (replacing an earlier subscription) until statistics/real_time_unsubscribe, logout, or 60 s without a socket.',
  access: permission('access_real_time_statistics'),
  // Reading it twice is harmless (the same subscription), so a timed-out read may be sent again.
  idempotent: true,
  audit: false,
  request: z.strictObject(statisticsScope),
  response: liveSnapshot,
});

export const statisticsRealTimeUnsubscribe = defineCall({
  path: 'statistics/real_time_unsubscribe',
  summary: 'Stop frame 21 for this session (the console does so when the live screen is left or its tab is hidden).',
  access: permission('access_real_time_statistics'),
  audit: false,
  request: z.strictObject({}),
  response: z.object({ unsubscribed: z.boolean() }),
});

export const statisticsLiveCalls = [statisticsRealTime, statisticsRealTimeUnsubscribe] as const;
