import { constants, createPublicKey, publicEncrypt } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createMockServer } from '../mock-server/app.ts';
import { intToIp } from '../mock-server/domain/ip.ts';
import { createAccessLogReader } from '../mock-server/qr/access-log.ts';
import { addDays, dayOf, toEpochSeconds } from '../mock-server/qr/time.ts';
import { benchStatistics } from './bench-statistics.ts';
import { seedBulk } from './seed-bulk.ts';

/**
 * `npm run bench:access [-- --records N] [--db FILE] [--keep] [--iterations N]`: bulk-seed an access log
 * (default 10,000,000 records, one code with 1,000,000 of them), start the mock server on 127.0.0.1 in this
 * process, and time the real HTTP calls: public_enquiry (50 IPs, 7 days), the access log's first page of the big
 * code, and its daily counters over 90 days. Prints a table; the numbers are measurements, not assertions.
 * Takes minutes and both cores at full size.
 */
const { values } = parseArgs({
  options: {
    records: { type: 'string', default: '10000000' },
    db: { type: 'string' },
    keep: { type: 'boolean', default: false },
    iterations: { type: 'string', default: '300' },
  },
});
const records = Number(values.records);
const iterations = Math.min(5000, Math.max(10, Number(values.iterations)));
if (!Number.isInteger(records) || records < 1000 || records > 50_000_000) throw new Error('--records must be 1000..50000000');
const dbPath = values.db ?? path.join(os.tmpdir(), `bench-access-${process.pid}.db`);

console.log(`bench:access — ${records.toLocaleString('en')} records into ${dbPath}`);
const seeded = seedBulk({ db: dbPath, records, fresh: true, log: (l) => console.log(l) });
const bigRecords = (seeded.db.prepare('SELECT record_count FROM qr_codes WHERE id = ?').get(seeded.bigCodeId) as { record_count: number }).record_count;
const now = Date.now();
const weekStartSec = Math.floor(new Date(`${addDays(dayOf(now), -6)}T00:00:00`).getTime() / 1000);
// 40 addresses that visited the big code this week and 10 that (most likely) did not.
const visited = seeded.db
  .prepare('SELECT DISTINCT ip FROM access_records WHERE qr_code_id = ? AND create_time >= ? LIMIT 40')
  .pluck()
  .all(seeded.bigCodeId, weekStartSec) as number[];
seeded.db.close();
const ips = [...visited.map(intToIp), ...Array.from({ length: 50 - visited.length }, (_, i) => `8.8.8.${i + 1}`)];

const server = createMockServer({ dbPath, seed: false, mode: 'production', log: () => {} });
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;

async function call(pathName: string, body: unknown, token?: string): Promise<{ status: boolean; data?: unknown; message?: string }> {
  const res = await fetch(`${base}/api/${pathName}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'en', ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { status: boolean; data?: unknown; message?: string };
}

const key = createPublicKey({ key: Buffer.from(server.mock.services.rsa.spki, 'base64'), format: 'der', type: 'spki' });
async function tokenOf(account: string, password: string): Promise<string> {
  const encrypted = publicEncrypt({ key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(password)).toString('base64');
  const login = await call('admin/login', { account, password: encrypted });
  if (!login.status) throw new Error(`login failed: ${login.message}`);
  return (login.data as { token: string }).token;
}
const token = await tokenOf('customer01', 'Customer123');
const adminToken = await tokenOf('admin01', 'Admin12345');

const today = dayOf(now);
const enquiry = {
  key: seeded.bigPassword,
  file_name: seeded.bigFileName,
  domain: '',
  ip_list: ips,
  start_time: `${addDays(today, -6)} 00:00:00`,
  end_time: `${today} 23:59:59`,
};

interface Row {
  what: string;
  target: string;
  value: string;
  ok: boolean | null;
}
const rows: Row[] = [
  {
    what: `bulk seeding ${records.toLocaleString('en')} rows (rows + indexes)`,
    target: '< 180 s',
    value: `${(seeded.ms.total / 1000).toFixed(1)} s (${(seeded.ms.rows / 1000).toFixed(1)} + ${(seeded.ms.indexes / 1000).toFixed(1)})`,
    ok: seeded.ms.total < 180_000,
  },
  { what: 'database size', target: '', value: `${(seeded.bytes / 2 ** 20).toFixed(0)} MiB`, ok: null },
];

async function measure(what: string, targetMs: number, run: () => Promise<{ status: boolean; message?: string; data?: unknown }>, check: (r: { data?: unknown }) => string) {
  let detail = '';
  for (let i = 0; i < 20; i++) {
    const r = await run();
    if (!r.status) throw new Error(`${what}: ${r.message}`);
    detail = check(r);
  }
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const t = performance.now();
    await run();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const p = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  rows.push({
    what: `${what} [${detail}]`,
    target: `p95 < ${targetMs} ms`,
    value: `p50 ${p(0.5).toFixed(2)} / p95 ${p(0.95).toFixed(2)} / max ${times[times.length - 1]!.toFixed(2)} ms`,
    ok: p(0.95) < targetMs,
  });
}

try {
  await measure('public_enquiry, 50 IPs over 7 days', 20, () => call('qr_code_access/public_enquiry', enquiry), (r) => {
    const content = (r.data as { content: { ip_count: number }[] }).content;
    return `${content.length} visitor records, ${content.reduce((n, v) => n + v.ip_count, 0)} visits`;
  });
  await measure(
    `qr_code_access/inquire first page, code with ${bigRecords.toLocaleString('en')} records`,
    20,
    () => call('qr_code_access/inquire', { qr_code_id: seeded.bigCodeId, page: 1, page_size: 20 }, token),
    (r) => `${(r.data as { content: unknown[]; total: number }).content.length} rows of ${(r.data as { total: number }).total}`,
  );
  await measure(
    'qr_code_access/daily, one code over 90 days',
    10,
    () => call('qr_code_access/daily', { qr_code_id: seeded.bigCodeId, start_date: addDays(today, -89), end_date: today }, token),
    (r) => `${(r.data as { content: unknown[] }).content.length} days`,
  );
  const codes = (server.mock.db.prepare('SELECT COUNT(*) AS n FROM qr_codes WHERE user_id = (SELECT id FROM users WHERE account = ?)').get('customer01') as { n: number }).n;
  await benchStatistics({ measure, call, token, adminToken, bigCodeId: seeded.bigCodeId, codes, today });
  // The same reads without HTTP (the handlers' database work alone), to tell query cost from transport and load.
  const reader = createAccessLogReader(server.mock.db);
  const direct = (what: string, run: () => unknown) => {
    for (let i = 0; i < 20; i++) run();
    const times: number[] = [];
    for (let i = 0; i < iterations; i++) {
      const t = performance.now();
      run();
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const p = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
    rows.push({ what: `  database work only: ${what}`, target: '', value: `p50 ${p(0.5).toFixed(2)} / p95 ${p(0.95).toFixed(2)} ms`, ok: null });
  };
  direct('public lookup', () => reader.visitors(seeded.bigCodeId, ips, toEpochSeconds(enquiry.start_time), toEpochSeconds(enquiry.end_time), ''));
  direct('first page', () => reader.page({ qr_code_id: seeded.bigCodeId }, 1, 20));
  const daily = server.mock.db.prepare('SELECT day, view_number, ip_view_number FROM qr_code_daily WHERE qr_code_id = ? AND day BETWEEN ? AND ?');
  direct('daily counters', () => daily.all(seeded.bigCodeId, addDays(today, -89), today));
} finally {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!values.keep) for (const suffix of ['', '-wal', '-shm']) fs.rmSync(dbPath + suffix, { force: true });
}

const widths = [0, 1, 2].map((i) => Math.max(...rows.map((r) => [r.what, r.target, r.value][i]!.length), 8));
const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 4)).join(' | ')} |`;
console.log(`\n${line(['measure', 'target', 'result'])} ok`);
console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
for (const r of rows) console.log(`${line([r.what, r.target, r.value])} ${r.ok === null ? '' : r.ok ? 'yes' : 'NO'}`);
console.log(`\n${iterations} timed calls each after 20 warm-up calls, sequential, HTTP on 127.0.0.1 (client in the same process), ${os.cpus().length} cores.`);
