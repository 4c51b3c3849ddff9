import type { Database } from 'better-sqlite3';
import type { EnumValue, RotationType, StealingReason } from '../../contracts/index.ts';
import { rotate } from '../visit-rules/rotation.ts';
import { DEVICE, deviceClass, parseUserAgent } from '../visit-rules/user-agent.ts';
import { ipToInt } from '../visit-rules/ip.ts';
import { formatDateTime } from '../services/clock.ts';
import { createBreakdownCounters } from '../statistics/breakdown-counters.ts';
import { dayOf } from '../services/time.ts';

export interface IpRange {
  start: number;
  end: number;
  country: string;
  province: string;
  city: string;
  carrier: '' | 'mobile' | 'unicom' | 'telecom';
  belong: string;
}

/** Where a visit comes from, as the visit path sees it. */
export interface Visit {
  readonly ip: string;
  readonly userAgent: string;
  readonly host: string;
  readonly timeMs: number;
}

interface CodeState {
  id: number;
  rotation_type: EnumValue<typeof RotationType>;
  open_log: number;
}

interface ChildRow {
  id: number;
  url: string;
  visit_threshold: number;
  remaining: number;
  current: 1 | 2;
}

/** What the visit transaction answers: the jump target, and what the live feed (frame 21) shows of the visit. */
export interface RecordedVisit {
  url: string;
  childId: number;
  /** DEVICE class of the user agent. */
  device: number;
  /** The IP range's place ('' when unknown). */
  location: string;
}

/**
 * Writes of the visit path, on prepared statements built once per database. `record` is one transaction:
 * rotation step, access record and visitor row (when the code's log is open), distinct-IP bookkeeping, daily,
 * hourly, per-domain and breakdown counters, code totals.
 */
export function createVisitLog(db: Database, random: () => number = Math.random) {
  const rangeOf = db.prepare<[number], IpRange>('SELECT * FROM ip_ranges WHERE start <= ? ORDER BY start DESC LIMIT 1');
  const uaId = db.prepare<[string], { id: number }>('SELECT id FROM user_agents WHERE user_agent = ?');
  const insertUa = db.prepare<[string, string]>('INSERT INTO user_agents (user_agent, source) VALUES (?, ?)');
  const hostId = db.prepare<[string], { id: number }>('SELECT id FROM visit_hosts WHERE host = ?');
  const insertHost = db.prepare<[string]>('INSERT INTO visit_hosts (host) VALUES (?)');
  const children = db.prepare<[number], ChildRow>(
    'SELECT id, url, visit_threshold, remaining, current FROM qr_code_children WHERE qr_code_id = ? ORDER BY sort, id',
  );
  const setChild = db.prepare<[number, number, number, number]>(
    'UPDATE qr_code_children SET remaining = ?, current = ?, view_number = view_number + ? WHERE id = ?',
  );
  const insertRecord = db.prepare<[number, number, number, number, number, number]>(
    'INSERT INTO access_records (qr_code_id, create_time, ip, host_id, ua_id, range_start) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const ipLastDay = db.prepare<[number, number], { last_day: string }>('SELECT last_day FROM qr_code_ips WHERE qr_code_id = ? AND ip = ?');
  const upsertIp = db.prepare<[number, number, string]>(
    'INSERT INTO qr_code_ips (qr_code_id, ip, last_day) VALUES (?, ?, ?) ON CONFLICT (qr_code_id, ip) DO UPDATE SET last_day = excluded.last_day',
  );
  const bumpDaily = db.prepare<[number, string, number]>(`
    INSERT INTO qr_code_daily (qr_code_id, day, view_number, ip_view_number) VALUES (?, ?, 1, ?)
    ON CONFLICT (qr_code_id, day) DO UPDATE SET view_number = view_number + 1, ip_view_number = ip_view_number + excluded.ip_view_number`);
  const bumpUserDaily = db.prepare<[number, string, number]>(`
    INSERT INTO user_daily (user_id, day, view_number, ip_view_number) VALUES ((SELECT user_id FROM qr_codes WHERE id = ?), ?, 1, ?)
    ON CONFLICT (user_id, day) DO UPDATE SET view_number = view_number + 1, ip_view_number = ip_view_number + excluded.ip_view_number`);
  const bumpCode = db.prepare<[number, number, number, number]>(
    'UPDATE qr_codes SET view_number = view_number + 1, ip_view_number = ip_view_number + ?, record_count = record_count + ?, pc_view_number = pc_view_number + ? WHERE id = ?',
  );
  // Hourly counters (migration 011): the visit's hour, whether its IP is new to the day, and its device class.
  const bumpHourly = db.prepare<[number, string, number, number, number, number, number]>(`
    INSERT INTO qr_code_hourly (qr_code_id, day, hour, view_number, ip_view_number, mobile_view_number, tablet_view_number, pc_view_number)
    VALUES (?, ?, ?, 1, ?, ?, ?, ?)
    ON CONFLICT (qr_code_id, day, hour) DO UPDATE SET view_number = view_number + 1,
      ip_view_number = ip_view_number + excluded.ip_view_number, mobile_view_number = mobile_view_number + excluded.mobile_view_number,
      tablet_view_number = tablet_view_number + excluded.tablet_view_number, pc_view_number = pc_view_number + excluded.pc_view_number`);
  // visit_summary (migration 018): the day's visits per code and the domain the visit was counted on.
  const domainOfCode = db.prepare<[number], { domain_id: number | null }>('SELECT domain_id FROM qr_codes WHERE id = ?');
  const bumpDomainDaily = db.prepare<[number, string, number, number]>(`
    INSERT INTO qr_code_domain_daily (qr_code_id, day, domain_id, view_number, ip_view_number) VALUES (?, ?, ?, 1, ?)
    ON CONFLICT (qr_code_id, day, domain_id) DO UPDATE SET view_number = view_number + 1, ip_view_number = ip_view_number + excluded.ip_view_number`);
  // Visitors (migration 019): one row per (code, host, IP); the latest visit's details win, a new row counts.
  const upsertVisitor = db.prepare<[number, number, number, number, number, number, number], { ip_count: number }>(`
    INSERT INTO visitors (qr_code_id, user_id, host_id, ip, ip_count, latest_time, ua_id, range_start)
    VALUES (?, (SELECT user_id FROM qr_codes WHERE id = ?), ?, ?, 1, ?, ?, ?)
    ON CONFLICT (qr_code_id, host_id, ip) DO UPDATE SET ip_count = ip_count + 1,
      ua_id = CASE WHEN excluded.latest_time >= latest_time THEN excluded.ua_id ELSE ua_id END,
      range_start = CASE WHEN excluded.latest_time >= latest_time THEN excluded.range_start ELSE range_start END,
      latest_time = MAX(latest_time, excluded.latest_time)
    RETURNING ip_count`);
  const bumpVisitorCount = db.prepare<[number]>('UPDATE qr_codes SET visitor_count = visitor_count + 1 WHERE id = ?');
  const uaDevice = db.prepare<[number], { device: number }>('SELECT device FROM user_agents WHERE id = ?');
  const setUaDevice = db.prepare<[number, number]>('UPDATE user_agents SET device = ? WHERE id = ?');
  // Breakdown counters (migration 020): agent × place per code and per owner, same transaction.
  const breakdowns = createBreakdownCounters(db);
  const insertStealing = db.prepare<[number, number, number, number, number, string]>(
    'INSERT INTO stealing_records (qr_code_id, ip, ua_id, range_start, reason, create_time) VALUES (?, ?, ?, ?, ?, ?)',
  );

  /** The IP-range row holding an address, or undefined. */
  function lookupRange(ip: number): IpRange | undefined {
    const r = rangeOf.get(ip);
    return r && r.end >= ip ? r : undefined;
  }

  function userAgentId(userAgent: string): number {
    const ua = userAgent.slice(0, 1024);
    const found = uaId.get(ua);
    if (found) return found.id;
    return Number(insertUa.run(ua, parseUserAgent(ua).source).lastInsertRowid);
  }

  /** The device class of a user agent row, parsed once and kept on the row (-1 = not classified yet). */
  function deviceOf(uaRowId: number, userAgent: string): number {
    const known = uaDevice.get(uaRowId)?.device ?? -1;
    if (known >= 0) return known;
    const d = deviceClass(userAgent);
    setUaDevice.run(d, uaRowId);
    return d;
  }

  function visitHostId(host: string): number {
    const h = host.slice(0, 253).toLowerCase();
    const found = hostId.get(h);
    if (found) return found.id;
    return Number(insertHost.run(h).lastInsertRowid);
  }

  const record = db.transaction((code: CodeState, visit: Visit): RecordedVisit => {
    const list = children.all(code.id);
    const step = rotate(list, code.rotation_type, random);
    list.forEach((c, i) => {
      const n = step.next[i]!;
      const hit = i === step.index ? 1 : 0;
      if (hit || n.remaining !== c.remaining || n.current !== c.current) setChild.run(n.remaining, n.current, hit, c.id);
    });
    const ip = ipToInt(visit.ip);
    const day = dayOf(visit.timeMs);
    const logged = code.open_log === 2 ? 1 : 0;
    const uaRowId = userAgentId(visit.userAgent);
    const range = lookupRange(ip);
    if (logged) {
      const sec = Math.floor(visit.timeMs / 1000);
      const host = visitHostId(visit.host);
      insertRecord.run(code.id, sec, ip, host, uaRowId, range ? range.start : -1);
      if (upsertVisitor.get(code.id, code.id, host, ip, sec, uaRowId, range ? range.start : -1)?.ip_count === 1) bumpVisitorCount.run(code.id);
    }
    const device = deviceOf(uaRowId, visit.userAgent);
    const last = ipLastDay.get(code.id, ip);
    const newIp = last ? 0 : 1;
    const newToday = !last || last.last_day !== day ? 1 : 0;
    if (newToday) upsertIp.run(code.id, ip, day);
    bumpDaily.run(code.id, day, newToday);
    bumpUserDaily.run(code.id, day, newToday);
    const pc = device === DEVICE.pc ? 1 : 0;
    bumpHourly.run(code.id, day, new Date(visit.timeMs).getHours(), newToday, device === DEVICE.mobile ? 1 : 0, device === DEVICE.tablet ? 1 : 0, pc);
    bumpCode.run(newIp, logged, pc, code.id);
    breakdowns.count(code.id, day, breakdowns.agentId(uaRowId, visit.userAgent), breakdowns.placeId(range));
    const domainId = domainOfCode.get(code.id)?.domain_id ?? 0;
    bumpDomainDaily.run(code.id, day, domainId, newToday);
    const chosen = list[step.index]!;
    return { url: chosen.url, childId: chosen.id, device, location: range?.belong ?? '' };
  });

  function refuse(codeId: number, visit: Visit, reason: EnumValue<typeof StealingReason>): void {
    const ip = ipToInt(visit.ip);
    const range = lookupRange(ip);
    insertStealing.run(codeId, ip, userAgentId(visit.userAgent), range ? range.start : -1, reason, formatDateTime(visit.timeMs));
  }

  return { record, refuse, lookupRange, userAgentId, visitHostId };
}
export type VisitLog = ReturnType<typeof createVisitLog>;
