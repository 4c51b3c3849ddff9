/** Time source of the mock server; tests pass a fixed or advancing clock. */
export interface Clock {
  now(): number;
}
export const systemClock: Clock = { now: () => Date.now() };

const pad = (n: number) => String(n).padStart(2, '0');
/** 'YYYY-MM-DD HH:mm:ss' in the server's local time zone, the service's wire format. */
export function formatDateTime(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}
