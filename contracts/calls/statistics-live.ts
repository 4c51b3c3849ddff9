import { z } from 'zod';
import { permission } from '../access.ts';
import { defineCall } from '../call.ts';
import { liveStatisticsData } from '../realtime/frames.ts';
import { statisticsScope } from './statistics-range.ts';

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
