import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { constants, publicEncrypt, createPublicKey } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { createMockServer } from '../mock-server/app.ts';
import { users } from '../fixtures/seed/users.ts';
import type { Database } from 'better-sqlite3';
import { QR_JOINS, QR_SELECT, withChildren } from '../mock-server/qr/qr-codes.ts';

/**
 * `npm run bench:api -- [--duration S] [--connections N] [--slice S] [--cpu-prof DIR]`: the same read by id through (a) a bare Express +
 * better-sqlite3 route and (b) the full pipeline (token → access → validation → handler → envelope) with
 * `qr_code_list/details`, in one run. Each server is a child process of its own (scripts/bench-api-server.ts)
 * on the same seeded temporary SQLite file; autocannon drives them from here, one at a time.
 */
const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    /** Seconds per slice: the targets take turns in slices of this length (a b b a a b b a ...). */
    slice: { type: 'string', default: '1' },
    /** Write each server's V8 CPU profile (node --cpu-prof) into this folder. */
    'cpu-prof': { type: 'string' },
    /**
     * `br` or `gzip`: instead of bare vs pipeline, the cost of compressed answers (issue 25): the pipeline's
     * `menu/token_menu` for an administrator (an answer above the compression threshold) read (a) without
     * and (b) with `Accept-Encoding: <this>`, each by its own server process.
     */
    encoding: { type: 'string' },
    /**
     * Side by side with json-server 0.17.4 (run with `npx`, pinned; not a dependency) over the same N QR codes
     * (default 100,000): (a) json-server `GET /qr_codes?_page=1&_limit=20` and `GET /qr_codes/:id`, (b) the
     * pipeline's `qr_code_list/inquire` (page of 20) and `qr_code_list/details`, as an administrator.
     */
    'json-server': { type: 'boolean', default: false },
    records: { type: 'string', default: '100000' },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
const slice = Math.min(Number(values.slice), duration);
const encoding = values.encoding;
if (!(duration > 0) || !(slice > 0) || !Number.isInteger(connections) || connections < 1 || (encoding && !['br', 'gzip'].includes(encoding))) {
  throw new Error('--duration S (> 0), --slice S (> 0), --connections N (≥ 1), --encoding br|gzip');
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-api-'));
const dbFile = path.join(dir, 'bench.db');
const seeding = createMockServer({ dbPath: dbFile, mode: 'production', seed: true, log: () => {} });
if (values['json-server']) addCodes(seeding.mock.db, Number(values.records));
const id = (seeding.mock.db.prepare('SELECT MIN(id) FROM qr_codes').pluck().get() as number | null) ?? 1;
const jsonFile = values['json-server'] ? writeJsonServerData(seeding.mock.db) : '';
seeding.mock.db.close();

/** N more QR codes (copies of the first seeded one, each with its own code and two children), for --json-server. */
function addCodes(db: Database, n: number): void {
  if (!Number.isInteger(n) || n < 1 || n > 1_000_000) throw new Error('--records must be 1..1000000');
  db.transaction(() => {
    db.prepare(
      `WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < ?)
       INSERT INTO qr_codes (user_id, name, file_name, password, domain_id, rotation_type, visit_threshold, create_time, update_time)
       SELECT q.user_id, 'Bench ' || k.i, 'jb' || k.i, q.password, q.domain_id, q.rotation_type, q.visit_threshold,
              datetime(q.create_time, '-' || k.i || ' seconds'), q.update_time
       FROM k, (SELECT * FROM qr_codes ORDER BY id LIMIT 1) q`,
    ).run(n);
    db.exec(`INSERT INTO qr_code_children (qr_code_id, url, sort, visit_threshold, remaining, current, create_time)
      SELECT q.id, 'https://example.com/' || q.file_name || '/' || s.sort, s.sort, 100, 100, 2 - (s.sort = 0), q.create_time
      FROM qr_codes q, (SELECT 0 AS sort UNION ALL SELECT 1) s WHERE q.file_name LIKE 'jb%'`);
  })();
}

/** The same codes as json-server's data file: each row as the pipeline answers it (joined names, children). */
function writeJsonServerData(db: Database): string {
  const rows = db.prepare(`SELECT ${QR_SELECT} FROM qr_codes q ${QR_JOINS} ORDER BY q.create_time DESC, q.id DESC`).all() as Parameters<typeof withChildren>[0];
  const file = path.join(dir, 'json-server.json');
  const answered: unknown[] = [];
  for (let i = 0; i < rows.length; i += 500) answered.push(...withChildren(rows.slice(i, i + 500), db));
  fs.writeFileSync(file, JSON.stringify({ qr_codes: answered }));
  return file;
}

/** json-server 0.17.4's CLI through `npx` (fetched into npm's cache on first use; pinned like Lighthouse). */
function jsonServerBin(): string {
  const out = execFileSync('npx', ['--yes', '-p', 'json-server@0.17.4', '-c', 'command -v json-server'], { encoding: 'utf8', cwd: os.tmpdir() });
  return fs.realpathSync(out.trim().split('\n').pop()!);
}

/** json-server on a free loopback port; resolves once it answers. */
async function startJsonServer(): Promise<{ proc: ChildProcess; url: string }> {
  const port = await new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const p = (probe.address() as net.AddressInfo).port;
      probe.close(() => resolve(p));
    });
  });
  const prof = values['cpu-prof'] ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(values['cpu-prof'])] : [];
  const proc = spawn(process.execPath, [...prof, jsonServerBin(), jsonFile, '--port', String(port), '--host', '127.0.0.1', '--quiet'], { stdio: ['ignore', 'ignore', 'inherit'] });
  children.push(proc);
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (proc.exitCode !== null) throw new Error(`json-server exited (${proc.exitCode})`);
    if (await fetch(`${url}/qr_codes/${id}`).then((r) => r.ok, () => false)) return { proc, url };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('json-server did not start');
}

/** A child's CPU time (user + system) so far from /proc, µs: for json-server, which answers no IPC. */
function procCpuUs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / 100;
}

/** Every server process started, stopped at the end whatever happened. */
const children: ChildProcess[] = [];

function startChild(target: 'bare' | 'pipeline'): Promise<{ proc: ChildProcess; url: string }> {
  const prof = values['cpu-prof'] ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(values['cpu-prof'])] : [];
  const proc = spawn(process.execPath, [...prof, '--import', 'tsx', 'scripts/bench-api-server.ts', '--target', target, '--db', dbFile], {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  children.push(proc);
  return new Promise((resolve, reject) => {
    let out = '';
    proc.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /ready on (\S+)/.exec(out);
      if (m) resolve({ proc, url: m[1]! });
    });
    proc.once('exit', (code) => reject(new Error(`${target} server exited (${code}) before it was ready`)));
  });
}

async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: res.status, json: (await res.json()) as { data?: unknown } };
}

async function login(url: string): Promise<string> {
  const { json } = await post(`${url}/api/security/public_key`, {});
  const key = createPublicKey({ key: Buffer.from((json.data as { spki: string }).spki, 'base64'), format: 'der', type: 'spki' });
  const admin = users.find((u) => u.account === 'admin01')!;
  const password = publicEncrypt({ key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(admin.password)).toString('base64');
  const res = await post(`${url}/api/admin/login`, { account: admin.account, password });
  if (res.status !== 200) throw new Error(`login failed: ${res.status}`);
  return (res.json.data as { token: string }).token;
}

interface Target {
  label: string;
  url: string;
  /** POST (the default) with `body`, or GET (json-server). */
  method?: 'GET' | 'POST';
  headers: Record<string, string>;
  body: string;
  proc: ChildProcess;
  runs: Awaited<ReturnType<typeof autocannon>>[];
  /** Server CPU time (user + system) spent during the measured runs, µs. */
  cpuUs: number;
}

/** The child's CPU time so far (it answers an IPC message with process.cpuUsage()). */
function cpuOf(proc: ChildProcess): Promise<number> {
  if (!proc.send) return Promise.resolve(procCpuUs(proc.pid!));
  return new Promise((resolve) => {
    proc.once('message', (u) => resolve((u as NodeJS.CpuUsage).user + (u as NodeJS.CpuUsage).system));
    proc.send('cpu');
  });
}

/** For --encoding: the pipeline serving a large answer, read without (a) or with (b) Accept-Encoding. */
async function prepareEncoding(compressed: boolean): Promise<Target> {
  const child = await startChild('pipeline');
  const url = `${child.url}/api/menu/token_menu`;
  const headers: Record<string, string> = { token: await login(child.url), 'accept-language': 'en', ...(compressed ? { 'accept-encoding': encoding! } : {}) };
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: '{}' });
  if (res.status !== 200) throw new Error(`menu/token_menu: ${res.status}`);
  const bytes = (await res.arrayBuffer()).byteLength;
  const label = compressed ? `(b) menu/token_menu, ${encoding}, ${bytes} B decoded` : `(a) menu/token_menu, identity, ${bytes} B`;
  return { label, url, headers, body: '{}', proc: child.proc, runs: [], cpuUs: 0 };
}

async function prepare(target: 'bare' | 'pipeline'): Promise<Target> {
  const child = await startChild(target);
  const url = target === 'bare' ? `${child.url}/bare/qr_code_list/details` : `${child.url}/api/qr_code_list/details`;
  const headers: Record<string, string> = target === 'pipeline' ? { token: await login(child.url), 'accept-language': 'en' } : {};
  const check = await post(url, { id }, headers);
  if (check.status !== 200) throw new Error(`${target}: ${check.status} for id ${id}`);
  const label = target === 'bare' ? '(a) bare Express + better-sqlite3' : '(b) pipeline qr_code_list/details';
  return { label, url, headers, body: JSON.stringify({ id }), proc: child.proc, runs: [], cpuUs: 0 };
}

/** One autocannon run; fails on any non-2xx answer, socket error or timeout. */
/** For --json-server: (a) json-server or (b) the pipeline, reading a page of 20 or one code by id. */
async function prepareJsonServer(side: 'json-server' | 'pipeline', read: 'page' | 'id', child: { proc: ChildProcess; url: string }, token: string): Promise<Target> {
  if (side === 'json-server') {
    const url = read === 'page' ? `${child.url}/qr_codes?_page=1&_limit=20` : `${child.url}/qr_codes/${id}`;
    const res = await fetch(url);
    if (res.status !== 200) throw new Error(`json-server ${url}: ${res.status}`);
    return { label: `(a) json-server 0.17.4 ${read === 'page' ? 'GET /qr_codes?_page=1&_limit=20' : 'GET /qr_codes/:id'}`, url, method: 'GET', headers: {}, body: '', proc: child.proc, runs: [], cpuUs: 0 };
  }
  const url = `${child.url}/api/qr_code_list/${read === 'page' ? 'inquire' : 'details'}`;
  const body = JSON.stringify(read === 'page' ? { page: 1, page_size: 20 } : { id });
  const headers = { token, 'accept-language': 'en' };
  const check = await post(url, JSON.parse(body), headers);
  if (check.status !== 200) throw new Error(`${url}: ${check.status}`);
  return { label: `(b) pipeline qr_code_list/${read === 'page' ? 'inquire, page of 20' : 'details'}`, url, headers, body, proc: child.proc, runs: [], cpuUs: 0 };
}

async function shoot(t: Target, seconds: number) {
  const method = t.method ?? 'POST';
  const r = await autocannon({ url: t.url, connections, duration: seconds, method, headers: method === 'POST' ? { 'content-type': 'application/json', ...t.headers } : t.headers, ...(method === 'POST' ? { body: t.body } : {}) });
  if (r.non2xx || r.errors || r.timeouts) throw new Error(`${t.url}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`);
  return r;
}

const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
const targets: Target[] = [];
const load = () => os.loadavg().map((l) => l.toFixed(1)).join(' ');

/** Warm both, then turns of `slice` seconds (a b b a …); print req/s, latencies, server CPU per request. */
async function compare(a: Target, b: Target, ratioText: (rps: number, cpu: number) => string): Promise<void> {
  const pair = [a, b];
  const loadBefore = load();
  // Warm-up (JIT, page cache), then turns of `slice` seconds in the order a b b a a b b a ...: on a shared
  // machine the CPU left to us swings from second to second, and short alternating turns give both targets
  // the same mix of good and bad moments. Server CPU per request does not depend on that share at all.
  for (const t of pair) await shoot(t, Math.min(2, duration / 3));
  const turns = Math.max(1, Math.round(duration / slice));
  for (let i = 0; i < turns; i++) {
    for (const t of i % 2 === 0 ? [a, b] : [b, a]) {
      const cpu = await cpuOf(t.proc);
      t.runs.push(await shoot(t, slice));
      t.cpuUs += (await cpuOf(t.proc)) - cpu;
    }
  }
  const total = (t: Target) => t.runs.reduce((n, r) => n + r.requests.total, 0);
  const reqPerS = (t: Target) => total(t) / (turns * slice);
  const cpuPerReq = (t: Target) => t.cpuUs / total(t);
  console.log(`${connections} connections, ${turns} turns of ${slice} s per target (a b b a …) on 127.0.0.1, id ${id}, node ${process.version}`);
  console.log(`load average (1/5/15 min) before ${loadBefore}, after ${load()} on ${os.cpus().length} cores`);
  console.table(
    pair.map((t) => ({
      target: t.label,
      'req/s': Math.round(reqPerS(t)),
      'p50 ms': median(t.runs.map((r) => r.latency.p50)),
      'p99 ms': median(t.runs.map((r) => r.latency.p99)),
      requests: total(t),
      'server CPU µs/req': Math.round(cpuPerReq(t)),
    })),
  );
  console.log(ratioText(reqPerS(b) / reqPerS(a), cpuPerReq(a) / cpuPerReq(b)));
}

try {
  if (values['json-server']) {
    const js = await startJsonServer();
    const pipe = await startChild('pipeline');
    const token = await login(pipe.url);
    console.log(`json-server 0.17.4 and the pipeline over ${Number(values.records).toLocaleString('en')} more QR codes (administrator's list)`);
    for (const read of ['page', 'id'] as const) {
      const pair = [await prepareJsonServer('json-server', read, js, token), await prepareJsonServer('pipeline', read, pipe, token)] as const;
      targets.push(...pair);
      await compare(pair[0], pair[1], (rps, cpu) => `${read === 'page' ? 'page of 20' : 'by id'}: pipeline ${rps.toFixed(1)}× json-server's req/s (target ≥ 5×); ${cpu.toFixed(1)}× by server CPU per request.`);
    }
  } else {
    targets.push(...(encoding ? [await prepareEncoding(false), await prepareEncoding(true)] : [await prepare('bare'), await prepare('pipeline')]));
    await compare(targets[0]!, targets[1]!, (rps, cpu) =>
      `ratio b/a: ${(rps * 100).toFixed(1)} % of req/s (target ≥ ${encoding ? '—' : '85 %'}); by server CPU per request ${(cpu * 100).toFixed(1)} %. Latencies: median over the turns.`);
  }
} finally {
  // Wait for the exits (--cpu-prof writes its profile at exit), then drop the temporary database.
  await Promise.all(
    children.map((proc) => {
      if (proc.exitCode !== null || proc.signalCode !== null) return undefined;
      const exited = new Promise((resolve) => proc.once('exit', resolve));
      proc.kill('SIGTERM');
      return exited;
    }),
  );
  fs.rmSync(dir, { recursive: true, force: true });
}
