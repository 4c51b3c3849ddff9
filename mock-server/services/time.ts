import { formatDateTime } from './clock.ts';

/** 'YYYY-MM-DD HH:mm:ss' (server time zone) → Unix seconds, the access log's stored time. */
export function toEpochSeconds(dateTime: string): number {
  const [d, t] = dateTime.split(' ') as [string, string];
  const [y, mo, day] = d.split('-').map(Number) as [number, number, number];
  const [h, mi, s] = t.split(':').map(Number) as [number, number, number];
  return Math.floor(new Date(y, mo - 1, day, h, mi, s).getTime() / 1000);
}

export const fromEpochSeconds = (sec: number): string => formatDateTime(sec * 1000);

/** The day 'YYYY-MM-DD' of an instant, in the server's time zone (daily counters are keyed by it). */
export const dayOf = (ms: number): string => formatDateTime(ms).slice(0, 10);

/** 'YYYY-MM-DD' shifted by whole days (calendar arithmetic, immune to DST). */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d + n));
  return t.toISOString().slice(0, 10);
}
