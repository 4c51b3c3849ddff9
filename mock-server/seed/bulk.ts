import type { Database } from 'better-sqlite3';
import { seededRandom } from '../../fixtures/visitors.ts';
import { ACCESS_RECORD_INDEXES, ACCESS_RECORD_INDEX_NAMES } from '../db/migrations/003-qr-codes.ts';
import { VISITOR_INDEXES, VISITOR_INDEX_NAMES } from '../db/migrations/019-visitors.ts';
import { DEVICE } from '../visit-rules/user-agent.ts';
import { formatDateTime } from '../services/clock.ts';
import { addDays, dayOf } from '../services/time.ts';
import { bulkDictionaries } from './bulk-dictionaries.ts';
import { bulkWriter } from './bulk-writer.ts';

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

  const { uaIds, deviceOfUa, agentOfUa, placeOfRange, breakdowns, hostId, randomIp, rangeOf } = bulkDictionaries(db, random, o.domainId);

  // Bulk mode: no log indexes while loading, no journal (a failed seed leaves a file to delete, nothing else).
  for (const name of [...ACCESS_RECORD_INDEX_NAMES, ...VISITOR_INDEX_NAMES]) db.exec(`DROP INDEX IF EXISTS ${name}`);
  db.pragma('journal_mode = OFF');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -262144');
  db.pragma('temp_store = MEMORY');

  const w = bulkWriter(db);
  w.begin();

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
        w.push(codeId, times[k]!, ip, hostId, poolUa[p]!, rangeStart);
      }
      for (const [cell, count] of cells) {
        const [agent, place] = cell.split('|').map(Number) as [number, number];
        breakdowns.count(codeId, day, agent, place, count, o.userId);
      }
      if (n > 0) {
        w.insertDaily.run(codeId, day, n, seen.size);
        w.addUserDaily.run(o.userId, day, n, seen.size);
      }
      hours.forEach((c, hour) => {
        if (c[0]) w.insertHourly.run(codeId, day, hour, ...c);
        pcTotal += c[4]!;
      });
      w.added(n);
    }
    for (const ip of [...lastDay.keys()].sort((a, b) => a - b)) w.insertIp.run(codeId, ip, lastDay.get(ip)!);
    for (const [ip, [count, latest, ua]] of seenIps) w.insertVisitor.run(codeId, o.userId, hostId, ip, count, latest, ua, rangeOf(ip));
    w.setVisitorCount.run(seenIps.size, codeId);
    w.setTotals.run(total, lastDay.size, total, pcTotal, codeId);
    w.setChildViews.run(Math.ceil(total / 2), codeId, 0);
    w.setChildViews.run(Math.floor(total / 2), codeId, 1);
    if (index % 20 === 0 || index === 0) o.log(`  code ${index}/${o.codes}: ${w.written().toLocaleString('en')} records written`);
  });
  w.finish();
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
    records: w.written(),
    ms: { rows: rowsMs, indexes: indexMs, total: performance.now() - started },
  };
}
