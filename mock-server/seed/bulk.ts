import type { Database } from 'better-sqlite3';
import { ipRanges } from '../../fixtures/seed/ip-ranges.ts';
import { USER_AGENTS, seededRandom } from '../../fixtures/visitors.ts';
import { ACCESS_RECORD_INDEXES, ACCESS_RECORD_INDEX_NAMES } from '../db/migrations/003-qr-codes.ts';
import { VISITOR_INDEXES, VISITOR_INDEX_NAMES } from '../db/migrations/019-visitors.ts';
import { DEVICE, deviceClass, parseUserAgent } from '../visit-rules/user-agent.ts';
import { formatDateTime } from '../services/clock.ts';
import { createBreakdownCounters, type PlaceOf } from '../statistics/breakdown-counters.ts';
import { cidrRange } from '../visit-rules/ip.ts';
import { addDays, dayOf } from '../services/time.ts';

export interface BulkSeedOptions {
  /** Access records to add in all. */
  records: number;
  /** Records of the one big code (`bench-big`); the rest is shared by the other codes. */
  bigRecords: number;
  /** QR codes to create besides the big one. */
  codes: number;
  /** Days of history, ending today (the clock's). */
  days: number;
  /** Owner of the bench codes (customer01 by default). */
  userId: number;
  /** Domain id of the bench codes (a domain of userId). */
  domainId: number;
  now: number;
  seed: number;
  log: (line: string) => void;
}

export interface BulkSeedResult {
  bigCodeId: number;
  bigFileName: string;
  bigPassword: string;
  records: number;
  ms: { rows: number; indexes: number; total: number };
}

const ROWS_PER_STATEMENT = 200;
const ROWS_PER_TRANSACTION = 500_000;
/** Average visits per visitor IP of a code (sets how many distinct IPs a code has). */
const VISITS_PER_IP = 5;

/**
 * Fill a migrated, seeded database with a large access log fast: records are generated per code and per day,
 * written with multi-row prepared INSERTs in big transactions with the log's indexes dropped (built once at the
 * end), and every counter (code totals, children, daily counters per code and per owner, hourly counters, distinct IPs, visitors) is computed on the way, so the
 * data is as consistent as the visit path would have left it.
 */
export function bulkSeed(db: Database, o: BulkSeedOptions): BulkSeedResult {
  const started = performance.now();
  const random = seededRandom(o.seed);
  const time = formatDateTime(o.now);

  // Bench codes.
  const insertCode = db.prepare(
    `INSERT INTO qr_codes (user_id, name, file_name, password, domain_id, rotation_type, visit_threshold, create_time, update_time)
     VALUES (?, ?, ?, ?, ?, ?, 100, ?, ?)`,
  );
  const insertChild = db.prepare(
    'INSERT INTO qr_code_children (qr_code_id, url, sort, visit_threshold, remaining, current, create_time) VALUES (?, ?, ?, 100, 100, ?, ?)',
  );
  const tag = `${o.seed.toString(36)}${Math.floor(o.now / 1000).toString(36)}`;
  const codeIds: number[] = [];
  const bigPassword = 'bench01';
  const bigFileName = `bench-big-${tag}`;
  db.transaction(() => {
    for (let i = 0; i <= o.codes; i++) {
      const fileName = i === 0 ? bigFileName : `bench-${tag}-${i}`;
      const id = Number(insertCode.run(o.userId, i === 0 ? 'Benchmark (big)' : `Benchmark ${i}`, fileName, i === 0 ? bigPassword : `bench${i}`, o.domainId, 1 + (i % 3), time, time).lastInsertRowid);
      for (let c = 0; c < 2; c++) insertChild.run(id, `https://example.com/bench/${i}/${c}`, c, c === 0 ? 2 : 1, time);
      codeIds.push(id);
    }
  })();

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
  const host = db.prepare<[number], { domain: string }>('SELECT domain FROM domains WHERE id = ?').get(o.domainId)?.domain ?? 'localhost';
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

  // Bulk mode: no log indexes while loading, no journal (a failed seed leaves a file to delete, nothing else).
  for (const name of [...ACCESS_RECORD_INDEX_NAMES, ...VISITOR_INDEX_NAMES]) db.exec(`DROP INDEX IF EXISTS ${name}`);
  db.pragma('journal_mode = OFF');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -262144');
  db.pragma('temp_store = MEMORY');

  const values = Array.from({ length: ROWS_PER_STATEMENT }, () => '(?, ?, ?, ?, ?, ?)').join(', ');
  const insertMany = db.prepare(`INSERT INTO access_records (qr_code_id, create_time, ip, host_id, ua_id, range_start) VALUES ${values}`);
  const insertOne = db.prepare('INSERT INTO access_records (qr_code_id, create_time, ip, host_id, ua_id, range_start) VALUES (?, ?, ?, ?, ?, ?)');
  const insertDaily = db.prepare('INSERT INTO qr_code_daily (qr_code_id, day, view_number, ip_view_number) VALUES (?, ?, ?, ?)');
  const addUserDaily = db.prepare(`INSERT INTO user_daily (user_id, day, view_number, ip_view_number) VALUES (?, ?, ?, ?)
    ON CONFLICT (user_id, day) DO UPDATE SET view_number = view_number + excluded.view_number, ip_view_number = ip_view_number + excluded.ip_view_number`);
  const insertIp = db.prepare('INSERT INTO qr_code_ips (qr_code_id, ip, last_day) VALUES (?, ?, ?)');
  const insertHourly = db.prepare(
    'INSERT INTO qr_code_hourly (qr_code_id, day, hour, view_number, ip_view_number, mobile_view_number, tablet_view_number, pc_view_number) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const setTotals = db.prepare(
    'UPDATE qr_codes SET view_number = view_number + ?, ip_view_number = ?, record_count = record_count + ?, pc_view_number = pc_view_number + ? WHERE id = ?',
  );
  // Visitors (migration 019) as the visit transaction keeps them: one row per (code, host, IP), the latest visit's details.
  const insertVisitor = db.prepare(
    'INSERT INTO visitors (qr_code_id, user_id, host_id, ip, ip_count, latest_time, ua_id, range_start) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const setVisitorCount = db.prepare('UPDATE qr_codes SET visitor_count = visitor_count + ? WHERE id = ?');
  const setChildViews = db.prepare('UPDATE qr_code_children SET view_number = view_number + ? WHERE qr_code_id = ? AND sort = ?');

  const buffer: number[] = [];
  let pendingInTx = 0;
  let written = 0;
  const push = (...row: number[]) => {
    buffer.push(...row);
    if (buffer.length === ROWS_PER_STATEMENT * 6) {
      insertMany.run(buffer);
      buffer.length = 0;
    }
  };
  const commitIfFull = (force: boolean) => {
    if (force) {
      for (let i = 0; i < buffer.length; i += 6) insertOne.run(buffer.slice(i, i + 6));
      buffer.length = 0;
    }
    if (pendingInTx >= ROWS_PER_TRANSACTION || force) {
      db.exec('COMMIT');
      db.exec('BEGIN');
      pendingInTx = 0;
    }
  };
  db.exec('BEGIN');

  const today = dayOf(o.now);
  const firstDay = addDays(today, -(o.days - 1));
  const dayStartSec = (day: string) => {
    const [y, m, d] = day.split('-').map(Number) as [number, number, number];
    return Math.floor(new Date(y, m - 1, d).getTime() / 1000);
  };
  const nowSec = Math.floor(o.now / 1000);
  const others = Math.max(0, o.records - o.bigRecords);
  const perOther = o.codes > 0 ? Math.floor(others / o.codes) : 0;
  const loadStarted = performance.now();

  codeIds.forEach((codeId, index) => {
    const total = index === 0 ? Math.min(o.bigRecords, o.records) : perOther + (index === o.codes ? others - perOther * o.codes : 0);
    if (total <= 0) return;
    const pool = Array.from({ length: Math.max(1, Math.ceil(total / VISITS_PER_IP)) }, randomIp);
    const poolUa = pool.map(() => uaIds[Math.floor(random() * uaIds.length)]!);
    const lastDay = new Map<number, string>();
    /** ip → [visits, latest second, user agent id] (times ascend, so the last write is the latest visit). */
    const seenIps = new Map<number, [number, number, number]>();
    let left = total;
    let pcTotal = 0;
    for (let d = 0; d < o.days && left > 0; d++) {
      const day = addDays(firstDay, d);
      const n = d === o.days - 1 ? left : Math.min(left, Math.round((total / o.days) * (0.6 + random() * 0.8)));
      left -= n;
      const start = dayStartSec(day);
      const span = Math.max(1, Math.min(86_400, nowSec - start + 1));
      const seen = new Set<number>();
      const cells = new Map<string, number>();
      // Hourly counters as the visit path keeps them: views, IPs new to the day, mobile, tablet, pc per hour.
      const hours = Array.from({ length: 24 }, () => [0, 0, 0, 0, 0]);
      const times = Array.from({ length: n }, () => start + Math.floor(random() * span)).sort((a, b) => a - b);
      for (let k = 0; k < n; k++) {
        // A few regulars visit often: the square biases the draw towards the start of the pool.
        const p = Math.floor(random() * random() * pool.length);
        const ip = pool[p]!;
        const h = hours[new Date(times[k]! * 1000).getHours()]!;
        const device = deviceOfUa.get(poolUa[p]!);
        h[0]!++;
        if (!seen.has(ip)) h[1]!++;
        if (device === DEVICE.mobile) h[2]!++;
        else if (device === DEVICE.tablet) h[3]!++;
        else if (device === DEVICE.pc) h[4]!++;
        seen.add(ip);
        lastDay.set(ip, day);
        const rangeStart = rangeOf(ip);
        const cell = `${agentOfUa.get(poolUa[p]!)!}|${placeOfRange.get(rangeStart) ?? -1}`;
        cells.set(cell, (cells.get(cell) ?? 0) + 1);
        const v = seenIps.get(ip);
        if (v) {
          v[0]++;
          v[1] = times[k]!;
          v[2] = poolUa[p]!;
        } else seenIps.set(ip, [1, times[k]!, poolUa[p]!]);
        push(codeId, times[k]!, ip, hostId, poolUa[p]!, rangeStart);
      }
      for (const [cell, count] of cells) {
        const [agent, place] = cell.split('|').map(Number) as [number, number];
        breakdowns.count(codeId, day, agent, place, count, o.userId);
      }
      if (n > 0) {
        insertDaily.run(codeId, day, n, seen.size);
        addUserDaily.run(o.userId, day, n, seen.size);
      }
      hours.forEach((c, hour) => {
        if (c[0]) insertHourly.run(codeId, day, hour, ...c);
        pcTotal += c[4]!;
      });
      pendingInTx += n;
      written += n;
      commitIfFull(false);
    }
    for (const ip of [...lastDay.keys()].sort((a, b) => a - b)) insertIp.run(codeId, ip, lastDay.get(ip)!);
    for (const [ip, [count, latest, ua]] of seenIps) insertVisitor.run(codeId, o.userId, hostId, ip, count, latest, ua, rangeOf(ip));
    setVisitorCount.run(seenIps.size, codeId);
    setTotals.run(total, lastDay.size, total, pcTotal, codeId);
    setChildViews.run(Math.ceil(total / 2), codeId, 0);
    setChildViews.run(Math.floor(total / 2), codeId, 1);
    if (index % 20 === 0 || index === 0) o.log(`  code ${index}/${o.codes}: ${written.toLocaleString('en')} records written`);
  });
  commitIfFull(true);
  // visit_summary's counters (migration 018): each bulk code's days, all on the code's domain.
  const foldDomainDaily = db.prepare(
    `INSERT OR REPLACE INTO qr_code_domain_daily (qr_code_id, day, domain_id, view_number, ip_view_number)
     SELECT d.qr_code_id, d.day, COALESCE(q.domain_id, 0), d.view_number, d.ip_view_number FROM qr_code_daily d JOIN qr_codes q ON q.id = d.qr_code_id WHERE d.qr_code_id = ?`,
  );
  for (const codeId of codeIds) foldDomainDaily.run(codeId);
  db.exec('COMMIT');
  const rowsMs = performance.now() - loadStarted;

  const indexStarted = performance.now();
  for (const sql of [...ACCESS_RECORD_INDEXES, ...VISITOR_INDEXES]) db.exec(sql);
  const indexMs = performance.now() - indexStarted;
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  return {
    bigCodeId: codeIds[0]!,
    bigFileName,
    bigPassword,
    records: written,
    ms: { rows: rowsMs, indexes: indexMs, total: performance.now() - started },
  };
}
