import { useMemo } from 'react';
import { useSelector } from 'react-redux';
import type { LiveVisit } from '../../../contracts/index.ts';
import type { LiveState, WithLive } from './live-slice.ts';

/** Seconds on the per-second chart (5 minutes) and minutes on the per-minute chart (the hour). */
export const SECONDS_SHOWN = 300;
export const MINUTES_SHOWN = 60;

/** What the live dashboard draws, derived from the merged seconds (all in server time). */
export interface LiveFigures {
  readonly perSecond: { readonly label: string; readonly n: number }[];
  readonly perMinute: { readonly label: string; readonly n: number }[];
  readonly lastMinute: number;
  readonly lastFiveMinutes: number;
  readonly lastHour: number;
  readonly visits: readonly LiveVisit[];
}

const pad = (n: number) => String(n).padStart(2, '0');
/** 'HH:mm:ss' (or 'HH:mm') of an epoch second in the server's zone. */
function clock(second: number, offsetMinutes: number, withSeconds: boolean): string {
  const d = new Date((second + offsetMinutes * 60) * 1000);
  const hm = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
  return withSeconds ? `${hm}:${pad(d.getUTCSeconds())}` : hm;
}

export function liveFigures(s: Pick<LiveState, 'seconds' | 'nowSecond' | 'utcOffsetMinutes' | 'visits'>): LiveFigures {
  const at = (second: number) => s.seconds[second] ?? 0;
  const perSecond = Array.from({ length: SECONDS_SHOWN }, (_, i) => {
    const second = s.nowSecond - SECONDS_SHOWN + 1 + i;
    return { label: clock(second, s.utcOffsetMinutes, true), n: at(second) };
  });
  const thisMinute = s.nowSecond - (((s.nowSecond % 60) + 60) % 60);
  const perMinute = Array.from({ length: MINUTES_SHOWN }, (_, i) => {
    const start = thisMinute - (MINUTES_SHOWN - 1 - i) * 60;
    let n = 0;
    for (let k = 0; k < 60; k++) n += at(start + k);
    return { label: clock(start, s.utcOffsetMinutes, false), n };
  });
  const sumSince = (from: number) => Object.entries(s.seconds).reduce((a, [k, n]) => (Number(k) > from ? a + n : a), 0);
  return {
    perSecond,
    perMinute,
    lastMinute: sumSince(s.nowSecond - 60),
    lastFiveMinutes: sumSince(s.nowSecond - SECONDS_SHOWN),
    lastHour: sumSince(s.nowSecond - 3600),
    visits: s.visits,
  };
}

/** The live screen's status and figures (recomputed when the seconds, the clock or the visits change). */
export function useLiveStatistics() {
  const s = useSelector((st: Partial<WithLive>) => st.liveStatistics);
  const figures = useMemo(() => (s ? liveFigures(s) : null), [s]);
  return { status: s?.status ?? 'idle', figures };
}
