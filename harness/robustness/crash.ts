import { spawn, type ChildProcess } from 'node:child_process';
import { constants, createPublicKey, publicEncrypt } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { domainRefusal, visitPath } from '../../contracts/index.ts';
import { compiledMockMain } from '../compiled-mock.ts';
import { seedUser } from './identities.ts';
import { seededRandom } from '../../fixtures/visitors.ts';
import { nextChange, verifyLedger, type LedgerChange } from './crash-ledger.ts';
import { paymentStep, verifyPayments, type PaymentAck } from './crash-payments.ts';
import { emptyWithdrawalAcks, fundPayouts, verifyWithdrawals, withdrawalStep, type WithdrawalAcks } from './crash-withdrawals.ts';

/**
 * R3: the mock server as a child process on a SQLite file, writes through the real HTTP path, SIGKILL at a
 * random moment, then the file is checked: every acknowledged write is there, integrity_check is ok, foreign
 * keys hold, and derived counters agree with the raw rows.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface Child {
  proc: ChildProcess;
  url: string;
  startMs: number;
}

/** Start `mock-server/main.ts --port 0` on `dbFile` (test mode, or dev: jobs on timers) and wait for its "ready … on http://…" line. */
export async function startChild(dbFile: string, timeoutMs = 30_000, mode: 'test' | 'dev' = 'test'): Promise<Child> {
  // The server's own code compiled once per process (harness/compiled-mock.ts): a third of the CPU of a tsx start.
  const main = await compiledMockMain();
  const started = performance.now();
  const proc = spawn(process.execPath, [main, '--db', dbFile, '--port', '0', '--host', '127.0.0.1', '--mode', mode], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      proc.kill('SIGKILL');
      reject(new Error(`mock server did not start within ${timeoutMs} ms: ${err.slice(-500)}`));
    }, timeoutMs);
    proc.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /ready in \d+ ms on (http:\/\/[^\s]+?)\/?\s/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ proc, url: m[1]!, startMs: performance.now() - started });
      }
    });
    proc.stderr!.on('data', (chunk: Buffer) => {
      err = (err + chunk.toString()).slice(-4000);
    });
    proc.on('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`mock server exited (${code ?? signal}) before it was ready: ${err.slice(-500)}`));
    });
  });
}

export function killChild(child: Child): Promise<void> {
  return new Promise((resolve) => {
    if (child.proc.exitCode !== null || child.proc.signalCode !== null) return resolve();
    child.proc.once('exit', () => resolve());
    child.proc.kill('SIGKILL');
  });
}


interface Answer {
  status: number;
  data?: unknown;
}
async function post(url: string, p: string, body: unknown, token?: string, headers: Record<string, string> = {}): Promise<Answer> {
  const res = await fetch(`${url}/api/${p}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}), ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  const json = (await res.json()) as { data?: unknown };
  return { status: res.status, data: json.data };
}

/** What the writers were told succeeded, and what they sent without an answer. */
export interface Ledger {
  accounts: string[];
  platforms: string[];
  /** pay_config min_recharge values in the order sent, and how many of them were acknowledged in order. */
  paySent: number[];
  payAckedUpTo: number;
  visitsAcked: number;
  visitsSent: number;
  /** Balance changes the server acknowledged (a 409 refusal is an answer too, but writes nothing). */
  bills: LedgerChange[];
  /** Purchases and chain payments acknowledged (crash-payments.ts). */
  payments: PaymentAck[];
  /** Withdrawal requests, approvals and rejections acknowledged (crash-withdrawals.ts). */
  withdrawals: WithdrawalAcks;
}

export interface Session {
  dir: string;
  dbFile: string;
  adminToken: string;
  customerToken: string;
  agentToken: string;
  encrypt: (plain: string) => string;
  fileName: string;
  qrCodeId: number;
  ledger: Ledger;
  seq: number;
}

/** First start on a fresh file: log in through the API and create the QR code the visits go to. */
export async function openSession(): Promise<{ session: Session; child: Child }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crash-'));
  const dbFile = path.join(dir, 'mock.db');
  const child = await startChild(dbFile);
  const key = (await post(child.url, 'security/public_key', {})).data as { spki: string };
  const pub = createPublicKey({ key: Buffer.from(key.spki, 'base64'), format: 'der', type: 'spki' });
  const encrypt = (plain: string) =>
    publicEncrypt({ key: pub, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(plain)).toString('base64');
  const login = async (account: string) => {
    const r = await post(child.url, 'admin/login', { account, password: encrypt(seedUser(account).password) });
    if (r.status !== 200) throw new Error(`login ${account}: ${r.status}`);
    return (r.data as { token: string }).token;
  };
  const adminToken = await login('admin01');
  const customerToken = await login('customer01');
  const agentToken = await login('agent01');
  await fundPayouts(child.url);
  const domains = (await post(child.url, 'domain/inquire', { page_size: 50 }, customerToken)).data as { content: { id: number; hold: number; shield_status: number }[] };
  // A domain that may take codes: not held, not blocked (the server refuses the others).
  const domain = domains.content.find((d) => domainRefusal(d) === null);
  if (!domain) throw new Error('customer01 has no usable domain');
  const code = await post(
    child.url,
    'qr_code_list/add',
    { name: 'crash test', domain_id: domain.id, rotation_type: 3, open_log: 2, children: [{ url: 'https://example.com/a' }, { url: 'https://example.com/b' }] },
    customerToken,
  );
  if (code.status !== 200) throw new Error(`qr_code_list/add: ${code.status}`);
  const qr = code.data as { id: number; file_name: string };
  const ledger: Ledger = { accounts: [], platforms: [], paySent: [], payAckedUpTo: 0, visitsAcked: 0, visitsSent: 0, bills: [], payments: [], withdrawals: emptyWithdrawalAcks() };
  return { session: { dir, dbFile, adminToken, customerToken, agentToken, encrypt, fileName: qr.file_name, qrCodeId: qr.id, ledger, seq: 0 }, child };
}

/**
 * Seven writers in parallel until `stop()` (registrations, url_key_platform adds, pay_config updates, QR
 * visits, balance changes, purchases/payments, withdrawals), each recording in the ledger only what the server acknowledged.
 */
export function startWriters(s: Session, url: string): { stop: () => Promise<void> } {
  let running = true;
  const loop = async (step: () => Promise<void>) => {
    while (running) {
      try {
        await step();
      } catch {
        // The server died mid-request: the write is unacknowledged (it may or may not have landed).
        await new Promise((r) => setTimeout(r, 5));
      }
    }
  };
  const password = s.encrypt('Crash12345');
  const writers = [
    loop(async () => {
      const account = `crash${++s.seq}`;
      // Each from a network of its own (the server trusts X-Forwarded-For from loopback): registrations are
      // limited per source range, and this writer is here to write under kills, not to meet that limit.
      const source = { 'x-forwarded-for': `10.${(s.seq >> 8) & 255}.${s.seq & 255}.1` };
      const r = await post(url, 'admin/register', { account, password }, undefined, source);
      if (r.status === 200) s.ledger.accounts.push(account);
    }),
    loop(async () => {
      const name = `crash-platform-${++s.seq}`;
      const r = await post(url, 'url_key_platform/add', { name, url: `https://example.com/${s.seq}`, short_code_type: 4 }, s.adminToken);
      if (r.status === 200) s.ledger.platforms.push(name);
    }),
    loop(async () => {
      const value = ++s.seq;
      s.ledger.paySent.push(value);
      const r = await post(url, 'pay_config/update', { min_recharge: value }, s.adminToken);
      if (r.status === 200) s.ledger.payAckedUpTo = s.ledger.paySent.indexOf(value) + 1;
    }),
    loop(async () => {
      s.ledger.visitsSent++;
      const res = await fetch(url + visitPath(s.fileName), { headers: { 'user-agent': `crash-test/${s.seq}` }, signal: AbortSignal.timeout(10_000) });
      await res.arrayBuffer();
      if (res.status === 200) s.ledger.visitsAcked++;
    }),
    loop(async () => {
      const change = nextChange(++s.seq);
      const r = await post(url, 'user/change_balance', change, s.adminToken);
      if (r.status === 200) s.ledger.bills.push(change);
    }),
    loop(() => paymentStep(url, s.customerToken, ++s.seq, post, s.ledger.payments)),
    loop(() => withdrawalStep(url, s.agentToken, s.adminToken, post, s.ledger.withdrawals)),
  ];
  return {
    stop: async () => {
      running = false;
      await Promise.all(writers);
    },
  };
}

export interface Verdict {
  integrity: string;
  lost: string[];
  counters: string[];
  /** Writes sent without an answer that landed all the same (committed just before the kill), since the start. */
  unackedPresent: number;
}

/** Open the file after the kill (SQLite recovers the WAL) and check it against the ledger. */
export function verify(s: Session): Verdict {
  const db = new Database(s.dbFile);
  try {
    const integrity = (db.pragma('integrity_check') as { integrity_check: string }[]).map((r) => r.integrity_check).join('; ');
    const lost: string[] = [];
    const fk = db.pragma('foreign_key_check') as unknown[];
    if (fk.length) lost.push(`${fk.length} foreign key violations`);
    const accounts = new Set(db.prepare('SELECT account FROM users WHERE account LIKE ?').pluck().all('crash%') as string[]);
    for (const a of s.ledger.accounts) if (!accounts.has(a)) lost.push(`registration ${a}`);
    const platforms = new Set(db.prepare('SELECT name FROM url_key_platforms WHERE name LIKE ?').pluck().all('crash-platform-%') as string[]);
    for (const p of s.ledger.platforms) if (!platforms.has(p)) lost.push(`url_key_platform ${p}`);
    const pay = JSON.parse(db.prepare(`SELECT value FROM settings WHERE key = 'pay_config'`).pluck().get() as string) as { min_recharge: number };
    const allowed = s.ledger.payAckedUpTo ? s.ledger.paySent.slice(s.ledger.payAckedUpTo - 1) : [pay.min_recharge];
    if (!allowed.includes(pay.min_recharge)) lost.push(`pay_config min_recharge ${pay.min_recharge}, acknowledged ${s.ledger.paySent[s.ledger.payAckedUpTo - 1]}`);

    const code = db.prepare('SELECT view_number, record_count FROM qr_codes WHERE id = ?').get(s.qrCodeId) as { view_number: number; record_count: number };
    const counters: string[] = [];
    if (code.view_number < s.ledger.visitsAcked) lost.push(`visits: ${code.view_number} counted, ${s.ledger.visitsAcked} acknowledged`);
    if (code.view_number > s.ledger.visitsSent) counters.push(`visits: ${code.view_number} counted, only ${s.ledger.visitsSent} sent`);
    const records = db.prepare('SELECT COUNT(*) FROM access_records WHERE qr_code_id = ?').pluck().get(s.qrCodeId) as number;
    const daily = db.prepare('SELECT COALESCE(SUM(view_number), 0) FROM qr_code_daily WHERE qr_code_id = ?').pluck().get(s.qrCodeId) as number;
    const children = db.prepare('SELECT COALESCE(SUM(view_number), 0) FROM qr_code_children WHERE qr_code_id = ?').pluck().get(s.qrCodeId) as number;
    if (records !== code.record_count) counters.push(`record_count ${code.record_count} ≠ ${records} access records`);
    if (daily !== code.view_number) counters.push(`daily counters sum ${daily} ≠ view_number ${code.view_number}`);
    if (children !== code.view_number) counters.push(`children view_number sum ${children} ≠ view_number ${code.view_number}`);
    const money = verifyLedger(db, s.ledger.bills);
    lost.push(...money.lost);
    counters.push(...money.problems);
    const payments = verifyPayments(db, s.ledger.payments);
    lost.push(...payments.lost);
    counters.push(...payments.problems);
    const withdrawals = verifyWithdrawals(db, s.ledger.withdrawals);
    lost.push(...withdrawals.lost);
    counters.push(...withdrawals.problems);
    const unackedPresent =
      accounts.size - new Set(s.ledger.accounts).size + (platforms.size - new Set(s.ledger.platforms).size) + Math.max(0, code.view_number - s.ledger.visitsAcked) + money.unackedPresent;
    return { integrity, lost, counters, unackedPresent };
  } finally {
    db.close();
  }
}

export interface CrashReport {
  kills: number;
  acked: { registrations: number; platforms: number; payUpdates: number; visits: number; balanceChanges: number; payments: number; strays: number; withdrawals: { requested: number; approved: number; rejected: number } };
  lost: string[];
  integrityFailures: string[];
  counterProblems: string[];
  unackedPresent: number;
  restartMsMedian: number;
  restartMsMax: number;
  totalMs: number;
}

function ackedCounts(session: Session): number[] {
  const l = session.ledger;
  const w = l.withdrawals;
  return [l.accounts.length, l.platforms.length, l.payAckedUpTo, l.visitsAcked, l.bills.length, w.requested.length + w.approved.length + w.rejected.length];
}

/** Wait (at most 15 s) until every writer has one more acknowledged write than in `before`. */
async function everyKindAcked(session: Session, before: readonly number[]): Promise<void> {
  const until = performance.now() + 15_000;
  while (performance.now() < until && ackedCounts(session).some((n, i) => n <= before[i]!)) {
    await new Promise((r) => setTimeout(r, 10));
  }
}

/**
 * `kills` rounds: start (or restart) the server, write until every kind is acknowledged once, then for a
 * random 80-480 ms more, SIGKILL, verify the file.
 * The ledger accumulates, so round N checks every write acknowledged since the start.
 */
export async function runCrashRounds({ kills, seed, onRound }: { kills: number; seed: number; onRound?: (round: number, v: Verdict) => void }): Promise<CrashReport> {
  const started = performance.now();
  const random = seededRandom(seed); // the kill moments of a run are reproducible from its seed
  const opened = await openSession();
  const session = opened.session;
  let child = opened.child;
  const restarts: number[] = [];
  const report: CrashReport = {
    kills: 0,
    acked: { registrations: 0, platforms: 0, payUpdates: 0, visits: 0, balanceChanges: 0, payments: 0, strays: 0, withdrawals: { requested: 0, approved: 0, rejected: 0 } },
    lost: [],
    integrityFailures: [],
    counterProblems: [],
    unackedPresent: 0,
    restartMsMedian: 0,
    restartMsMax: 0,
    totalMs: 0,
  };
  try {
    for (let round = 1; round <= kills; round++) {
      if (round > 1) {
        child = await startChild(session.dbFile);
        restarts.push(child.startMs);
      }
      const writers = startWriters(session, child.url);
      // Every kind of write gets acknowledged at least once before the random moment, so a loaded machine
      // (slow registrations) still kills mid-write of every kind, round after round.
      await everyKindAcked(session, ackedCounts(session));
      await new Promise((r) => setTimeout(r, 80 + random() * 400));
      await killChild(child);
      await writers.stop();
      report.kills++;
      const v = verify(session);
      onRound?.(round, v);
      if (v.integrity !== 'ok') report.integrityFailures.push(`round ${round}: ${v.integrity}`);
      report.lost.push(...v.lost.map((l) => `round ${round}: ${l}`));
      report.counterProblems.push(...v.counters.map((c) => `round ${round}: ${c}`));
      report.unackedPresent = v.unackedPresent;
    }
  } finally {
    await killChild(child);
    fs.rmSync(session.dir, { recursive: true, force: true });
  }
  const l = session.ledger;
  report.acked = { registrations: l.accounts.length, platforms: l.platforms.length, payUpdates: l.payAckedUpTo, visits: l.visitsAcked, balanceChanges: l.bills.length, payments: l.payments.filter((p) => !p.stray).length, strays: l.payments.filter((p) => p.stray).length,
    withdrawals: { requested: l.withdrawals.requested.length, approved: l.withdrawals.approved.length, rejected: l.withdrawals.rejected.length } };
  restarts.sort((a, b) => a - b);
  report.restartMsMedian = restarts.length ? restarts[Math.floor(restarts.length / 2)]! : 0;
  report.restartMsMax = restarts.length ? restarts[restarts.length - 1]! : 0;
  report.totalMs = performance.now() - started;
  return report;
}
