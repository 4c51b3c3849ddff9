import type { Database } from 'better-sqlite3';
import { z } from 'zod';
import {
  ACCESS_LOG_LOOKBACK_DAYS, clearBatch, qrCodeAccessClearedInquire, stealingInquire, stealingRecord, stealingRemove,
} from '../../contracts/index.ts';
import { intToIp, ipToInt } from '../visit-rules/ip.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { defineHandlers } from '../http/handler.ts';
import { formatDateTime } from '../services/clock.ts';
import { defineResource } from '../resources/define.ts';
import { createAccessLogReader } from '../qr/access-log.ts';
import { ownerScope, perDatabase } from '../services/scope.ts';
import { addDays, dayOf, toEpochSeconds } from '../services/time.ts';
import { passwordMatches } from './qr-codes.ts';
import { throttleOf } from '../security/throttle.ts';

const reader = perDatabase(createAccessLogReader);

/** The code's owner check for log calls: its own code (any, for administrators) or 404. Removed codes included. */
function requireCode(db: Database, id: number, scope: number | undefined): { id: number; user_id: number } {
  const row = db.prepare<[number], { id: number; user_id: number }>('SELECT id, user_id FROM qr_codes WHERE id = ?').get(id);
  if (!row || (scope !== undefined && row.user_id !== scope)) throw notFound();
  return row;
}

/** Cleared batches of the access log (the recover screen): restorable until deleted for good. */
const batches = defineResource({
  calls: { inquire: qrCodeAccessClearedInquire },
  row: clearBatch,
  table: 'clear_batches',
  alias: 'b',
  select: 'b.id, b.qr_code_id, q.file_name, b.user_id, u.account, b.start_time, b.end_time, b.record_count, b.clear_time',
  joins: 'JOIN qr_codes q ON q.id = b.qr_code_id JOIN users u ON u.id = b.user_id',
  owner: 'user_id',
  filters: { qr_code_id: 'eq', file_name: { op: 'eq', column: 'q.file_name' } },
  orderBy: 'b.id DESC',
});

/** Refused visits, owned through their QR code; the address is stored as an integer. */
const stealing = defineResource({
  calls: { inquire: stealingInquire, remove: stealingRemove },
  row: stealingRecord.extend({ ip: z.int() }),
  table: 'stealing_records',
  alias: 's',
  select: `s.id, s.qr_code_id, q.file_name, s.ip, COALESCE(r.belong, '') AS ip_belong, COALESCE(ua.user_agent, '') AS user_agent,
    s.reason, s.create_time`,
  joins: 'JOIN qr_codes q ON q.id = s.qr_code_id LEFT JOIN ip_ranges r ON r.start = s.range_start LEFT JOIN user_agents ua ON ua.id = s.ua_id',
  owner: 'q.user_id',
  filters: { qr_code_id: 'eq', ip: { op: 'eq', stored: ipToInt }, reason: 'eq' },
  orderBy: 's.id DESC',
  present: (rows) => rows.map((r) => ({ ...r, ip: intToIp(r.ip) })),
});

const RECORD_COLUMNS = 'qr_code_id, create_time, ip, host_id, ua_id, range_start';

export const qrCodeAccessHandlers = defineHandlers({
  'qr_code_access/inquire': ({ body, services, me }) => {
    requireCode(services.db, body.qr_code_id, ownerScope(me()));
    return reader(services.db).page(body, body.page, body.page_size);
  },

  'qr_code_access/export_access_records': ({ body, services, me }) => {
    requireCode(services.db, body.qr_code_id, ownerScope(me()));
    return reader(services.db).chunk(body, body.cursor, body.limit);
  },

  'qr_code_access/public_enquiry': ({ body, services, ip }) => {
    const { db, clock } = services;
    // Issue 20: the key is a share password, guessed under the same per-source limit as logins.
    throttleOf(services).check(ip);
    const code = db
      .prepare<[string], { id: number; password: string }>('SELECT id, password FROM qr_codes WHERE file_name = ? AND removed = 1')
      .get(body.file_name);
    if (!code || !passwordMatches(code.password, body.key)) {
      throttleOf(services).fail(ip);
      // One answer for an unknown code and a wrong password (nobody learns which codes exist), worded for the
      // visitor who typed them: check both. (The share page keeps spec §8's "page error".)
      throw notFound('errors.access_key_wrong');
    }
    // The contract checked the shape, order and span; the lookback needs the server's today.
    const today = dayOf(clock.now());
    const start = body.start_time.slice(0, 10);
    const end = body.end_time.slice(0, 10);
    if (start < addDays(today, -(ACCESS_LOG_LOOKBACK_DAYS - 1)) || end > today) {
      throw badRequest('validation.time_range', { field: start > today || end > today ? 'end_time' : 'start_time' });
    }
    const content = reader(db).visitors(code.id, body.ip_list, toEpochSeconds(body.start_time), toEpochSeconds(body.end_time), body.domain);
    return { content };
  },

  'qr_code_access/clear_access_history': ({ body, services, me }) => {
    const { db } = services;
    const user = me();
    return db.transaction(() => {
      const code = requireCode(db, body.qr_code_id, ownerScope(user));
      const parts = ['qr_code_id = ?'];
      const params = [code.id];
      if (body.start_time !== undefined) {
        parts.push('create_time >= ?');
        params.push(toEpochSeconds(body.start_time));
      }
      if (body.end_time !== undefined) {
        parts.push('create_time <= ?');
        params.push(toEpochSeconds(body.end_time));
      }
      const where = parts.join(' AND ');
      const n = (db.prepare(`SELECT COUNT(*) AS n FROM access_records WHERE ${where}`).get(...params) as { n: number }).n;
      if (n === 0) return { cleared: 0, batch_id: null };
      const batchId = Number(
        db
          .prepare('INSERT INTO clear_batches (qr_code_id, user_id, start_time, end_time, record_count, clear_time) VALUES (?, ?, ?, ?, ?, ?)')
          .run(code.id, code.user_id, body.start_time ?? null, body.end_time ?? null, n, formatDateTime(services.clock.now())).lastInsertRowid,
      );
      db.prepare(`INSERT INTO cleared_access_records (id, batch_id, ${RECORD_COLUMNS}) SELECT id, ?, ${RECORD_COLUMNS} FROM access_records WHERE ${where}`).run(
        batchId,
        ...params,
      );
      db.prepare(`DELETE FROM access_records WHERE ${where}`).run(...params);
      db.prepare('UPDATE qr_codes SET record_count = record_count - ? WHERE id = ?').run(n, code.id);
      return { cleared: n, batch_id: batchId };
    })();
  },

  ...batches.handlers,

  'qr_code_access/restore_access_records': ({ body, services, me }) => {
    const { db } = services;
    return db.transaction(() => {
      const found = batches.findAll(db, body.ids, ownerScope(me()));
      let restored = 0;
      for (const { row: b } of found) {
        db.prepare(`INSERT INTO access_records (id, ${RECORD_COLUMNS}) SELECT id, ${RECORD_COLUMNS} FROM cleared_access_records WHERE batch_id = ?`).run(b.id);
        const n = db.prepare('DELETE FROM cleared_access_records WHERE batch_id = ?').run(b.id).changes;
        db.prepare('UPDATE qr_codes SET record_count = record_count + ? WHERE id = ?').run(n, b.qr_code_id);
        db.prepare('DELETE FROM clear_batches WHERE id = ?').run(b.id);
        restored += n;
      }
      return { restored };
    })();
  },

  'qr_code_access/clear_record': ({ body, services, me }) => {
    const { db } = services;
    return db.transaction(() => {
      const found = batches.findAll(db, body.ids, ownerScope(me()));
      let removed = 0;
      for (const { row: b } of found) {
        removed += db.prepare('DELETE FROM cleared_access_records WHERE batch_id = ?').run(b.id).changes;
        db.prepare('DELETE FROM clear_batches WHERE id = ?').run(b.id);
      }
      return { removed };
    })();
  },

  'qr_code_access/daily': ({ body, services, me }) => {
    const { db } = services;
    requireCode(db, body.qr_code_id, ownerScope(me()));
    const rows = db
      .prepare<[number, string, string], { day: string; view_number: number; ip_view_number: number }>(
        'SELECT day, view_number, ip_view_number FROM qr_code_daily WHERE qr_code_id = ? AND day BETWEEN ? AND ? ORDER BY day',
      )
      .all(body.qr_code_id, body.start_date, body.end_date);
    const byDay = new Map(rows.map((r) => [r.day, r]));
    const content = [];
    for (let day = body.start_date; day <= body.end_date; day = addDays(day, 1)) {
      content.push(byDay.get(day) ?? { day, view_number: 0, ip_view_number: 0 });
    }
    return { content };
  },

  ...stealing.handlers,
});
