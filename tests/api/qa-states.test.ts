import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../harness/server.ts';
import { ensureShippedStates } from '../../harness/states.ts';
import { startMockProcess } from '../../harness/mock-process.ts';
import { connectAs } from '../realtime/client.ts';
import { controlCall, type AnyControlName, type ControlBodyOf } from '../helpers/control.ts';
import { snapshot } from '../helpers/db-snapshot.ts';
import { multipart, PNG } from '../helpers/upload.ts';
import { chainTransactionOf, foreignKeyProblemsOf, visitDaysOf } from '../../fixtures/factories.ts';
import { countOf } from '../../fixtures/rows.ts';
import { openDatabase } from '../../mock-server/db/open.ts';
import { migrations, migrate } from '../../mock-server/db/migrations.ts';
import { SHIPPED_STATES } from '../../mock-server/control/shipped-states.ts';

let t: TestServer;
let dir: string;
const logs: string[] = [];
beforeAll(async () => {
  // Shipped states are built ahead (npm run states): a clean clone builds them here, once.
  await ensureShippedStates();
  // Named states copy into the live file: a real file, not ':memory:'. A load waits 1.5 s at most for running
  // calls, a call 0.3 s at most for a load (the refusals are tested below).
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qa-states-'));
  t = await startTestServer({ dbPath: path.join(dir, 'mock.db'), log: (l) => logs.push(l), qa: { stateGate: { drainMs: 1500, waitMs: 300 } } });
}, 300_000);
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const qa = <N extends AnyControlName>(name: N, body: ControlBodyOf<N>) => controlCall(t, name, body);
async function load(name: string) {
  const res = await qa('state/load', { name });
  expect(res.status, res.body.message).toBe(200);
  return res.body.data;
}
async function total(path: string, token: string, body: object = {}) {
  const res = await t.call(path, { page: 1, page_size: 10, ...body }, token);
  expect(res.status, `${path}: ${res.body.message}`).toBe(200);
  return (res.body.data as { total: number }).total;
}
const statesDir = () => path.join(dir, 'states');

describe('named states: save and load', () => {
  it('saves the live database and loads it back, dropping sockets and keeping the RSA key', async () => {
    await load('seed');
    const admin = await t.login('admin01');
    const token = await t.login('customer01');
    const unread = { notify_status: 1 };
    const before = await total('message/inquire', token, unread);
    expect(before).toBeGreaterThan(0);
    expect((await qa('state/save', { name: 'qa-one' })).body.data.bytes).toBeGreaterThan(0);
    // Change something after the save: the load takes it back.
    const inbox = await t.call('message/inquire', { page: 1, page_size: 10, ...unread }, token);
    const first = (inbox.body.data as { content: { id: number }[] }).content[0]!;
    expect((await t.call('message/update_notify_status', { id: first.id }, token)).status).toBe(200);
    expect(await total('message/inquire', token, unread)).toBe(before - 1);
    const socket = await connectAs(t, 'customer01');
    await load('qa-one');
    expect((await socket.closed).code).toBe(4010);
    // Sessions are the saved ones: admin01's token of before the save still works, and a fresh login
    // (the password encrypted with this server's key) too.
    expect((await t.call('admin/user_info', {}, admin)).status).toBe(200);
    expect(await total('message/inquire', await t.login('customer01'), unread)).toBe(before);
    expect((await qa('state/list', {})).body.data.saved).toContain('qa-one');
  });

  it('loads the seed state in under 200 ms of CPU (median of 5; wall time is the bench\'s, on a quiet machine)', async () => {
    await load('seed');
    const walls: number[] = [];
    const cpus: number[] = [];
    for (let i = 0; i < 5; i++) {
      // The server runs in this process: its CPU time (with the client's small share) does not grow with the
      // machine's load the way wall time does on two busy cores.
      const before = process.cpuUsage();
      walls.push((await load('seed')).ms);
      const used = process.cpuUsage(before);
      cpus.push(Math.round((used.user + used.system) / 1000));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[2]!;
    console.log(`state/load seed: wall ${walls.join(', ')} ms; CPU ${cpus.join(', ')} ms`);
    expect(median(cpus)).toBeLessThan(200);
  });

  it('refuses an unknown name, a shipped name to save over, and a bad name, changing nothing', async () => {
    expect((await qa('state/load', { name: 'never-saved' })).status).toBe(404);
    const shipped = await qa('state/save', { name: 'seed' });
    expect(shipped.status).toBe(409);
    expect(shipped.body.message).toMatch(/shipped/);
    const bad = await qa('state/save', { name: '../etc' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/state name/);
  });
});

/** A state file made by hand in the states folder, as a person drops one there. */
function writeState(name: string, bytes: Buffer | string) {
  fs.mkdirSync(statesDir(), { recursive: true });
  fs.writeFileSync(path.join(statesDir(), `${name}.db`), bytes);
}

/** A copy of the saved state `good` with `edit` applied through SQLite (a real database of another kind). */
function editedCopy(name: string, edit: (db: Database.Database) => void) {
  const file = path.join(statesDir(), `${name}.db`);
  fs.copyFileSync(path.join(statesDir(), 'good.db'), file);
  const db = new Database(file);
  edit(db);
  db.close();
}

describe('a state file is checked before it touches the live database', () => {
  const liveVersion = Math.max(...migrations.map((m) => m.version));
  const goodBytes = () => fs.readFileSync(path.join(statesDir(), 'good.db'));
  const cases: [string, string, (name: string) => void, RegExp][] = [
    ['not a database at all', 'bad-text', (n) => writeState(n, 'just some notes, not a database\n'.repeat(200)), /not a SQLite database file/],
    ['an empty file', 'bad-empty', (n) => writeState(n, ''), /not a SQLite database file/],
    ['a file cut in half', 'bad-half', (n) => writeState(n, goodBytes().subarray(0, Math.floor(goodBytes().length / 2))), /cut short \(\d+ of \d+ bytes\)/],
    ['a damaged page in the middle', 'bad-page', (n) => {
      const bytes = Buffer.from(goodBytes());
      const pageSize = bytes.readUInt16BE(16);
      const middle = Math.floor(bytes.length / pageSize / 2) * pageSize;
      bytes.fill(0xa5, middle, middle + pageSize);
      writeState(n, bytes);
    }, /is damaged \(.+\); nothing was loaded/],
    ['a SQLite file of another program', 'bad-foreign', (n) => {
      const file = path.join(statesDir(), `${n}.db`);
      fs.rmSync(file, { force: true });
      const db = new Database(file);
      db.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)');
      db.close();
    }, /not a database of this server \(it has no schema version\)/],
    ['our schema version with another schema', 'bad-schema', (n) => editedCopy(n, (db) => db.exec('DROP TABLE messages')), /not a database of this server \(table messages is missing\)/],
    ['a state saved by a newer server', 'bad-newer', (n) => editedCopy(n, (db) => db.pragma(`user_version = ${liveVersion + 100}`)), /newer server \(format version \d+; this server has \d+\)/],
  ];

  it.each(cases)('refuses %s with 422 naming the problem; nothing changes and the server goes on', async (_what, name, make, message) => {
    await load('seed');
    await qa('state/save', { name: 'good' });
    make(name);
    const socket = await connectAs(t, 'customer01');
    const before = snapshot(t.db);
    const res = await qa('state/load', { name });
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.body.message).toMatch(message);
    expect(res.body.message).toContain(name);
    expect(snapshot(t.db)).toEqual(before);
    // Nothing was dropped either: the socket is still open and answers.
    await socket.ping();
    socket.close();
    // Every call still works, a good state still loads, and a restart's start check accepts the live file.
    expect((await t.call('website_info/inquire', {})).status).toBe(200);
    await load('good');
    openDatabase(path.join(dir, 'mock.db')).close();
    fs.rmSync(path.join(statesDir(), `${name}.db`), { force: true });
  });

  it('brings a state of an older schema to this one on a copy, leaving the saved file as it was', async () => {
    const file = path.join(statesDir(), 'older.db');
    fs.mkdirSync(statesDir(), { recursive: true });
    fs.rmSync(file, { force: true });
    const db = new Database(file);
    const previous = migrations.filter((m) => m.version < liveVersion);
    migrate(db, previous);
    db.close();
    const bytes = fs.readFileSync(file);
    const loaded = await load('older');
    expect(loaded.migrated_from).toBe(Math.max(...previous.map((m) => m.version)));
    // Buffer.equals: a deep equality over half a megabyte byte by byte takes seconds.
    expect(fs.readFileSync(file).equals(bytes)).toBe(true);
    expect(countOf(t.db, 'users')).toBe(0);
    await load('seed');
  });
});

describe('save and load while writes run', () => {
  it('no write answers 500: writes wait for the load and go on against the new data', async () => {
    await load('seed');
    const admin = await t.login('admin01');
    await qa('state/save', { name: 'with-admin' });
    logs.length = 0;
    const statuses = new Map<number, number>();
    let stop = false;
    async function writer(k: number) {
      for (let i = 0; !stop; i++) {
        const res = await t.call('message/send', { title: `w${k}-${i}`, content: 'during a load', user_id: 4 }, admin);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      }
    }
    const writers = Array.from({ length: 6 }, (_, k) => writer(k));
    const written = () => [...statuses.values()].reduce((a, b) => a + b, 0);
    // Saves and loads one after the other while the writers run, until 66 writes have met them.
    let ops = 0;
    for (; ops < 7 || (written() < 66 && ops < 60); ops++) {
      const res = ops % 2 ? await qa('state/save', { name: `copy-${ops}` }) : await qa('state/load', { name: 'with-admin' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    stop = true;
    await Promise.all(writers);
    console.log(`writes during ${ops} saves and loads: ${JSON.stringify(Object.fromEntries(statuses))}`);
    expect([...statuses.keys()]).toEqual([200]);
    expect(statuses.get(200)).toBeGreaterThanOrEqual(Math.min(66, ops));
    expect(logs.filter((l) => l.startsWith('500'))).toEqual([]);
  }, 60_000);

  it('a load that cannot start (a call still running) is refused with 503 and Retry-After; calls arriving meanwhile get 503 too', async () => {
    await load('seed');
    const token = await t.login('customer01');
    // An upload whose body has not all arrived: a call running for as long as its client takes.
    const body = multipart([{ name: 'file', filename: 'slow.png', type: 'image/png', data: PNG }]);
    const upload = http.request(`${t.url}/api/file/add`, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=----qrconsole-test-boundary', 'content-length': body.length, token },
    });
    const answered = new Promise<number>((resolve, reject) => {
      upload.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      upload.on('error', reject);
    });
    upload.write(body.subarray(0, 40));
    await expect.poll(() => t.server.mock.qa!.gate.running()).toBe(1);
    const before = snapshot(t.db, { except: ['sessions'] });
    const loading = fetch(`${t.url}/__control/state/load`, { method: 'POST', headers: { 'content-type': 'application/json', 'accept-language': 'en' }, body: '{"name":"empty"}' });
    // While the load waits for the upload, the gate is closed: a new call waits 0.3 s, then is told to retry.
    await expect.poll(() => t.server.mock.qa!.gate.closed()).toBe(true);
    const waiting = await fetch(`${t.url}/api/website_info/inquire`, { method: 'POST', headers: { 'content-type': 'application/json', 'accept-language': 'en' }, body: '{}' });
    expect(waiting.status).toBe(503);
    expect(waiting.headers.get('retry-after')).toBe('1');
    expect(((await waiting.json()) as { message: string }).message).toMatch(/being loaded; try again/);
    const refused = await loading;
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('2');
    expect(((await refused.json()) as { message: string }).message).toMatch(/1 calls were still running/);
    expect(snapshot(t.db, { except: ['sessions'] })).toEqual(before);
    upload.end(body.subarray(40));
    expect(await answered).toBe(200);
    expect((await t.call('website_info/inquire', {})).status).toBe(200);
  }, 30_000);
});

describe('shipped states keep their promise', () => {
  it('empty: accounts log in, no codes, domains or messages', async () => {
    await load('empty');
    const token = await t.login('customer01');
    expect(await total('qr_code_list/inquire', token)).toBe(0);
    expect(await total('domain/inquire', token)).toBe(0);
    expect(await total('message/inquire', token)).toBe(0);
    expect(foreignKeyProblemsOf(t.db)).toEqual([]);
  });

  it('busy: over 2,000 codes and visits spread over 90 days', async () => {
    await load('busy');
    const token = await t.login('customer01');
    expect(await total('qr_code_list/inquire', token)).toBeGreaterThan(2000);
    const days = visitDaysOf(t.db);
    expect(days).toBeGreaterThanOrEqual(89);
    expect(countOf(t.db, 'access_records')).toBeGreaterThanOrEqual(60_000);
  }, 60_000);

  it('expired-membership: member-only calls answer 402 for customer01, naming the expiry', async () => {
    // The membership rule runs before the body is read: on the seed an empty body is refused for itself (400).
    await load('seed');
    expect((await t.call('domain/add', {}, await t.login('customer01'))).status).toBe(400);
    await load('expired-membership');
    const res = await t.call('domain/add', {}, await t.login('customer01'));
    expect(res.status).toBe(402);
    expect(res.body.message).toMatch(/expired/i);
  });

  it('blocked-domain: entry1.example.com shows blocked to its owner', async () => {
    await load('blocked-domain');
    const res = await t.call('domain/inquire', { page: 1, page_size: 50, domain: 'entry1' }, await t.login('customer01'));
    const rows = (res.body.data as { content: { domain: string; shield_status: number }[] }).content;
    expect(rows.find((r) => r.domain === 'entry1.example.com')?.shield_status).toBe(2);
  });

  it('pending-payout: an administrator sees agent01\'s 25 USDT withdrawal pending', async () => {
    await load('pending-payout');
    const res = await t.call('withdrawal/admin_inquire', { page: 1, page_size: 10, status: 1 }, await t.login('superadmin'));
    expect(res.status, res.body.message).toBe(200);
    const rows = (res.body.data as { content: { account: string; amount_micro: number; status: number }[] }).content;
    expect(rows).toEqual([expect.objectContaining({ account: 'agent01', amount_micro: 25_000_000, status: 1 })]);
  });

  it('unmatched-transfer: a confirmed payment that turned no order paid', async () => {
    await load('unmatched-transfer');
    const tx = chainTransactionOf(t.db, { amount_micro: 7_654_321 })!;
    expect(tx.status).toBe(2);
    expect(countOf(t.db, 'orders', { tx_hash: tx.hash })).toBe(0);
  });

  it('each built state is vouched for: a digest beside it matches its bytes (the load skips its quick_check then)', async () => {
    const cache = await ensureShippedStates();
    for (const name of Object.keys(SHIPPED_STATES)) {
      const file = path.join(cache, `${name}.db`);
      const digest = createHash('sha256').update(fs.readFileSync(file)).digest('hex');
      expect(fs.readFileSync(`${file}.sha256`, 'utf8').trim(), name).toBe(digest);
    }
  });

  it('a built state changed after its build is checked in full: a damaged page is refused, nothing changes', async () => {
    // A cache of its own: the same fingerprint folder, its `seed` damaged after the build (the digest stays).
    const cache = await ensureShippedStates();
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'qa-states-damaged-'));
    const copy = path.join(root, path.basename(cache));
    fs.cpSync(cache, copy, { recursive: true });
    const bytes = fs.readFileSync(path.join(copy, 'seed.db'));
    const pageSize = bytes.readUInt16BE(16);
    const middle = Math.floor(bytes.length / pageSize / 2) * pageSize;
    bytes.fill(0xa5, middle, middle + pageSize);
    fs.writeFileSync(path.join(copy, 'seed.db'), bytes);
    const other = await startTestServer({ dbPath: path.join(dir, 'damaged-cache.db'), qa: { statesCache: root } });
    try {
      const before = snapshot(other.db);
      const res = await controlCall(other, 'state/load', { name: 'seed' });
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(res.body.message).toMatch(/seed.*is damaged \(.+\); nothing was loaded/);
      expect(snapshot(other.db)).toEqual(before);
      expect((await controlCall(other, 'state/load', { name: 'empty' })).status).toBe(200);
    } finally {
      await other.close();
      fs.rmSync(root, { recursive: true, force: true });
    }
  }, 60_000);

  it('a big load leaves its pages to a background checkpoint: they reach the database file, the automatic one is back', async () => {
    await load('empty');
    await t.server.mock.qa!.states.settled();
    t.db.pragma('wal_checkpoint(TRUNCATE)');
    const busyBytes = fs.statSync(path.join(await ensureShippedStates(), 'busy.db')).size;
    expect(fs.statSync(path.join(dir, 'mock.db')).size).toBeLessThan(busyBytes / 2);
    await load('busy');
    await t.server.mock.qa!.states.settled();
    expect(t.db.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    // Without another write since the load: the worker's checkpoint put the pages in the file, nothing else did.
    expect(fs.statSync(path.join(dir, 'mock.db')).size).toBeGreaterThanOrEqual(busyBytes);
    expect(countOf(t.db, 'access_records')).toBeGreaterThanOrEqual(60_000);
    expect((await t.call('website_info/inquire', {})).status).toBe(200);
  }, 60_000);

  it('seed: the seed as a fresh start makes it', async () => {
    await load('busy');
    await load('seed');
    expect(await total('qr_code_list/inquire', await t.login('customer01'))).toBeLessThan(50);
  });

  it('a state missing from the cache is built first, and `ms` counts the build', async () => {
    const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'qa-states-cache-'));
    const other = await startTestServer({ dbPath: path.join(dir, 'other.db'), qa: { statesCache: cache } });
    try {
      const started = performance.now();
      const res = await controlCall(other, 'state/load', { name: 'pending-payout' });
      const wall = performance.now() - started;
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.built).toBe(true);
      // The build (a child process seeding a database) is part of the answer's time.
      expect(res.body.data.ms).toBeGreaterThan(300);
      expect(res.body.data.ms).toBeLessThanOrEqual(wall);
      const list = (await controlCall(other, 'state/list', {})).body.data;
      expect(list.shipped.find((s) => s.name === 'pending-payout')?.ready).toBe(true);
      expect(list.cache.startsWith(cache)).toBe(true);
    } finally {
      await other.close();
      fs.rmSync(cache, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('npm run mock', () => {
  it('-- --state NAME starts on the named state before the port opens', async () => {
    const mock = await startMockProcess(['--mode', 'test', '--db', path.join(dir, 'cli.db'), '--state', 'expired-membership'], { MOCK_STATES_WARM: '0' });
    const { url } = mock;
    try {
      expect(mock.output()).toMatch(/state expired-membership loaded in [\d.]+ ms/);
      const key = (await (await fetch(`${url}/api/security/public_key`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).json()) as { data: { spki: string } };
      const { constants, createPublicKey, publicEncrypt } = await import('node:crypto');
      const pk = createPublicKey({ key: Buffer.from(key.data.spki, 'base64'), format: 'der', type: 'spki' });
      const password = publicEncrypt({ key: pk, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from('Customer123')).toString('base64');
      const post = (call: string, body: unknown, token?: string) =>
        fetch(`${url}/api/${call}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { token } : {}) }, body: JSON.stringify(body) });
      const login = (await (await post('admin/login', { account: 'customer01', password })).json()) as { data: { token: string } };
      expect((await post('domain/add', {}, login.data.token)).status).toBe(402);
    } finally {
      await mock.stop();
    }
  }, 120_000);

  it('loads every shipped state the first time in a fresh process in milliseconds, none built on the way', async () => {
    const mock = await startMockProcess(['--mode', 'test', '--db', path.join(dir, 'fresh.db')], { MOCK_STATES_WARM: '0' });
    try {
      // The client's own first request (fetch's setup) is not the server's time.
      await mock.control('state');
      const figures: string[] = [];
      for (const name of Object.keys(SHIPPED_STATES)) {
        const started = performance.now();
        const res = await mock.control<{ ms: number; built: boolean }>('state/load', { name });
        const wall = performance.now() - started;
        expect(res.status).toBe(200);
        expect(res.body.data.built).toBe(false);
        expect(res.body.data.ms).toBeLessThanOrEqual(wall);
        figures.push(`${name} ${wall.toFixed(0)} ms`);
        // Built on first use, a state took 4-24 s here; built ahead, milliseconds (the bench holds it to 200 ms
        // on a quiet machine; a busy CI machine gets room).
        expect(wall).toBeLessThan(2000);
      }
      console.log(`first loads in a fresh process (load average ${os.loadavg()[0]!.toFixed(1)}): ${figures.join(', ')}`);
    } finally {
      await mock.stop();
    }
  }, 120_000);
});
