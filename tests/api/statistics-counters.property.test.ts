import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_AGENTS } from '../../fixtures/visitors.ts';
import { QR_NOW } from '../helpers/qr.ts';
import { MINUTE, manualClock } from '../helpers/clock.ts';
import { startTestServer, type TestServer } from '../../harness/server.ts';

/**
 * Property: after any sequence of real visits (random codes, IPs, user agents, clock steps across hours and
 * midnight), the hourly counters agree with the raw access records, add up to the daily counters, and the
 * desktop totals equal the hourly desktop visits; the breakdown counters, the per-owner daily counters and the
 * visitors aggregate (migration 019) agree with them. Seeded demo visits are part of the checked data.
 */

let t: TestServer;
const clock = manualClock(QR_NOW);
beforeAll(async () => {
  t = await startTestServer({ clock });
});
afterAll(() => t.close());

const rows = (sql: string) => t.db.prepare(sql).all() as Record<string, unknown>[];
const key = (r: Record<string, unknown>) => JSON.stringify(r);
const sorted = (list: Record<string, unknown>[]) => list.map(key).sort();

function checkCounters() {
  // Codes whose log is open and was never cleared: every visit is an access record.
  const logged = 'qr_code_id IN (SELECT id FROM qr_codes WHERE open_log = 2) AND qr_code_id NOT IN (SELECT qr_code_id FROM clear_batches)';
  expect(
    sorted(rows(`SELECT qr_code_id, day, hour, view_number FROM qr_code_hourly WHERE ${logged}`)),
  ).toEqual(
    sorted(
      rows(
        `SELECT qr_code_id, date(create_time, 'unixepoch', 'localtime') AS day,
                CAST(strftime('%H', create_time, 'unixepoch', 'localtime') AS INTEGER) AS hour, COUNT(*) AS view_number
         FROM access_records WHERE ${logged} GROUP BY 1, 2, 3`,
      ),
    ),
  );
  expect(sorted(rows('SELECT qr_code_id, day, SUM(view_number) AS v, SUM(ip_view_number) AS ip FROM qr_code_hourly GROUP BY 1, 2'))).toEqual(
    sorted(rows('SELECT qr_code_id, day, view_number AS v, ip_view_number AS ip FROM qr_code_daily WHERE view_number > 0')),
  );
  expect(sorted(rows('SELECT id AS qr_code_id, pc_view_number AS pc FROM qr_codes WHERE pc_view_number > 0'))).toEqual(
    sorted(rows('SELECT qr_code_id, SUM(pc_view_number) AS pc FROM qr_code_hourly GROUP BY 1 HAVING SUM(pc_view_number) > 0')),
  );
  // Per-owner daily counters (migration 019) are the sums of their codes' daily counters.
  expect(sorted(rows('SELECT user_id, day, view_number AS v, ip_view_number AS ip FROM user_daily WHERE view_number > 0'))).toEqual(
    sorted(rows('SELECT q.user_id, d.day, SUM(d.view_number) AS v, SUM(d.ip_view_number) AS ip FROM qr_code_daily d JOIN qr_codes q ON q.id = d.qr_code_id GROUP BY 1, 2 HAVING SUM(d.view_number) > 0')),
  );
  // Visitors (migration 019) are the raw records grouped per code, host and IP (logged, never-cleared codes).
  expect(sorted(rows(`SELECT qr_code_id, host_id, ip, ip_count, latest_time FROM visitors WHERE ${logged}`))).toEqual(
    sorted(rows(`SELECT qr_code_id, host_id, ip, COUNT(*) AS ip_count, MAX(create_time) AS latest_time FROM access_records WHERE ${logged} GROUP BY 1, 2, 3`)),
  );
  expect(sorted(rows('SELECT id AS qr_code_id, visitor_count AS n FROM qr_codes WHERE visitor_count > 0'))).toEqual(
    sorted(rows('SELECT qr_code_id, COUNT(*) AS n FROM visitors GROUP BY 1')),
  );
  // The device classes of the raw records agree with the hourly split (logged codes).
  expect(
    sorted(rows(`SELECT qr_code_id, SUM(pc_view_number) AS pc, SUM(mobile_view_number) AS mobile FROM qr_code_hourly WHERE ${logged} GROUP BY 1`)),
  ).toEqual(
    sorted(
      rows(
        `SELECT a.qr_code_id, SUM(u.device = 3) AS pc, SUM(u.device = 1) AS mobile
         FROM access_records a JOIN user_agents u ON u.id = a.ua_id WHERE ${logged.replaceAll('qr_code_id', 'a.qr_code_id')} GROUP BY 1`,
      ),
    ),
  );
  // Breakdown counters (migration 020): per code and day they add up to the daily counter; per owner they are
  // the sum of the owner's codes; for logged codes they are the raw records by agent and place.
  expect(sorted(rows('SELECT qr_code_id, day, SUM(view_number) AS v FROM qr_code_breakdown GROUP BY 1, 2'))).toEqual(
    sorted(rows('SELECT qr_code_id, day, view_number AS v FROM qr_code_daily WHERE view_number > 0')),
  );
  expect(sorted(rows('SELECT user_id, day, agent_id, place_id, view_number AS v FROM user_breakdown'))).toEqual(
    sorted(
      rows(
        `SELECT q.user_id, b.day, b.agent_id, b.place_id, SUM(b.view_number) AS v
         FROM qr_code_breakdown b JOIN qr_codes q ON q.id = b.qr_code_id GROUP BY 1, 2, 3, 4`,
      ),
    ),
  );
  expect(sorted(rows(`SELECT qr_code_id, day, agent_id, place_id, view_number AS v FROM qr_code_breakdown WHERE ${logged}`))).toEqual(
    sorted(
      rows(
        `SELECT a.qr_code_id, date(a.create_time, 'unixepoch', 'localtime') AS day, u.agent_id, COALESCE(p.id, -1) AS place_id, COUNT(*) AS v
         FROM access_records a JOIN user_agents u ON u.id = a.ua_id LEFT JOIN ip_ranges r ON r.start = a.range_start
         LEFT JOIN visit_places p ON p.country = r.country AND p.province = r.province AND p.city = r.city AND p.carrier = r.carrier
         WHERE ${logged.replaceAll('qr_code_id', 'a.qr_code_id')} GROUP BY 1, 2, 3, 4`,
      ),
    ),
  );
}

describe('hourly counters agree with the raw access records', () => {
  it('after random visits', async () => {
    const files = (t.db.prepare('SELECT file_name FROM qr_codes WHERE removed = 1').pluck().all() as string[]).slice(0, 6);
    const uas = Object.values(USER_AGENTS);
    const counted = () => (t.db.prepare('SELECT SUM(view_number) AS n FROM qr_code_hourly').get() as { n: number }).n;
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
