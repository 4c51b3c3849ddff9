import { LogType } from '../../contracts/index.ts';
import { ipToInt, visitorIpv4 } from '../visit-rules/ip.ts';
import { defineHandlers } from '../http/handler.ts';
import { formatDateTime } from '../services/clock.ts';

const RECENT = 20;
const LOGINS = [LogType.values.login, LogType.values.login_failed];

/** checkout_ip: read-only joins over tables other areas own, by an indexed IP column each. */
export const checkoutIpHandlers = defineHandlers({
  'checkout_ip/inquire': ({ body, services: { db }, ip: callerIp }) => {
    const ip = body.ip ?? visitorIpv4(callerIp);
    const n = ipToInt(ip);
    const range = db.prepare('SELECT * FROM ip_ranges WHERE start <= ? ORDER BY start DESC LIMIT 1').get(n) as
      | { end: number; country: string; province: string; city: string; carrier: string; belong: string }
      | undefined;
    const place = range && range.end >= n ? range : { country: '', province: '', city: '', carrier: '', belong: '' };
    const hits = (['ip_black', 'server_ip_black'] as const).flatMap((list) =>
      (db.prepare(`SELECT id, ip, remark FROM ${list} WHERE start_num <= ? AND end_num >= ? ORDER BY id`).all(n, n) as
        { id: number; ip: string; remark: string }[]).map((h) => ({ list, ...h })),
    );
    const visits = db
      .prepare(
        `SELECT a.create_time, q.file_name, u.account, ua.source FROM access_records a
         JOIN qr_codes q ON q.id = a.qr_code_id JOIN users u ON u.id = q.user_id JOIN user_agents ua ON ua.id = a.ua_id
         WHERE a.ip = ? ORDER BY a.create_time DESC, a.id DESC LIMIT ${RECENT}`,
      )
      .all(n) as { create_time: number; file_name: string; account: string; source: string }[];
    const marks = LOGINS.map(() => '?').join(', ');
    return {
      ip,
      country: place.country,
      province: place.province,
      city: place.city,
      carrier: place.carrier,
      belong: place.belong,
      black_hits: hits,
      visit_count: db.prepare('SELECT COUNT(*) FROM access_records WHERE ip = ?').pluck().get(n) as number,
      recent_visits: visits.map((v) => ({ ...v, create_time: formatDateTime(v.create_time * 1000) })),
      login_count: db.prepare(`SELECT COUNT(*) FROM logs WHERE ip = ? AND type IN (${marks})`).pluck().get(ip, ...LOGINS) as number,
      recent_logins: db
        .prepare(`SELECT create_time, type, account FROM logs WHERE ip = ? AND type IN (${marks}) ORDER BY id DESC LIMIT ${RECENT}`)
        .all(ip, ...LOGINS) as { create_time: string; type: 1 | 2; account: string }[],
    };
  },
});
