import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { benchClient, ms, printTable, runBenchCalls, timeRuns, type BenchCall } from '../harness/bench.ts';
import { createMockServer } from '../mock-server/app.ts';
import { intToIp } from '../mock-server/visit-rules/ip.ts';
import { createAccessLogReader } from '../mock-server/qr/access-log.ts';
import { addDays, dayOf, toEpochSeconds } from '../mock-server/services/time.ts';
import { STATISTICS_CALLS, type AccessFixture } from './bench-statistics.ts';
import { seedBulk } from './seed-bulk.ts';
import { openDatabase } from '../mock-server/db/open.ts';

/**
 * `npm run bench:access [-- --rows N] [--iterations N] [--db FILE] [--keep] [--reuse]`: bulk-seed an access log straight
 * into SQLite (default 10,000,000 records over 199 codes of customer01, one of them with 1,000,000; every
 * counter the visit transaction keeps written alongside: daily, hourly, distinct IPs, visitors), start the mock
 * server on 127.0.0.1 in this process and time real HTTP calls, sequentially. The calls are a list (below and
 * `STATISTICS_CALLS`); prints one table. Measurements, not assertions. Minutes and both cores at full size.
 */
const { values } = parseArgs({
  options: {
    rows: { type: 'string' },
    records: { type: 'string' },
    db: { type: 'string' },
    keep: { type: 'boolean', default: false },
    /** With --db: time the calls on that file as it is (migrated on open) instead of seeding it afresh. */
    reuse: { type: 'boolean', default: false },
    iterations: { type: 'string', default: '300' },
  },
});
const records = Number(values.rows ?? values.records ?? '10000000');
const iterations = Math.min(5000, Math.max(10, Number(values.iterations)));
if (!Number.isInteger(records) || records < 1000 || records > 50_000_000) throw new Error('--rows must be 1000..50000000');
const dbPath = values.db ?? path.join(os.tmpdir(), `bench-access-${process.pid}.db`);
const BENCH_CODES = 199;

/** The access log's own rows (issue 4). */
const ACCESS_CALLS: readonly BenchCall<AccessFixture>[] = [
  {
    call: 'qr_code_access/public_enquiry',
    scope: 'big code, 50 IPs, 7 days',
    as: null,
    body: (f) => ({ key: f.bigPassword, file_name: f.bigFileName, domain: '', ip_list: f.ips, start_time: `${addDays(f.today, -6)} 00:00:00`, end_time: `${f.today} 23:59:59` }),
    target: 20,
    detail: (d) => `${(d as { content: unknown[] }).content.length} visitor records`,
  },
  {
    call: 'qr_code_access/inquire',
    scope: 'big code, first page',
    as: 'customer01',
    body: (f) => ({ qr_code_id: f.bigCodeId, page: 1, page_size: 20 }),
    target: 20,
    detail: (d) => `${(d as { content: unknown[] }).content.length} rows of ${(d as { total: number }).total.toLocaleString('en')}`,
  },
  {
    call: 'qr_code_access/daily',
    scope: 'big code, 90 days',
    as: 'customer01',
    body: (f) => ({ qr_code_id: f.bigCodeId, start_date: addDays(f.today, -89), end_date: f.today }),
    target: 10,
    detail: (d) => `${(d as { content: unknown[] }).content.length} days`,
  },
];

const reuse = values.reuse && values.db !== undefined && fs.existsSync(dbPath);
console.log(reuse ? `bench:access — reusing ${dbPath} (seeded before)` : `bench:access — ${records.toLocaleString('en')} records over ${BENCH_CODES} codes into ${dbPath}`);
const seeded = reuse ? reopen(dbPath) : seedBulk({ db: dbPath, records, codes: BENCH_CODES - 1, fresh: true, log: (l) => console.log(l) });

/** A file a previous run (or `npm run seed:bulk`) seeded: opened (and so migrated), its big code found again. */
function reopen(file: string): ReturnType<typeof seedBulk> {
  const started = performance.now();
  const db = openDatabase(file);
  const migrateMs = performance.now() - started;
  console.log(`  opened and migrated in ${(migrateMs / 1000).toFixed(1)} s`);
  const big = db.prepare<[], { id: number; file_name: string; password: string }>(
    "SELECT id, file_name, password FROM qr_codes WHERE file_name LIKE 'bench-big-%' ORDER BY id DESC LIMIT 1",
  ).get();
  if (!big) throw new Error(`${file} holds no bench code: seed it with npm run seed:bulk first`);
  const bytes = ['', '-wal'].reduce((n, x) => n + (fs.existsSync(file + x) ? fs.statSync(file + x).size : 0), 0);
  const rows = db.prepare('SELECT COUNT(*) FROM access_records').pluck().get() as number;
  return { db, bytes, bigCodeId: big.id, bigFileName: big.file_name, bigPassword: big.password, records: rows, ms: { rows: 0, indexes: migrateMs, total: migrateMs } };
}
const today = dayOf(Date.now());
const weekStartSec = Math.floor(new Date(`${addDays(today, -6)}T00:00:00`).getTime() / 1000);
const one = <T>(sql: string, ...params: unknown[]) => seeded.db.prepare(sql).pluck().get(...params) as T;
// 40 addresses that visited the big code this week and 10 that (most likely) did not.
const visited = seeded.db
  .prepare('SELECT DISTINCT ip FROM access_records WHERE qr_code_id = ? AND create_time >= ? LIMIT 40')
  .pluck()
  .all(seeded.bigCodeId, weekStartSec) as number[];
const fixture: AccessFixture = {
  today,
  bigCodeId: seeded.bigCodeId,
  bigFileName: seeded.bigFileName,
  bigPassword: seeded.bigPassword,
  bigRecords: one<number>('SELECT record_count FROM qr_codes WHERE id = ?', seeded.bigCodeId),
  owner: one<number>("SELECT id FROM users WHERE account = 'customer01'"),
  codes: one<number>("SELECT COUNT(*) FROM qr_codes WHERE user_id = (SELECT id FROM users WHERE account = 'customer01') AND removed = 1"),
  ips: [...visited.map(intToIp), ...Array.from({ length: 50 - visited.length }, (_, i) => `8.8.8.${i + 1}`)],
};
const visitorRows = one<number>('SELECT COUNT(*) FROM visitors');
seeded.db.close();

const server = createMockServer({ dbPath, seed: false, mode: 'production', log: () => {} });
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
let rows: string[][];
const direct: string[][] = [];
try {
  rows = await runBenchCalls([...ACCESS_CALLS, ...STATISTICS_CALLS], fixture, benchClient(server), iterations);
  // The same reads without HTTP (the handlers' database work alone), to tell query cost from transport and load.
  const reader = createAccessLogReader(server.mock.db);
  const e = ACCESS_CALLS[0]!.body(fixture) as { start_time: string; end_time: string };
  const daily = server.mock.db.prepare('SELECT day, view_number, ip_view_number FROM qr_code_daily WHERE qr_code_id = ? AND day BETWEEN ? AND ?');
  for (const [what, run] of [
    ['public lookup', () => reader.visitors(fixture.bigCodeId, fixture.ips, toEpochSeconds(e.start_time), toEpochSeconds(e.end_time), '')],
    ['access log first page', () => reader.page({ qr_code_id: fixture.bigCodeId }, 1, 20)],
    ['daily counters, 90 days', () => daily.all(fixture.bigCodeId, addDays(today, -89), today)],
  ] as const) {
    const t = await timeRuns(run, iterations);
    direct.push([what, ms(t.p50), ms(t.p95)]);
  }
} finally {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!values.keep && !reuse) for (const suffix of ['', '-wal', '-shm']) fs.rmSync(dbPath + suffix, { force: true });
}

console.log();
printTable(
  ['seeding', 'result'],
  [
    reuse
      ? [`${seeded.records.toLocaleString('en')} access records, file reused (open + migrations)`, `${(seeded.ms.total / 1000).toFixed(1)} s`]
      : [`${records.toLocaleString('en')} access records (rows + indexes)`, `${(seeded.ms.total / 1000).toFixed(1)} s (${(seeded.ms.rows / 1000).toFixed(1)} + ${(seeded.ms.indexes / 1000).toFixed(1)})`],
    ['visitor rows (code, host, IP)', visitorRows.toLocaleString('en')],
    ['database size', `${(seeded.bytes / 2 ** 20).toFixed(0)} MiB`],
  ],
);
console.log();
printTable(['call', 'scope', 'p50', 'p95', 'target', 'ok', 'answer'], rows);
console.log();
printTable(['database work only (no HTTP)', 'p50', 'p95'], direct);
console.log(`\n${iterations} timed calls each after 20 warm-up calls, sequential, HTTP on 127.0.0.1 (client in the same process), ${os.cpus().length} cores.`);
