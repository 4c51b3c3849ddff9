import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { USER_AGENTS } from '../../fixtures/visitors.ts';
import { QR_NOW } from '../helpers/qr.ts';
import { MINUTE, manualClock } from '../helpers/clock.ts';
import { valuesOf } from '../../fixtures/rows.ts';
import { counterAgreements, hourlyViews } from '../../fixtures/statistics.ts';
import { useApiServer } from '../helpers/api-server.ts';

/**
 * Property: after any sequence of real visits (random codes, IPs, user agents, clock steps across hours and
 * midnight), the hourly counters agree with the raw access records, add up to the daily counters, and the
 * desktop totals equal the hourly desktop visits; the breakdown counters, the per-owner daily counters and the
 * visitors aggregate (migration 019) agree with them. Seeded demo visits are part of the checked data.
 */

const clock = manualClock(QR_NOW);
const { t } = useApiServer({ clock });

const key = (r: Record<string, unknown>) => JSON.stringify(r);
const sorted = (list: Record<string, unknown>[]) => list.map(key).sort();

/** Every counter agrees with what it is counted from (the readers name each agreement; fixtures/statistics.ts). */
function checkCounters() {
  for (const { name, counted, raw } of counterAgreements(t.db)) expect(sorted(counted), name).toEqual(sorted(raw));
}

describe('hourly counters agree with the raw access records', () => {
  it('after random visits', async () => {
    const files = valuesOf<string>(t.db, 'qr_codes', 'file_name', { removed: 1 }).slice(0, 6);
    const uas = Object.values(USER_AGENTS);
    const counted = () => hourlyViews(t.db);
    const before = counted();
    checkCounters();
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            file: fc.constantFrom(...files),
            ip: fc.integer({ min: 1, max: 12 }),
            // Places of the breakdown counters: Shenzhen mobile, Chengdu telecom, San Francisco, unknown.
            net: fc.constantFrom('39.128.20', '171.208.20', '104.16.20', '203.0.113'),
            ua: fc.constantFrom(...uas),
            // Up to 5 hours between visits: crosses hours and, over a run, midnight.
            step: fc.integer({ min: 0, max: 300 }),
          }),
          { minLength: 1, maxLength: 25 },
        ),
        async (visits) => {
          for (const v of visits) {
            clock.advance(v.step * MINUTE);
            const res = await fetch(`${t.url}/v/${v.file}?s=1`, {
              redirect: 'manual',
              headers: { 'user-agent': v.ua, 'x-forwarded-for': `${v.net}.${v.ip}` },
            });
            expect([200, 302, 403]).toContain(res.status);
          }
          checkCounters();
        },
      ),
      { numRuns: 8, seed: 20261123 },
    );
    // The visits were counted (the property is not vacuous): most of the generated visits were accepted.
    expect(counted() - before).toBeGreaterThan(20);
  }, 120_000);
});
