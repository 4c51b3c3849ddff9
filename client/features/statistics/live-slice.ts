import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { LIVE_VISITS_MAX, type LiveSecond, type LiveSnapshot, type LiveStatisticsData, type LiveVisit } from '../../../contracts/index.ts';

/**
 * access_real_time_statistics. `seconds` maps an epoch second of the server clock to its visits; every copy of a
 * second (snapshot or frame 21) is a total, so merging keeps the larger value and a second seen twice (a frame
 * and then the snapshot after a reconnect) is never counted twice. Visits merge by their server id.
 */
export type LiveStatus = 'idle' | 'loading' | 'live' | 'paused' | 'failed';

export interface LiveState {
  readonly status: LiveStatus;
  /** The user whose codes are shown (administrators' filter); null: the caller's whole scope. */
  readonly userId: number | null;
  /** Server clock minus the browser's (ms), from the last snapshot. */
  readonly offsetMs: number;
  /** The server's current second as last ticked; the charts end here. */
  readonly nowSecond: number;
  readonly windowSeconds: number;
  /** The server's time zone (minutes east of UTC): labels show server time. */
  readonly utcOffsetMinutes: number;
  readonly seconds: Readonly<Record<string, number>>;
  /** Newest first. */
  readonly visits: readonly LiveVisit[];
}

export const initialLiveState: LiveState = { status: 'idle', userId: null, offsetMs: 0, nowSecond: 0, windowSeconds: 3600, utcOffsetMinutes: 0, seconds: {}, visits: [] };

function mergeSeconds(into: Record<string, number>, list: readonly LiveSecond[], oldest: number) {
  for (const s of list) if (s.second > oldest) into[s.second] = Math.max(into[s.second] ?? 0, s.view_number);
}

function mergeVisits(current: readonly LiveVisit[], incoming: readonly LiveVisit[]): LiveVisit[] {
  const byId = new Map(current.map((v) => [v.id, v]));
  for (const v of incoming) byId.set(v.id, v);
  return [...byId.values()].sort((a, b) => b.id - a.id).slice(0, LIVE_VISITS_MAX);
}

function prune(seconds: Record<string, number>, oldest: number) {
  for (const k of Object.keys(seconds)) if (Number(k) <= oldest) delete seconds[k];
}

export const liveSlice = createSlice({
  name: 'liveStatistics',
  initialState: initialLiveState,
  reducers: {
    /** The screen opened (or its user filter changed: another scope starts empty); the live saga starts. */
    opened: (s, a: PayloadAction<{ userId: number | null }>): LiveState =>
      s.userId === a.payload.userId && s.status !== 'idle' ? { ...s, status: 'loading' } : { ...initialLiveState, status: 'loading', userId: a.payload.userId },
    snapshotLoaded: (s, a: PayloadAction<{ snapshot: LiveSnapshot; receivedAtMs: number }>) => {
      const { snapshot, receivedAtMs } = a.payload;
      s.status = 'live';
      s.offsetMs = snapshot.now_ms - receivedAtMs;
      s.nowSecond = Math.floor(snapshot.now_ms / 1000);
      s.windowSeconds = snapshot.window_seconds;
      s.utcOffsetMinutes = snapshot.utc_offset_minutes;
      mergeSeconds(s.seconds as Record<string, number>, snapshot.seconds, s.nowSecond - s.windowSeconds);
      s.visits = mergeVisits(s.visits, snapshot.visits);
    },
    /** Frame 21. */
    batchReceived: (s, a: PayloadAction<LiveStatisticsData>) => {
      mergeSeconds(s.seconds as Record<string, number>, a.payload.seconds, s.nowSecond - s.windowSeconds);
      s.visits = mergeVisits(s.visits, a.payload.visits);
    },
    /** Once a second: the window moves on with the server's clock (browser clock + offset). */
    ticked: (s, a: PayloadAction<{ nowMs: number }>) => {
      const now = Math.floor((a.payload.nowMs + s.offsetMs) / 1000);
      if (now <= s.nowSecond) return;
      s.nowSecond = now;
      prune(s.seconds as Record<string, number>, now - s.windowSeconds);
    },
    /** The tab was hidden: unsubscribed until it shows again. */
    paused: (s) => {
      s.status = 'paused';
    },
    failed: (s) => {
      s.status = 'failed';
    },
    /** The screen left: the saga unsubscribes and stops. */
    left: (): LiveState => initialLiveState,
  },
});

export const liveEvents = liveSlice.actions;
export type WithLive = { liveStatistics: LiveState };
