import type { Database } from 'better-sqlite3';
import type { HourlyStatistics } from '../../contracts/index.ts';
import type { CodeScope } from './scope.ts';

type Bucket = HourlyStatistics['hourly'][number];
type Devices = HourlyStatistics['devices'];

interface HourRow {
  hour: number;
  view_number: number;
  ip_view_number: number;
  mobile: number;
  tablet: number;
  pc: number;
}

/** One day's hourly counters in a scope (at most 24 rows: grouped in SQL over the (day, code) index). */
export function hoursOf(db: Database, scope: CodeScope, day: string): HourRow[] {
  return db
    .prepare<unknown[], HourRow>(
      `SELECT hour, SUM(view_number) AS view_number, SUM(ip_view_number) AS ip_view_number,
              SUM(mobile_view_number) AS mobile, SUM(tablet_view_number) AS tablet, SUM(pc_view_number) AS pc
       FROM qr_code_hourly h WHERE day = ? AND ${scope.sql('h.qr_code_id')} GROUP BY hour`,
    )
    .all(day, ...scope.params);
}

/** 24 zero-filled buckets of a day beside the same hours of the previous day. */
export function buckets(day: readonly HourRow[], previous: readonly HourRow[]): Bucket[] {
  const at = (rows: readonly HourRow[]) => new Map(rows.map((r) => [r.hour, r]));
  const d = at(day);
  const p = at(previous);
  return Array.from({ length: 24 }, (_, hour) => ({
    hour,
    view_number: d.get(hour)?.view_number ?? 0,
    ip_view_number: d.get(hour)?.ip_view_number ?? 0,
    previous_view_number: p.get(hour)?.view_number ?? 0,
  }));
}

/** The previous day's 24 buckets with distinct IPs (the overlay of `compare: true`). */
export function previousDay(day: string, rows: readonly HourRow[]): { day: string; hourly: { hour: number; view_number: number; ip_view_number: number }[] } {
  const at = new Map(rows.map((r) => [r.hour, r]));
  return {
    day,
    hourly: Array.from({ length: 24 }, (_, hour) => ({
      hour,
      view_number: at.get(hour)?.view_number ?? 0,
      ip_view_number: at.get(hour)?.ip_view_number ?? 0,
    })),
  };
}

/** Visits by device class; "other" is what the parser could not place. */
export function devices(rows: readonly HourRow[]): Devices {
  const sum = (f: (r: HourRow) => number) => rows.reduce((a, r) => a + f(r), 0);
  const [all, mobile, tablet, pc] = [sum((r) => r.view_number), sum((r) => r.mobile), sum((r) => r.tablet), sum((r) => r.pc)];
  return [
    { device: 'mobile', view_number: mobile },
    { device: 'tablet', view_number: tablet },
    { device: 'pc', view_number: pc },
    { device: 'other', view_number: Math.max(0, all - mobile - tablet - pc) },
  ];
}

/** Sum of a field over hours 0..upTo. */
export const upTo = (rows: readonly HourRow[], hour: number, f: (r: HourRow) => number): number =>
  rows.reduce((a, r) => (r.hour <= hour ? a + f(r) : a), 0);
