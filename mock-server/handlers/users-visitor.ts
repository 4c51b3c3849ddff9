import type { Database } from 'better-sqlite3';
import { visitorInquire, type AccessLogFilter, type VisitorRow } from '../../contracts/index.ts';
import { intToIp, ipToInt } from '../visit-rules/ip.ts';
import { defineHandlers } from '../http/handler.ts';
import { fromEpochSeconds, toEpochSeconds } from '../services/time.ts';
import { defineResource } from '../resources/define.ts';

/** A selected row before the stored forms (integer IP, Unix seconds) become the contract's. */
type Raw = Omit<VisitorRow, 'ip' | 'latest_create_time'> & { ip: number; latest_time: number };

/**
 * The §9 /access_log filters (contracts/access-log.ts, ACCESS_LOG_FILTER_PREDICATES) as SQL over one visitor
 * row: the same words on the location text and user agent. The user-agent words pick the matching user_agents
 * rows once per statement (a handful), so each visitor row costs an id lookup, not a LIKE over its text (a
 * capped WeChat count at 10M: 6.6 ms instead of 16.6 ms). "Same user agent" compares within the row's code
 * (another IP of that code has it), where the public page compares within one lookup's result.
 */
const FILTER_SQL: Readonly<Record<AccessLogFilter, string>> = {
  mobile: "r.carrier = 'mobile'",
  unicom: "r.carrier = 'unicom'",
  telecom: "r.carrier = 'telecom'",
  wechat: "v.ua_id IN (SELECT id FROM user_agents WHERE user_agent LIKE '%MicroMessenger%')",
  non_china: "TRIM(COALESCE(r.belong, '')) <> '' AND LTRIM(r.belong) NOT LIKE '中国%' AND LTRIM(r.belong) NOT LIKE 'China%'",
  ios: "v.ua_id IN (SELECT id FROM user_agents WHERE user_agent LIKE '%iPhone%' OR user_agent LIKE '%iPad%' OR user_agent LIKE '%iPod%' OR user_agent LIKE '%iOS%')",
  android: "v.ua_id IN (SELECT id FROM user_agents WHERE user_agent LIKE '%Android%')",
  same_user_agent:
    "ua.user_agent <> '' AND EXISTS (SELECT 1 FROM visitors v2 WHERE v2.qr_code_id = v.qr_code_id AND v2.ua_id = v.ua_id AND v2.ip <> v.ip)",
};

const present = (rows: Raw[]): VisitorRow[] =>
  rows.map(({ ip, latest_time, ...r }) => ({ ...r, ip: intToIp(ip), latest_create_time: fromEpochSeconds(latest_time) }));

/**
 * visitor/inquire: the visitors aggregate of migration 019 (kept by the visit transaction), newest first;
 * visitors of codes in the recycle bin are left out. An unfiltered page's total is the codes' visitor_count.
 */
const visitors = defineResource({
  calls: { inquire: visitorInquire },
  table: 'visitors',
  alias: 'v',
  select: `v.id, v.qr_code_id, q.file_name, u.account, COALESCE(h.host, '') AS domain, v.ip, v.ip_count, v.latest_time,
    COALESCE(r.belong, '') AS latest_ip_belong, COALESCE(ua.source, '') AS latest_source, COALESCE(ua.user_agent, '') AS latest_user_agent`,
  joins: `JOIN qr_codes q ON q.id = v.qr_code_id JOIN users u ON u.id = v.user_id LEFT JOIN visit_hosts h ON h.id = v.host_id
    LEFT JOIN user_agents ua ON ua.id = v.ua_id LEFT JOIN ip_ranges r ON r.start = v.range_start`,
  where: 'q.removed = 1',
  owner: 'user_id',
  team: true,
  filters: {
    qr_code_id: 'eq',
    // Not adminOnly: inside the caller's scope, so another user's id simply matches no row.
    user_id: 'eq',
    domain: { op: 'eq', column: 'h.host', lower: true },
    ip: { op: 'eq', stored: (ip: string) => ipToInt(ip) },
    start_time: { op: 'gte', column: 'latest_time', stored: (t: string) => toEpochSeconds(t) },
    end_time: { op: 'lte', column: 'latest_time', stored: (t: string) => toEpochSeconds(t) },
    filter: { op: 'choice', choices: FILTER_SQL },
  },
  orderBy: 'v.latest_time DESC, v.id DESC',
  total: (db: Database, { filtered, filters, body, owners }) => {
    // Unfiltered, or one code: the codes' maintained visitor_count (a COUNT would read every row).
    const oneCode = filters.length === 1 && filters[0] === 'qr_code_id';
    if (filtered && !oneCode) return undefined;
    const sql = `SELECT COALESCE(SUM(q.visitor_count), 0) AS n FROM qr_codes q WHERE q.removed = 1 AND ${owners.sql('q.user_id')}`;
    return (db.prepare(oneCode ? `${sql} AND q.id = ?` : sql).get(...owners.params, ...(oneCode ? [body.qr_code_id] : [])) as { n: number }).n;
  },
  present: (rows) => present(rows as unknown as Raw[]),
});

export const visitorHandlers = defineHandlers({ ...visitors.handlers });
