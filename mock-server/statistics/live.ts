import type { Database } from 'better-sqlite3';
import {
  FrameType,
  LIVE_VISITS_MAX,
  LIVE_WINDOW_SECONDS,
  type LiveSecond,
  type LiveSnapshot,
  type LiveStatisticsData,
  type LiveVisit,
} from '../../contracts/index.ts';
import type { RealtimeHub } from '../realtime/hub.ts';
import type { Clock } from '../services/clock.ts';
import type { CodeScope } from './scope.ts';

/** A session that stops receiving frames (no socket) is forgotten after this long. */
const ORPHAN_MS = 60_000;
const FLUSH_MS = 1000;

interface Subscription {
  readonly userId: number;
  readonly scope: CodeScope;
  lastReachedMs: number;
}

export interface LiveFeedDeps {
  readonly db: Database;
  readonly clock: Clock;
  readonly hub: Pick<RealtimeHub, 'pushSession'>;
  readonly log: (line: string) => void;
  /** How often the feed sends by itself; null: only when `flush` is called (tests on a manual clock, whose
   * visits a real timer would otherwise split across frames on a busy machine). Default once a second. */
  readonly flushEveryMs?: number | null;
}

/**
 * access_real_time_statistics (frame 21). The visit path calls `visit` after its transaction committed; the
 * feed keeps the last hour in memory as per-second counts per code and the latest visits, and once a second
 * sends each subscribed session the seconds that changed and the new visits in its scope (one frame per session
 * per second at most, whatever the visit rate). In memory only: after a restart the live view starts empty
 * (the durable figures are the hourly and daily counters).
 */
export function createLiveFeed(deps: LiveFeedDeps) {
  const { db, clock, hub, log, flushEveryMs = FLUSH_MS } = deps;
  /** second → code id → visits. */
  const counts = new Map<number, Map<number, number>>();
  const latest: LiveVisit[] = [];
  const dirtySeconds = new Set<number>();
  const fresh: LiveVisit[] = [];
  const subs = new Map<string, Subscription>();
  let nextId = 1;
  let timer: NodeJS.Timeout | null = null;

  /** The codes among `ids` inside a scope (one query per scope and flush, never per visit). */
  function inScope(scope: CodeScope, ids: Iterable<number>): Set<number> {
    const list = [...new Set(ids)];
    if (!list.length) return new Set();
    const rows = db
      .prepare<unknown[], { id: number }>(`SELECT q.id FROM qr_codes q WHERE q.id IN (${list.map(() => '?').join(',')}) AND ${scope.sql('q.id')}`)
      .all(...list, ...scope.params);
    return new Set(rows.map((r) => r.id));
  }

  function secondsOf(scope: CodeScope, seconds: Iterable<number>): LiveSecond[] {
    const wanted = [...seconds].filter((s) => counts.has(s)).sort((a, b) => a - b);
    const codes = inScope(scope, wanted.flatMap((s) => [...counts.get(s)!.keys()]));
    return wanted.map((s) => {
      let n = 0;
      for (const [code, c] of counts.get(s)!) if (codes.has(code)) n += c;
      return { second: s, view_number: n };
    });
  }

  function visitsOf(scope: CodeScope, list: readonly LiveVisit[]): LiveVisit[] {
    const codes = inScope(scope, list.map((v) => v.qr_code_id));
    return list.filter((v) => codes.has(v.qr_code_id)).slice(-LIVE_VISITS_MAX);
  }

  function prune(nowMs: number) {
    const oldest = Math.floor(nowMs / 1000) - LIVE_WINDOW_SECONDS;
    for (const s of counts.keys()) if (s <= oldest) counts.delete(s);
  }

  function flush() {
    if (!db.open || (!dirtySeconds.size && !fresh.length)) return;
    const seconds = [...dirtySeconds];
    const visits = fresh.splice(0);
    dirtySeconds.clear();
    const now = Date.now();
    for (const [tokenHash, sub] of subs) {
      const data: LiveStatisticsData = { seconds: secondsOf(sub.scope, seconds).filter((s) => s.view_number > 0), visits: visitsOf(sub.scope, visits) };
      if (!data.seconds.length && !data.visits.length) continue;
      if (hub.pushSession(sub.userId, tokenHash, FrameType.values.statistics_live, data) > 0) sub.lastReachedMs = now;
      else if (now - sub.lastReachedMs > ORPHAN_MS) subs.delete(tokenHash);
    }
    prune(clock.now());
    if (!subs.size) stop();
  }

  function start() {
    if (timer || flushEveryMs === null) return;
    timer = setInterval(() => {
      try {
        flush();
      } catch (e) {
        log(`live statistics: flush failed: ${String(e)}`);
      }
    }, flushEveryMs);
    timer.unref();
  }

  function stop() {
    if (timer) clearInterval(timer);
    timer = null;
    fresh.length = 0;
    dirtySeconds.clear();
  }

  return {
    /** A visit the visit path has just committed. Cheap: no query here, the flush does the scoping. */
    visit(v: Omit<LiveVisit, 'id' | 'second'> & { timeMs: number }) {
      const { timeMs, ...rest } = v;
      const second = Math.floor(timeMs / 1000);
      const perCode = counts.get(second) ?? new Map<number, number>();
      perCode.set(v.qr_code_id, (perCode.get(v.qr_code_id) ?? 0) + 1);
      counts.set(second, perCode);
      const visit: LiveVisit = { id: nextId++, second, ...rest };
      latest.push(visit);
      if (latest.length > LIVE_VISITS_MAX * 10) latest.splice(0, latest.length - LIVE_VISITS_MAX * 10);
      // Nobody watching: nothing to batch (the snapshot reads `counts` and `latest`).
      if (!subs.size) return;
      dirtySeconds.add(second);
      fresh.push(visit);
    },

    /** The last hour for a scope, and (re)subscribe the session with that scope. */
    snapshot(tokenHash: string, userId: number, scope: CodeScope): LiveSnapshot {
      const nowMs = clock.now();
      prune(nowMs);
      subs.set(tokenHash, { userId, scope, lastReachedMs: Date.now() });
      start();
      return {
        now_ms: nowMs,
        window_seconds: LIVE_WINDOW_SECONDS,
        utc_offset_minutes: -new Date(nowMs).getTimezoneOffset() || 0,
        seconds: secondsOf(scope, counts.keys()).filter((s) => s.view_number > 0),
        visits: visitsOf(scope, latest),
      };
    },

    unsubscribe(tokenHash: string): boolean {
      const had = subs.delete(tokenHash);
      if (!subs.size) stop();
      return had;
    },

    /** Send what is pending now (tests; the timer does it every second). */
    flush,
    subscribers: () => subs.size,
    stop,
  };
}
export type LiveFeed = ReturnType<typeof createLiveFeed>;
