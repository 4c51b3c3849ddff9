// The socket's address and the console's timings, apart from the frame schemas: the effect layer and the
// share page need only these before login, and the login page's first load must not carry the schemas.

/** The WebSocket path on the mock server's origin. */
export const REALTIME_PATH = '/ws';
/** Query parameter carrying `realtimeSessionId(realtime_key)`. */
export const REALTIME_SID_PARAM = 'sid';

/**
 * Console tuning (spec §9). Backoff: delay = random(0, min(cap, base · 2^(failures-1))) ("full jitter"), so a
 * restart of the mock does not bring every console back in the same second.
 */
export const REALTIME_TUNING = {
  pingIntervalMs: 5_000,
  /**
   * The server answers every ping (frame type 1), so a logged-in socket hears from it at least every 5 s. After
   * this long without any frame the socket is stale: two replies in a row missed and 2 s of grace, so one lost
   * reply never costs a reconnect (docs/decisions/2026-11-29-socket-faults.md).
   */
  heartbeatTimeoutMs: 12_000,
  connectivityIntervalMs: 10_000,
  /** The connectivity ping call carries this value (spec §6). */
  connectivityPingValue: 10,
  messagePollIntervalMs: 10_000,
  shareRefreshIntervalMs: 5_000,
  maxLinkFailures: 20,
  reconnectBaseMs: 500,
  reconnectCapMs: 30_000,
} as const;

/** Full-jitter backoff; `random` in [0, 1) is injectable so sagas and tests stay deterministic. */
export function reconnectDelayMs(
  failures: number,
  random: () => number,
  base: number = REALTIME_TUNING.reconnectBaseMs,
  cap: number = REALTIME_TUNING.reconnectCapMs,
): number {
  const ceiling = Math.min(cap, base * 2 ** Math.max(0, Math.min(failures - 1, 30)));
  return Math.floor(random() * ceiling);
}
