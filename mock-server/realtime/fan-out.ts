import { Direction } from '../../contracts/index.ts';
import type { Conn } from './conn.ts';
import type { FrameTap } from './frame-tap.ts';
import { encodePlaintextSync } from './node-codec.ts';

/**
 * Frames out: seal (number, then encrypt with the socket's own session key) and write, to one socket or to
 * many. Every frame is sealed for its recipient at the moment it is written, so seq follows the write order.
 * `tap` is the QA frame tap (dev/test), read at each write so that setting or removing it applies at once.
 */
export function createFanOut(deps: { readonly tap: () => FrameTap | null }) {
  /**
   * The wire text of the next frame of `conn` (null when the socket is gone), with the data already
   * serialized, so that a push serializes it once for all its sockets.
   */
  function seal(conn: Conn, type: number, dataJson: string | undefined): string | null {
    if (conn.closed || !conn.key || conn.ws.readyState !== conn.ws.OPEN) return null;
    const head = JSON.stringify({ type, locale: conn.locale, token: '', ...conn.counter.next() });
    const json = dataJson === undefined ? head : `${head.slice(0, -1)},"data":${dataJson}}`;
    return encodePlaintextSync(conn.key, Direction.toClient, json);
  }

  /** Hand a sealed frame to the socket, or to the tap when one is set (it sends, delays, repeats or drops it). */
  function write(c: Conn, type: number, dataJson: string | undefined, wire: string) {
    const tap = deps.tap();
    if (!tap) return void c.ws.send(wire);
    const resend = () => {
      const fresh = seal(c, type, dataJson);
      if (fresh !== null) c.ws.send(fresh);
      return fresh !== null;
    };
    tap.sending({ userId: c.userId, type, dataJson, send: () => c.ws.send(wire), resend });
  }

  return {
    /** Encrypt and send one frame now (logged in or not: a LOGIN_ACK goes before); false when the socket is gone. */
    send(conn: Conn, type: number, data?: unknown): boolean {
      const dataJson = data === undefined ? undefined : JSON.stringify(data);
      const wire = seal(conn, type, dataJson);
      if (wire === null) return false;
      write(conn, type, dataJson, wire);
      return true;
    },

    /**
     * Send one frame to each logged-in socket of `list`; answers how many were reached. Each frame is written
     * as soon as it is sealed, so the first consoles get it while the last are still being sealed (sealing all
     * first measured no faster: the writes, about 20 µs of kernel time per loopback socket here, dominate).
     */
    fanOut(list: Iterable<Conn>, type: number, data: unknown): number {
      const dataJson = data === undefined ? undefined : JSON.stringify(data);
      let reached = 0;
      for (const c of list) {
        const wire = c.authenticated ? seal(c, type, dataJson) : null;
        if (wire === null) continue;
        write(c, type, dataJson, wire);
        reached += 1;
      }
      return reached;
    },
  };
}
export type FanOut = ReturnType<typeof createFanOut>;
