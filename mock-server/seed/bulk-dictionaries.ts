import type { Database } from 'better-sqlite3';
import { ipRanges } from '../../fixtures/seed/ip-ranges.ts';
import { USER_AGENTS } from '../../fixtures/visitors.ts';
import { createBreakdownCounters, type PlaceOf } from '../statistics/breakdown-counters.ts';
import { cidrRange } from '../visit-rules/ip.ts';
import { deviceClass, parseUserAgent } from '../visit-rules/user-agent.ts';

/**
 * What the bulk seeder (bulk.ts) keys its records with, read or made once: the user agents (parsed, with their
 * device class and breakdown agent), the places of the IP ranges, the bench domain's host, and a draw of visitor
 * addresses over the IP-range table (`random` is the seeder's, so a seed gives the same records).
 */
export function bulkDictionaries(db: Database, random: () => number, domainId: number) {
  // Dictionaries: user agents (parsed once), the bench domain's host, IP ranges for location lookup.
  const uaIds = Object.values(USER_AGENTS).map((ua) => {
    const found = db.prepare<[string], { id: number }>('SELECT id FROM user_agents WHERE user_agent = ?').get(ua);
    return found ? found.id : Number(db.prepare('INSERT INTO user_agents (user_agent, source) VALUES (?, ?)').run(ua, parseUserAgent(ua).source).lastInsertRowid);
  });
  const uaDevices = Object.values(USER_AGENTS).map((ua, i) => {
    const d = deviceClass(ua);
    db.prepare('UPDATE user_agents SET device = ? WHERE id = ?').run(d, uaIds[i]!);
    return d;
  });
  const deviceOfUa = new Map(uaIds.map((id, i) => [id, uaDevices[i]!]));
  // Breakdown counters (migration 020): agent of each user agent, place of each IP range, as the visit path keys them.
  const breakdowns = createBreakdownCounters(db);
  const agentOfUa = new Map(uaIds.map((id, i) => [id, breakdowns.agentId(id, Object.values(USER_AGENTS)[i]!)]));
  const placeOfRange = new Map(
    db.prepare<[], PlaceOf & { start: number }>('SELECT start, country, province, city, carrier FROM ip_ranges').all().map((r) => [r.start, breakdowns.placeId(r)]),
  );
  const host = db.prepare<[number], { domain: string }>('SELECT domain FROM domains WHERE id = ?').get(domainId)?.domain ?? 'localhost';
  db.prepare('INSERT OR IGNORE INTO visit_hosts (host) VALUES (?)').run(host);
  const hostId = db.prepare<[string], { id: number }>('SELECT id FROM visit_hosts WHERE host = ?').get(host)!.id;
  const blocks = ipRanges.filter((r) => !r.cidr.startsWith('127.')).map((r) => cidrRange(r.cidr));
  const randomIp = () => {
    // One visitor in fifty comes from an address outside the table (unknown location).
    if (random() < 0.02) return ((203 << 24) | (113 << 8) | Math.floor(random() * 256)) >>> 0;
    const [start, end] = blocks[Math.floor(random() * blocks.length)]!;
    return start + Math.floor(random() * (end - start + 1));
  };
  const rangeStarts = blocks.map(([s]) => s).sort((a, b) => a - b);
  const rangeEnd = new Map(blocks.map(([s, e]) => [s, e]));
  const rangeOf = (ip: number) => {
    let lo = 0;
    let hi = rangeStarts.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (rangeStarts[mid]! <= ip) {
        found = rangeStarts[mid]!;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found >= 0 && rangeEnd.get(found)! >= ip ? found : -1;
  };

  return { uaIds, deviceOfUa, agentOfUa, placeOfRange, breakdowns, hostId, randomIp, rangeOf };
}
