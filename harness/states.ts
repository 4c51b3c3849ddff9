import { SHIPPED_STATES } from '../mock-server/control/shipped-states.ts';
import { DEFAULT_STATES_CACHE, stateCache } from '../mock-server/control/state-cache.ts';
import { TEST_SCRYPT, type ScryptCost } from '../mock-server/services/passwords.ts';

/**
 * The shipped states built ahead for servers of this password cost and today (what `npm run states` does), as a
 * test's or a bench's `beforeAll` needs them on a clean clone; already built ones cost a stat each. Returns the
 * cache folder.
 */
export async function ensureShippedStates(scrypt: ScryptCost = TEST_SCRYPT, root = process.env.MOCK_STATES_CACHE || DEFAULT_STATES_CACHE): Promise<string> {
  const cache = stateCache(root, { scrypt, now: Date.now() });
  await cache.build(Object.keys(SHIPPED_STATES));
  return cache.dir;
}
