/**
 * npm run bench:realtime [-- --clients 1000 --duration 60 --push-every 5]
 *
 * N encrypted WebSocket clients on 127.0.0.1 against the mock server running in a child process (so its CPU and
 * memory are its own), each pinging every 5 s with the real codec. First half of the run: pings only; second
 * half: pings plus a push to all clients every `--push-every` seconds. Prints the server's CPU share of one core
 * (from process.cpuUsage over IPC, which covers every thread of the process, WebCrypto's included), its RSS, the
 * ping round trip and the push-to-all latency (control-API call → frame arrival at each client). Bounded: it
 * stops by itself after `--duration` seconds plus set-up, and kills the child on any exit.
 * Then, if tests/scenarios exists, the wall time of `npx vitest run tests/scenarios` (the QA scenario suite).
 */
import { fork, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import {
  CONTROL_PREFIX,
  createFrameCounter,
  Direction,
  FrameType,
  REALTIME_PATH,
  REALTIME_SID_PARAM,
  REALTIME_TUNING,
  realtimeSessionId,
  serverFrame,
} from '../contracts/index.ts';
// The clients use the synchronous node:crypto codec (same wire as the browser's WebCrypto one, see
// tests/realtime/codec.test.ts) so that one process can drive a thousand of them without its own queueing
// showing up as server latency.
import { decodeFrameSync, encodeFrameSync, rawKeyOf } from '../mock-server/realtime/node-codec.ts';

interface BenchSession {
  token: string;
  realtime_key: string;
}
type ToChild = { kind: 'usage' } | { kind: 'stop' };
type FromChild =
  | { kind: 'ready'; port: number; sessions: BenchSession[] }
  | { kind: 'usage'; cpuMicros: number; rss: number; maxRssKb: number; sockets: number; pushAllMs: number[] };

const PUSH_TYPE = 77;

// ---------------------------------------------------------------------------------------------------------
// Child: the mock server with N bench users, each with one session.

async function runServer(clients: number) {
  const { createMockServer } = await import('../mock-server/app.ts');
  const { TEST_SCRYPT } = await import('../mock-server/services/passwords.ts');
  const { hashToken } = await import('../mock-server/services/sessions.ts');
  const server = createMockServer({ dbPath: ':memory:', mode: 'test', scrypt: TEST_SCRYPT, log: () => {} });
  const { services, db } = server.mock;
  const customer = services.users.byAccount('customer01')!;
  const insert = db.prepare(
    `INSERT INTO users (account, name, password_hash, role_id, invitation_code, create_time)
     VALUES (?, ?, ?, ?, ?, '2026-01-01 00:00:00')`,
  );
  const sessions = db.transaction(() =>
    Array.from({ length: clients }, (_, i) => {
      const account = `bench${String(i).padStart(5, '0')}`;
      const id = Number(
        insert.run(account, account, customer.password_hash, customer.role_id, `B${i}`).lastInsertRowid,
      );
      const token = services.sessions.create(id, '127.0.0.1');
      return { token, realtime_key: services.realtimeKeys.keyFor(hashToken(token)) };
    }),
  )();
  // Time the hub's own work for each push to all (encrypt + hand to every socket), apart from HTTP and IPC.
  const pushAllMs: number[] = [];
  const pushAll = services.realtime.pushAll.bind(services.realtime);
  services.realtime.pushAll = (type, data) => {
    const start = performance.now();
    const n = pushAll(type, data);
    pushAllMs.push(performance.now() - start);
    return n;
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const send = (m: FromChild) => process.send!(m);
  send({ kind: 'ready', port: (server.address() as { port: number }).port, sessions });
  process.on('message', (m: ToChild) => {
    if (m.kind === 'usage') {
      const u = process.cpuUsage();
      send({
        kind: 'usage',
        cpuMicros: u.user + u.system,
        rss: process.memoryUsage().rss,
        maxRssKb: process.resourceUsage().maxRSS,
        sockets: services.realtime.sockets().length,
        pushAllMs,
      });
    } else {
      server.close(() => process.exit(0));
      setTimeout(() => process.exit(0), 3000).unref();
    }
  });
  process.on('disconnect', () => process.exit(0));
}

// ---------------------------------------------------------------------------------------------------------
// Parent: clients, measurements, table.

function flag(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isFinite(v) || v <= 0) throw new Error(`--${name} must be a positive number`);
  return v;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

class BenchClient {
  ws!: WebSocket;
  key!: Buffer;
  private readonly counter = createFrameCounter(() => Date.now());
  private pingSentAt = 0;
  private timer: NodeJS.Timeout | null = null;
  closedUnexpectedly = false;
  stopping = false;
  constructor(
    private readonly session: BenchSession,
    private readonly onPush: (arrivedAt: number) => void,
    private readonly onPong: (rttMs: number) => void,
  ) {}

  async connect(port: number): Promise<void> {
    this.key = rawKeyOf(this.session.realtime_key);
    const sid = await realtimeSessionId(this.session.realtime_key);
    this.ws = new WebSocket(`ws://127.0.0.1:${port}${REALTIME_PATH}?${REALTIME_SID_PARAM}=${sid}`);
    const acked = new Promise<void>((resolve, reject) => {
      this.ws.on('message', (raw) => {
        // Stamp the arrival now and decrypt on the next turn: when a thousand frames arrive at once, the
        // decryption of the first ones must not delay the arrival stamps of the last ones.
        const at = performance.now();
        setImmediate(() => handle(at, raw.toString()));
      });
      const handle = (at: number, wire: string) => {
        const d = decodeFrameSync(this.key, Direction.toClient, wire, serverFrame);
        if (!d.ok) return reject(new Error(`undecodable frame: ${d.reason}`));
        if (d.frame.type === FrameType.values.login_ack) resolve();
        else if (d.frame.type === FrameType.values.heartbeat_ack) this.onPong(at - this.pingSentAt);
        else if (d.frame.type === PUSH_TYPE) this.onPush(at);
      };
      this.ws.once('close', (code) => {
        if (!this.stopping) this.closedUnexpectedly = true;
        reject(new Error(`closed ${code} before login`));
      });
      this.ws.once('error', reject);
    });
    await new Promise<void>((resolve, reject) => {
      this.ws.once('open', resolve);
      this.ws.once('error', reject);
    });
    this.send(FrameType.values.login);
    await acked;
  }

  private send(type: number) {
    const payload = { type, locale: 'en', token: this.session.token, ...this.counter.next() };
    this.ws.send(encodeFrameSync(this.key, Direction.toServer, payload));
  }

  /** Ping every 5 s from a random phase, so the load is spread as real consoles would spread it. */
  startPinging() {
    const tick = () => {
      this.pingSentAt = performance.now();
      this.send(FrameType.values.ping);
    };
    this.timer = setTimeout(() => {
      tick();
      this.timer = setInterval(tick, REALTIME_TUNING.pingIntervalMs);
    }, Math.random() * REALTIME_TUNING.pingIntervalMs);
  }

  stop() {
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    this.ws.close(1000);
  }
}

async function main() {
  const clients = flag('clients', 1000);
  const durationS = flag('duration', 60);
  const pushEveryS = flag('push-every', 5);
  const self = fileURLToPath(import.meta.url);
  const child: ChildProcess = fork(self, ['--server', String(clients)], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const killChild = () => {
    if (child.exitCode === null) child.kill('SIGKILL');
  };
  process.on('exit', killChild);
  const hardStop = setTimeout(
    () => {
      console.error('bench:realtime: hard time limit reached, stopping');
      killChild();
      process.exit(2);
    },
    (durationS + 180) * 1000,
  );
  hardStop.unref();

  const ready = await new Promise<Extract<FromChild, { kind: 'ready' }>>((resolve, reject) => {
    child.once('message', (m: FromChild) =>
      m.kind === 'ready' ? resolve(m) : reject(new Error('unexpected message')),
    );
    child.once('exit', (code) => reject(new Error(`server exited ${code}`)));
  });
  const usage = () =>
    new Promise<Extract<FromChild, { kind: 'usage' }>>((resolve) => {
      child.once('message', (m: FromChild) => resolve(m as Extract<FromChild, { kind: 'usage' }>));
      child.send({ kind: 'usage' } satisfies ToChild);
    });

  let pushArrivals: number[] = [];
  const rtts: number[] = [];
  const list = ready.sessions.map(
    (s) =>
      new BenchClient(
        s,
        (at) => pushArrivals.push(at),
        (rtt) => rtts.push(rtt),
      ),
  );
  const connectStart = performance.now();
  for (let i = 0; i < list.length; i += 50)
    await Promise.all(list.slice(i, i + 50).map((c) => c.connect(ready.port)));
  const connectMs = performance.now() - connectStart;
  for (const c of list) c.startPinging();
  // One full ping period so every client is in its steady rhythm before measuring.
  await sleep(REALTIME_TUNING.pingIntervalMs);

  const half = (durationS * 1000) / 2;
  const u0 = await usage();
  const t0 = performance.now();
  await sleep(half);
  const u1 = await usage();
  const t1 = performance.now();
  rtts.length = 0;

  const pushLatencies: number[] = [];
  const broadcastCalls: number[] = [];
  let rounds = 0;
  let missing = 0;
  const phaseEnd = t1 + half;
  const url = `http://127.0.0.1:${ready.port}${CONTROL_PREFIX}/broadcast`;
  while (performance.now() + pushEveryS * 1000 <= phaseEnd + 1) {
    const roundStart = performance.now();
    pushArrivals = [];
    const sentAt = performance.now();
    const callStart = performance.now();
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: PUSH_TYPE, data: { round: rounds } }),
    });
    if (!res.ok) throw new Error(`broadcast failed: ${res.status}`);
    // The server answers after it has encrypted and handed every frame to its socket (pushAll is synchronous).
    broadcastCalls.push(performance.now() - callStart);
    const waitUntil = performance.now() + 4000;
    while (pushArrivals.length < clients && performance.now() < waitUntil) await sleep(5);
    missing += clients - pushArrivals.length;
    for (const at of pushArrivals) pushLatencies.push(at - sentAt);
    rounds += 1;
    await sleep(Math.max(0, pushEveryS * 1000 - (performance.now() - roundStart)));
  }
  await sleep(Math.max(0, phaseEnd - performance.now()));
  const u2 = await usage();
  const t2 = performance.now();

  const dropped = list.filter((c) => c.closedUnexpectedly).length;
  for (const c of list) c.stop();
  child.send({ kind: 'stop' } satisfies ToChild);
  await new Promise((r) => child.once('exit', r));

  const hubMs = [...u2.pushAllMs].sort((a, b) => a - b);
  const callMs = [...broadcastCalls].sort((a, b) => a - b);
  const cpu = (a: typeof u0, b: typeof u0, ms: number) => ((b.cpuMicros - a.cpuMicros) / 1000 / ms) * 100;
  const cpuPing = cpu(u0, u1, t1 - t0);
  const cpuPush = cpu(u1, u2, t2 - t1);
  pushLatencies.sort((a, b) => a - b);
  const rttSorted = [...rtts].sort((a, b) => a - b);
  const ms = (v: number) => `${v.toFixed(1)} ms`;

  const rows: [string, string, string][] = [
    ['clients connected and logged in', `${clients} in ${ms(connectMs)}`, ''],
    ['server CPU, pings only (% of one core)', `${cpuPing.toFixed(1)} %`, '< 10 %'],
    ['server CPU, pings + push to all (% of one core)', `${cpuPush.toFixed(1)} %`, ''],
    [
      'server RSS at end / peak',
      `${(u2.rss / 2 ** 20).toFixed(0)} MiB / ${(u2.maxRssKb / 1024).toFixed(0)} MiB`,
      '',
    ],
    ['ping round trip p50 / p99', `${ms(percentile(rttSorted, 50))} / ${ms(percentile(rttSorted, 99))}`, ''],
    [
      'server time to encrypt + send one push to all, p50 / max',
      `${ms(percentile(hubMs, 50))} / ${ms(hubMs.at(-1) ?? NaN)}`,
      '',
    ],
    [
      'broadcast control call round trip p50 / p99',
      `${ms(percentile(callMs, 50))} / ${ms(percentile(callMs, 99))}`,
      '',
    ],
    [`push to all: ${rounds} rounds × ${clients}, p50`, ms(percentile(pushLatencies, 50)), ''],
    ['push to all p99', ms(percentile(pushLatencies, 99)), '< 50 ms'],
    ['push frames missing / sockets dropped', `${missing} / ${dropped}`, '0 / 0'],
    // Shared machines skew latencies: the load average says how much else was running.
    ['machine load average (1 min) at end, cores', `${os.loadavg()[0]!.toFixed(1)}, ${os.cpus().length}`, ''],
  ];

  const root = path.resolve(path.dirname(self), '..');
  const scenarios = path.join(root, 'tests/scenarios');
  if (fs.existsSync(scenarios)) {
    const start = performance.now();
    const run = spawnSync('npx', ['vitest', 'run', 'tests/scenarios'], {
      cwd: root,
      stdio: 'ignore',
      timeout: 300_000,
    });
    const wall = (performance.now() - start) / 1000;
    rows.push([
      'QA scenario suite wall time (npx vitest run tests/scenarios)',
      `${wall.toFixed(2)} s${run.status === 0 ? '' : ' (FAILED)'}`,
      '< 5 s',
    ]);
  } else {
    rows.push(['QA scenario suite wall time', 'tests/scenarios not present', '< 5 s']);
  }

  console.log(
    `\nbench:realtime — ${clients} clients, ${durationS} s (half pings only, half with a push every ${pushEveryS} s), 127.0.0.1\n`,
  );
  const w0 = Math.max(...rows.map((r) => r[0].length));
  const w1 = Math.max(...rows.map((r) => r[1].length));
  console.log(`${'measure'.padEnd(w0)}  ${'result'.padEnd(w1)}  target`);
  console.log(`${'-'.repeat(w0)}  ${'-'.repeat(w1)}  ------`);
  for (const [a, b, c] of rows) console.log(`${a.padEnd(w0)}  ${b.padEnd(w1)}  ${c}`);
  clearTimeout(hardStop);
}

if (process.argv[2] === '--server') {
  void runServer(Number(process.argv[3]));
} else {
  main().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
}
