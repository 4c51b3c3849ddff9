import { forwards, internalCodeGroups, qrCodes, qrGroups, domains, rotationTypes, shortCodes } from '../../fixtures/seed/qr-codes.ts';
import { belongText, ipRanges } from '../../fixtures/seed/ip-ranges.ts';
import { pickVisitor, seededRandom, VISITORS } from '../../fixtures/visitors.ts';
import { SEED_TIME } from '../../fixtures/seed/time.ts';
import { isWeChat } from '../../contracts/index.ts';
import { cidrRange } from '../visit-rules/ip.ts';
import type { Database } from 'better-sqlite3';
import type { Clock } from '../services/clock.ts';
import { createVisitLog } from '../qr/visits.ts';

/** The IP-range table (also used by the bulk seeder on a bare database). */
export function seedIpRanges(db: Database): void {
  const insert = db.prepare('INSERT INTO ip_ranges (start, end, country, province, city, carrier, belong) VALUES (?, ?, ?, ?, ?, ?, ?)');
  for (const r of ipRanges) {
    const [start, end] = cidrRange(r.cidr);
    insert.run(start, end, r.country, r.province, r.city, r.carrier, belongText(r));
  }
}

const DAY_MS = 86_400_000;

/**
 * Seed step of issue 4 (runs inside seedDatabase's transaction): the fixtures' rows, then demo visits spread
 * over the last three days before the server's clock, sent through the real visit log (rotation, counters).
 */
export function seedQrCodes(services: { readonly db: Database; readonly clock: Clock }): void {
  const { db, clock } = services;
  seedIpRanges(db);
  const run = (sql: string, rows: readonly object[]) => {
    const stmt = db.prepare(sql);
    for (const r of rows) stmt.run({ ...r, t: SEED_TIME });
  };
  run('INSERT INTO qr_groups (id, user_id, name, remark, create_time) VALUES (@id, @user_id, @name, @remark, @t)', qrGroups);
  run('INSERT INTO internal_code_groups (id, user_id, name, remark, create_time) VALUES (@id, @user_id, @name, @remark, @t)', internalCodeGroups);
  run(
    `INSERT INTO domains (id, user_id, domain, display_type, group_id, hold, shield_status, resolve_target, create_time)
     VALUES (@id, @user_id, @domain, @display_type, @group_id, @hold, @shield_status, '127.0.0.1', @t)`,
    domains,
  );
  run(
    `INSERT INTO qr_codes (id, user_id, name, file_name, password, domain_id, group_id, internal_code_group_id, short_code_type,
       rotation_type, visit_threshold, jump_type, visit_method, visit_restriction, open_log, removed, remove_time, create_time, update_time)
     VALUES (@id, @user_id, @name, @file_name, @password, @domain_id, @group_id, @internal_code_group_id, @short_code_type,
       @rotation_type, @visit_threshold, @jump_type, @visit_method, @visit_restriction, @open_log, @removed,
       CASE WHEN @removed = 2 THEN @t END, @t, @t)`,
    qrCodes.map(({ children: _c, visits: _v, ...q }) => q),
  );
  const child = db.prepare(
    'INSERT INTO qr_code_children (qr_code_id, url, sort, visit_threshold, remaining, current, create_time) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  for (const q of qrCodes) q.children.forEach((url, i) => child.run(q.id, url, i, q.visit_threshold, q.visit_threshold, i === 0 ? 2 : 1, SEED_TIME));
  run(
    `INSERT INTO short_codes (id, user_id, qr_code_id, code, short_code_type, remark, create_time)
     VALUES (@id, @user_id, @qr_code_id, @code, @short_code_type, @remark, @t)`,
    shortCodes,
  );
  run(
    `INSERT INTO forwards (id, user_id, domain_id, target_url, jump_type, show_status, remark, create_time)
     VALUES (@id, @user_id, @domain_id, @target_url, @jump_type, @show_status, @remark, @t)`,
    forwards,
  );
  run(
    'INSERT INTO rotation_types (id, rotation_type, name, remark, sort, create_time) VALUES (@id, @rotation_type, @name, @remark, @sort, @t)',
    rotationTypes,
  );

  const random = seededRandom(20260101);
  const log = createVisitLog(db, random);
  const domainOf = new Map(domains.map((d) => [d.id, d.domain]));
  const end = clock.now();
  const wechatOnly = VISITORS.filter((v) => isWeChat(v.userAgent));
  for (const q of qrCodes) {
    if (q.visits === 0) continue;
    // Demo visits respect the code's restriction, as the visit path would.
    const pool = q.visit_restriction === 2 ? wechatOnly : VISITORS;
    const times = Array.from({ length: q.visits }, () => end - Math.floor(random() * 3 * DAY_MS)).sort((a, b) => a - b);
    for (const timeMs of times) {
      const v = pickVisitor(random, pool);
      log.record({ id: q.id, rotation_type: q.rotation_type, open_log: q.open_log }, { ip: v.ip, userAgent: v.userAgent, host: domainOf.get(q.domain_id)!, timeMs });
    }
  }
}
