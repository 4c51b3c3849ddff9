import type { BreakdownsDecl, ChartDecl, DashboardFilterDecl } from '../../resources/dashboard/define-dashboard.ts';
import { table } from '../../resources/dashboard/define-dashboard.ts';

/**
 * Declaration pieces the statistics dashboards share (a daily-visits chart, an hourly chart, the top-codes and
 * device tables, the user filter, the breakdowns of the shown period), so each screen says only what is its own.
 */

interface Day {
  readonly day: string;
  readonly view_number: number;
  readonly ip_view_number: number;
}
interface Hour {
  readonly hour: number;
  readonly view_number: number;
}
interface TopCode {
  readonly name: string;
  readonly file_name: string;
  readonly account: string;
  readonly view_number: number;
}

export const hourLabel = (h: number) => `${String(h).padStart(2, '0')}:00`;

/** "User ID" filter for the roles that may look at another user's codes (administrators; agents their customers). */
export const userFilter = (roles: readonly string[] = ['super_admin', 'admin', 'agent']): DashboardFilterDecl => ({
  field: 'user_id',
  kind: 'id',
  roles,
});

/** Visits and unique IPs per day, with the previous period of the same length as the overlay. */
export function dailyVisitsChart<D extends { daily: readonly Day[]; previous?: { daily: readonly Day[] } }>(id: string): ChartDecl<D> {
  return {
    id,
    kind: 'line',
    labels: (d) => d.daily.map((x) => x.day),
    series: [
      { id: 'view_number', values: (d) => d.daily.map((x) => x.view_number), previous: (d) => d.previous?.daily.map((x) => x.view_number) },
      { id: 'ip_view_number', values: (d) => d.daily.map((x) => x.ip_view_number), previous: (d) => d.previous?.daily.map((x) => x.ip_view_number) },
    ],
  };
}

/**
 * Visits per hour of one day; `upTo` stops the line at an hour (today's hours still to come are left off rather
 * than drawn as zeros). The overlay is the day before, on when the screen opens (`overlay.label`: its legend).
 */
export function hourlyChart<D extends { hourly: readonly Hour[]; previous?: { hourly: readonly Hour[] } }>(
  series: string,
  overlayLabel: string,
  upTo: (d: D) => number = () => 23,
): ChartDecl<D> {
  return {
    id: 'hourly',
    kind: 'line',
    labels: (d) => d.hourly.map((x) => hourLabel(x.hour)),
    series: [
      {
        id: series,
        values: (d) => d.hourly.filter((x) => x.hour <= upTo(d)).map((x) => x.view_number),
        previous: (d) => d.previous?.hourly.map((x) => x.view_number),
      },
    ],
    overlay: { label: overlayLabel, initially: true },
  };
}

/** The most visited codes: name, code, owner, visits. */
export const topCodesTable = <D,>(rows: (d: D) => readonly TopCode[], empty: string) =>
  table<D, TopCode>({
    id: 'top_codes',
    rows,
    columns: [{ field: 'name' }, { field: 'file_name' }, { field: 'account' }, { field: 'view_number', kind: 'number' }],
    empty,
  });

/** Visits by device class, labelled by the landing page's device names. */
export const devicesTable = <D,>(rows: (d: D) => readonly { device: string; view_number: number }[]) =>
  table<D, { device: string; view_number: number }>({
    id: 'devices',
    rows,
    columns: [
      { field: 'device', labels: 'resources.today_statistics.device.' },
      { field: 'view_number', kind: 'number' },
    ],
  });

/** Breakdowns of a daily series' period (first to last day shown). */
export const dailyBreakdowns = <D extends { daily: readonly Day[] }>(): BreakdownsDecl<D> => ({
  period: (d) => ({ start_date: d.daily[0]?.day ?? '', end_date: d.daily.at(-1)?.day ?? '' }),
});

/** Breakdowns of one day. */
export const dayBreakdowns = <D extends { day: string }>(): BreakdownsDecl<D> => ({
  period: (d) => ({ start_date: d.day, end_date: d.day }),
});

