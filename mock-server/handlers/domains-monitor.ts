import { domainMonitorInquire, monitoredDomain } from '../../contracts/index.ts';
import { defineHandlers } from '../http/handler.ts';
import { defineResource } from '../resources/define.ts';
import { RESOLUTION_TARGET } from './qr-codes.ts';

const ownerFilters = { user_id: { op: 'eq', adminOnly: true }, account: { op: 'like', column: 'u.account', adminOnly: true } } as const;
const liveCodes = '(SELECT COUNT(*) FROM qr_codes q WHERE q.domain_id = d.id AND q.removed = 1) AS qr_code_count';

// The expected DNS targets are constants of the mock (get_ip's answer), never request input.
const sqlText = (s: string) => `'${s.replace(/'/g, "''")}'`;
const DNS_OK = `CASE WHEN x.resolve_target IN (${sqlText(RESOLUTION_TARGET.ip)}, ${sqlText(RESOLUTION_TARGET.cname)}) THEN 1 ELSE 2 END`;

const monitor = defineResource({
  calls: { inquire: domainMonitorInquire },
  row: monitoredDomain,
  table: 'domains',
  alias: 'd',
  // What it should point to rides on every row: a wrong target is fixed by reading the right one beside it.
  select: `d.id, d.user_id, u.account, d.domain, d.display_type, d.resolve_target,
    ${sqlText(RESOLUTION_TARGET.ip)} AS expected_ip, ${sqlText(RESOLUTION_TARGET.cname)} AS expected_cname, m.dns_ok,
    CASE WHEN m.dns_ok = 1 AND d.shield_status <> 2 THEN 1 ELSE 2 END AS reachable, d.shield_status, ${liveCodes}`,
  joins: `JOIN users u ON u.id = d.user_id JOIN (SELECT x.id AS mid, ${DNS_OK} AS dns_ok FROM domains x) m ON m.mid = d.id`,
  owner: 'user_id',
  filters: { ...ownerFilters, domain: { op: 'like', lower: true }, dns_ok: { op: 'eq', column: 'm.dns_ok' } },
  orderBy: 'm.dns_ok DESC, d.id DESC',
});

/** The domain monitors: where each domain points compared with get_ip, and whether it answers in WeChat. */
export const domainMonitorHandlers = defineHandlers({ ...monitor.handlers });
