import type { TestServer } from '../server.ts';
import { throttleOf } from '../../mock-server/security/throttle.ts';
import { send } from './fuzz-runner.ts';

/**
 * Login timing: a wrong password for a known account against any password for an unknown one. The server
 * verifies a dummy hash for unknown accounts; if it did not, the unknown path would answer one scrypt faster
 * and tell an attacker which accounts exist.
 */
export interface LoginTiming {
  known: number[];
  unknown: number[];
  medianKnown: number;
  medianUnknown: number;
  /** |median(unknown) − median(known)|, ms. */
  medianGap: number;
  /**
   * median over pairs of (unknown − known), the two attempts made back to back: the load the machine is under
   * at that moment cancels out, so this is the steadier estimate on a shared machine.
   */
  pairedMedian: number;
  p90Known: number;
  p90Unknown: number;
}

const quantile = (xs: readonly number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
};

/**
 * `pairs` interleaved attempts (known, unknown, known, …) so that load on the machine hits both alike.
 * The failure limit is lifted first: after it, refusals are instant and would measure nothing.
 */
export async function measureLoginTiming(server: TestServer, { pairs, account = 'customer01', warmup = 2 }: { pairs: number; account?: string; warmup?: number }): Promise<LoginTiming> {
  const { settings } = server.services;
  settings.set('subscriber_config_default', { ...settings.require('subscriber_config_default'), failed_login_limit: 1_000_000 });
  throttleOf(server.services).configure({ capacity: 1_000_000 });
  const password = server.encrypt('Wrong12345');
  const attempt = async (who: string) => {
    const sent = await send(server.url, 'admin/login', JSON.stringify({ account: who, password }));
    if (sent.status !== 400) throw new Error(`login as ${who} answered ${sent.status}: ${sent.text.slice(0, 200)}`);
    return sent.ms;
  };
  // Warm-up: the first unknown attempt also makes the dummy hash; JIT and connections settle.
  for (let i = 0; i < warmup; i++) {
    await attempt(account);
    await attempt(`nobody-warmup-${i}`);
  }
  const known: number[] = [];
  const unknown: number[] = [];
  for (let i = 0; i < pairs; i++) {
    // Alternate which goes first, so neither always follows the other.
    if (i % 2) unknown.push(await attempt(`nobody-${i}-${Math.random().toString(36).slice(2, 8)}`));
    known.push(await attempt(account));
    if (!(i % 2)) unknown.push(await attempt(`nobody-${i}-${Math.random().toString(36).slice(2, 8)}`));
  }
  const medianKnown = quantile(known, 0.5);
  const medianUnknown = quantile(unknown, 0.5);
  return {
    known,
    unknown,
    medianKnown,
    medianUnknown,
    medianGap: Math.abs(medianUnknown - medianKnown),
    pairedMedian: quantile(
      known.map((k, i) => unknown[i]! - k),
      0.5,
    ),
    p90Known: quantile(known, 0.9),
    p90Unknown: quantile(unknown, 0.9),
  };
}
