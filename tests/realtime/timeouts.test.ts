import { afterEach, describe, expect, it, vi } from 'vitest';
import { CloseCode, IDLE_TIMEOUT_MS, LOGIN_TIMEOUT_MS } from '../../contracts/index.ts';
import { startTestServer } from '../../harness/server.ts';
import { manualClock } from '../helpers/clock.ts';
import { connectAs, RealtimeTestClient, sessionOf } from './client.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('server-side timeouts', () => {
  it(`closes a socket that sends no login within ${LOGIN_TIMEOUT_MS} ms with 4005`, async () => {
    const t = await startTestServer();
    try {
      const session = await sessionOf(t, 'customer01');
      // Only the hub's timers are faked (they are created after this line); sockets stay real.
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const c = await RealtimeTestClient.open(t.url, session);
      await vi.advanceTimersByTimeAsync(LOGIN_TIMEOUT_MS - 1);
      expect(c.ws.readyState).toBe(c.ws.OPEN);
      await vi.advanceTimersByTimeAsync(1);
      vi.useRealTimers();
      expect((await c.closed).code).toBe(CloseCode.values.unauthenticated);
    } finally {
      vi.useRealTimers();
      await t.close();
    }
  });

  it(`closes a logged-in socket silent for ${IDLE_TIMEOUT_MS} ms with 4008, and keeps one that pings`, async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const t = await startTestServer();
    try {
      const silent = await connectAs(t, 'customer01');
      const pinging = await connectAs(t, 'customer02');
      for (let s = 0; s < IDLE_TIMEOUT_MS + 10_000; s += 5_000) {
        await vi.advanceTimersByTimeAsync(5_000);
        if (pinging.ws.readyState === pinging.ws.OPEN) await pinging.ping();
      }
      vi.useRealTimers();
      expect((await silent.closed).code).toBe(CloseCode.values.idle);
      expect(pinging.ws.readyState).toBe(pinging.ws.OPEN);
      pinging.close();
    } finally {
      vi.useRealTimers();
      await t.close();
    }
  });
});

describe('business clock and frame freshness', () => {
  it('judges frame freshness by the wall clock, not by a moved business clock', async () => {
    const clock = manualClock();
    const t = await startTestServer({ clock });
    try {
      const c = await connectAs(t, 'customer01');
      clock.advance(60 * 60_000);
      expect((await c.ping()).type).toBe(1);
      c.close();
    } finally {
      await t.close();
    }
  });
});
