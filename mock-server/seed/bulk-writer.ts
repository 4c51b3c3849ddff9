import type { Database } from 'better-sqlite3';

const ROWS_PER_STATEMENT = 200;
const ROWS_PER_TRANSACTION = 500_000;

/**
 * How the bulk seeder (bulk.ts) writes: multi-row prepared INSERTs of access records, committed every
 * ROWS_PER_TRANSACTION records, and the statements of the counters it keeps on the way (daily, hourly, IPs,
 * visitors, totals). `begin` opens the first transaction; `finish` writes what is buffered and commits.
 */
export function bulkWriter(db: Database) {
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

  return {
    insertDaily, addUserDaily, insertIp, insertHourly, setTotals, insertVisitor, setVisitorCount, setChildViews,
    push,
    /** `n` records of one code's day were pushed: commit when the transaction is full. */
    added(n: number) {
      pendingInTx += n;
      written += n;
      commitIfFull(false);
    },
    begin: () => db.exec('BEGIN'),
    finish: () => commitIfFull(true),
    written: () => written,
  };
}
