import type { Database } from 'better-sqlite3';
import type { AccessRecord, VisitorRecord } from '../../contracts/index.ts';
import { intToIp, ipToInt } from '../visit-rules/ip.ts';
import { fromEpochSeconds, toEpochSeconds } from '../services/time.ts';

interface RawRecord {
  id: number;
  qr_code_id: number;
  create_time: number;
  ip: number;
  host: string | null;
  user_agent: string | null;
  source: string | null;
  belong: string | null;
  country: string | null;
  carrier: string | null;
}

const RECORD_SELECT = `
  SELECT a.id, a.qr_code_id, a.create_time, a.ip, h.host, ua.user_agent, ua.source, r.belong, r.country, r.carrier
  FROM access_records a
  LEFT JOIN visit_hosts h ON h.id = a.host_id
  LEFT JOIN user_agents ua ON ua.id = a.ua_id
  LEFT JOIN ip_ranges r ON r.start = a.range_start`;

export function toAccessRecord(r: RawRecord): AccessRecord {
  return {
    id: r.id,
    qr_code_id: r.qr_code_id,
    domain: r.host ?? '',
    ip: intToIp(r.ip),
    ip_belong: r.belong ?? '',
    country: r.country ?? '',
    carrier: (r.carrier ?? '') as AccessRecord['carrier'],
    source: r.source ?? '',
    user_agent: r.user_agent ?? '',
    create_time: fromEpochSeconds(r.create_time),
  };
}

export interface RecordFilter {
  qr_code_id: number;
  ip?: string | undefined;
  start_time?: string | undefined;
  end_time?: string | undefined;
}

/** WHERE clause over access_records `a` for a filter; every part is fixed SQL with bound values. */
function whereOf(f: RecordFilter): { sql: string; params: number[]; filtered: boolean } {
  const parts = ['a.qr_code_id = ?'];
  const params = [f.qr_code_id];
  if (f.ip !== undefined) {
    parts.push('a.ip = ?');
    params.push(ipToInt(f.ip));
  }
  if (f.start_time !== undefined) {
    parts.push('a.create_time >= ?');
    params.push(toEpochSeconds(f.start_time));
  }
  if (f.end_time !== undefined) {
    parts.push('a.create_time <= ?');
    params.push(toEpochSeconds(f.end_time));
  }
  return { sql: parts.join(' AND '), params, filtered: parts.length > 1 };
}

/** Reads of the access log, prepared once per database: the benchmarked paths. */
export function createAccessLogReader(db: Database) {
  const recordCount = db.prepare<[number], { record_count: number }>('SELECT record_count FROM qr_codes WHERE id = ?');
  const firstPage = db.prepare<[number, number, number], RawRecord>(
    `${RECORD_SELECT} WHERE a.qr_code_id = ? ORDER BY a.create_time DESC, a.id DESC LIMIT ? OFFSET ?`,
  );
  const hostIdOf = db.prepare<[string], { id: number }>('SELECT id FROM visit_hosts WHERE host = ?');
  const hostName = db.prepare<[number], { host: string }>('SELECT host FROM visit_hosts WHERE id = ?');
  // One statement for every IP: index seeks on access_records_ip (ip, qr_code_id, create_time, host_id). With a
  // single MAX() aggregate SQLite takes the bare columns (ua_id, range_start) from the row holding the maximum,
  // i.e. the latest visit (documented SQLite behaviour).
  const visitorsOf = db.prepare<[string, number, number, number, number, number], { ip: number; host_id: number; n: number; latest: number; ua_id: number; range_start: number }>(
    `SELECT ip, host_id, COUNT(*) AS n, MAX(create_time) AS latest, ua_id, range_start FROM access_records
     WHERE ip IN (SELECT value FROM json_each(?)) AND qr_code_id = ? AND create_time BETWEEN ? AND ? AND (? = 0 OR host_id = ?)
     GROUP BY ip, host_id`,
  );
  const uaOf = db.prepare<[number], { user_agent: string; source: string }>('SELECT user_agent, source FROM user_agents WHERE id = ?');
  const belongOf = db.prepare<[number], { belong: string }>('SELECT belong FROM ip_ranges WHERE start = ?');
  // Dictionary rows never change once written (user agents, hosts; ranges are seeded), so they are cached.
  const memo = <K, V>(load: (k: K) => V) => {
    const cache = new Map<K, V>();
    return (k: K): V => {
      let v = cache.get(k);
      if (v === undefined) {
        v = load(k);
        if (cache.size > 10_000) cache.clear();
        cache.set(k, v);
      }
      return v;
    };
  };
  const host = memo((id: number) => hostName.get(id)?.host ?? '');
  const agent = memo((id: number) => uaOf.get(id) ?? { user_agent: '', source: '' });
  const belong = memo((start: number) => (start >= 0 ? (belongOf.get(start)?.belong ?? '') : ''));

  return {
    /** One page, newest first. Total: the code's maintained record_count when unfiltered, else a COUNT. */
    page(f: RecordFilter, page: number, pageSize: number): { content: AccessRecord[]; total: number } {
      const w = whereOf(f);
      if (!w.filtered) {
        const total = recordCount.get(f.qr_code_id)?.record_count ?? 0;
        return { content: firstPage.all(f.qr_code_id, pageSize, (page - 1) * pageSize).map(toAccessRecord), total };
      }
      const total = (db.prepare(`SELECT COUNT(*) AS n FROM access_records a WHERE ${w.sql}`).get(...w.params) as { n: number }).n;
      const rows = db
        .prepare(`${RECORD_SELECT} WHERE ${w.sql} ORDER BY a.create_time DESC, a.id DESC LIMIT ? OFFSET ?`)
        .all(...w.params, pageSize, (page - 1) * pageSize) as RawRecord[];
      return { content: rows.map(toAccessRecord), total };
    },

    /** Keyset chunk for export: rows strictly older than the cursor `time.id`. */
    chunk(f: RecordFilter, cursor: string | undefined, limit: number): { content: AccessRecord[]; total: number; next_cursor: string | null } {
      const w = whereOf(f);
      const total = w.filtered
        ? (db.prepare(`SELECT COUNT(*) AS n FROM access_records a WHERE ${w.sql}`).get(...w.params) as { n: number }).n
        : (recordCount.get(f.qr_code_id)?.record_count ?? 0);
      let sql = w.sql;
      const params = [...w.params];
      if (cursor) {
        const [t, id] = cursor.split('.').map(Number) as [number, number];
        sql += ' AND (a.create_time, a.id) < (?, ?)';
        params.push(t, id);
      }
      const rows = db
        .prepare(`${RECORD_SELECT} WHERE ${sql} ORDER BY a.create_time DESC, a.id DESC LIMIT ?`)
        .all(...params, limit) as RawRecord[];
      const last = rows[rows.length - 1];
      return { content: rows.map(toAccessRecord), total, next_cursor: rows.length === limit && last ? `${last.create_time}.${last.id}` : null };
    },

    /** Spec §3 visitor records of the given IPs on one code within [fromSec, toSec], one per (domain, ip). */
    visitors(qrCodeId: number, ips: readonly string[], fromSec: number, toSec: number, domain: string): VisitorRecord[] {
      let hostId = 0;
      if (domain) {
        hostId = hostIdOf.get(domain.toLowerCase())?.id ?? -1;
        if (hostId < 0) return [];
      }
      const list = JSON.stringify([...new Set(ips.map(ipToInt))]);
      return visitorsOf
        .all(list, qrCodeId, fromSec, toSec, hostId, hostId)
        .sort((a, b) => b.latest - a.latest || a.ip - b.ip)
        .map((g) => {
          const ua = agent(g.ua_id);
          return {
            domain: host(g.host_id),
            ip: intToIp(g.ip),
            ip_count: g.n,
            latest_create_time: fromEpochSeconds(g.latest),
            latest_ip_belong: belong(g.range_start),
            latest_source: ua.source,
            latest_user_agent: ua.user_agent,
          };
        });
    },
  };
}
