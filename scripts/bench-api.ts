import { spawn, type ChildProcess } from 'node:child_process';
import { constants, publicEncrypt, createPublicKey } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { createMockServer } from '../mock-server/app.ts';
import { users } from '../fixtures/seed/users.ts';

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
const id = (seeding.mock.db.prepare('SELECT MIN(id) FROM qr_codes').pluck().get() as number | null) ?? 1;
seeding.mock.db.close();

function startChild(target: 'bare' | 'pipeline'): Promise<{ proc: ChildProcess; url: string }> {
  const prof = values['cpu-prof'] ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(values['cpu-prof'])] : [];
  const proc = spawn(process.execPath, [...prof, '--import', 'tsx', 'scripts/bench-api-server.ts', '--target', target, '--db', dbFile], {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
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
  headers: Record<string, string>;
  body: string;
  proc: ChildProcess;
  runs: Awaited<ReturnType<typeof autocannon>>[];
  /** Server CPU time (user + system) spent during the measured runs, µs. */
  cpuUs: number;
}

/** The child's CPU time so far (it answers an IPC message with process.cpuUsage()). */
function cpuOf(proc: ChildProcess): Promise<number> {
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
async function shoot(t: Target, seconds: number) {
  const r = await autocannon({ url: t.url, connections, duration: seconds, method: 'POST', headers: { 'content-type': 'application/json', ...t.headers }, body: t.body });
  if (r.non2xx || r.errors || r.timeouts) throw new Error(`${t.url}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`);
  return r;
}

const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
const targets: Target[] = [];
const load = () => os.loadavg().map((l) => l.toFixed(1)).join(' ');
try {
  if (encoding) targets.push(await prepareEncoding(false), await prepareEncoding(true));
  else targets.push(await prepare('bare'), await prepare('pipeline'));
  const [a, b] = targets as [Target, Target];
  const loadBefore = load();
  // Warm-up (JIT, page cache), then turns of `slice` seconds in the order a b b a a b b a ...: on a shared
  // machine the CPU left to us swings from second to second, and short alternating turns give both targets
  // the same mix of good and bad moments. Server CPU per request does not depend on that share at all.
  for (const t of targets) await shoot(t, Math.min(2, duration / 3));
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
    targets.map((t) => ({
      target: t.label,
      'req/s': Math.round(reqPerS(t)),
      'p50 ms': median(t.runs.map((r) => r.latency.p50)),
      'p99 ms': median(t.runs.map((r) => r.latency.p99)),
      requests: total(t),
      'server CPU µs/req': Math.round(cpuPerReq(t)),
    })),
  );
  console.log(`ratio b/a: ${((reqPerS(b) / reqPerS(a)) * 100).toFixed(1)} % of req/s (target ≥ ${encoding ? '—' : '85 %'}); ` +
    `by server CPU per request ${((cpuPerReq(a) / cpuPerReq(b)) * 100).toFixed(1)} %. Latencies: median over the turns.`);
} finally {
  // Wait for the exits (--cpu-prof writes its profile at exit), then drop the temporary database.
  await Promise.all(
    targets.map((t) => {
      const exited = new Promise((resolve) => t.proc.once('exit', resolve));
      t.proc.kill('SIGTERM');
      return exited;
    }),
  );
  fs.rmSync(dir, { recursive: true, force: true });
}
