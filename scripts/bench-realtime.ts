/**
 * npm run bench:realtime [-- --clients 1000 --duration 60 --push-every 1 --cpu-prof DIR --qa-tap --no-scenarios]
 *
 * N encrypted WebSocket clients on 127.0.0.1 against the mock server running in a child process (so its CPU and
 * memory are its own), each pinging every 5 s with the real codec. First half of the run: pings only; second
 * half: pings plus a push to all clients every `--push-every` seconds, through the control API. Prints the
 * server's CPU share of one core (process.cpuUsage over IPC, every thread of the process), its RSS, the ping
 * round trip, and the push-to-all latency from the control call's start to each client's arrival stamp, split
 * into its parts (HTTP → hub, the hub's fan-out, hub → arrival; both processes stamp epoch time). The first push
 * after start runs unoptimized code and is reported on its own row; it and two more warm-up pushes are left out
 * of the percentiles. Bounded: it stops by itself after `--duration` seconds plus set-up, and kills the child
 * on any exit. Then, if tests/scenarios exists, the wall time of `npx vitest run tests/scenarios`.
 */
import { fork, spawnSync, type ChildProcess } from 'node:child_process';
import type { KeyObject } from 'node:crypto';
import fs from 'node:fs';
import type { Duplex } from 'node:stream';
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
import { decodeFrameSync, encodeFrameSync, frameKeyOf } from '../mock-server/realtime/node-codec.ts';

interface BenchSession {
  token: string;
  realtime_key: string;
}
type ToChild = { kind: 'usage' } | { kind: 'stop' };
type FromChild =
  | { kind: 'ready'; port: number; sessions: BenchSession[] }
  | {
      kind: 'usage';
      cpuMicros: number;
      rss: number;
      maxRssKb: number;
      sockets: number;
      /**
       * [start, end, cpu] of each push to all in the hub: epoch ms (comparable with the parent's `epochNow`),
       * and the server's CPU time in it (ms; a loaded machine stretches the wall time, much less the CPU time).
       */
      pushSpans: [number, number, number][];
    };

const PUSH_TYPE = 77;

// ---------------------------------------------------------------------------------------------------------
// Child: the mock server with N bench users, each with one session.

async function runServer(clients: number, qaTap: boolean) {
  const { createMockServer } = await import('../mock-server/app.ts');
  const { TEST_SCRYPT } = await import('../mock-server/services/passwords.ts');
  const { hashToken } = await import('../mock-server/services/sessions.ts');
  const server = createMockServer({ dbPath: ':memory:', mode: 'test', scrypt: TEST_SCRYPT, log: () => {} });
  const { services, db } = server.mock;
  // Production (npm start) has no QA tools; test mode gives the hub the QA frame tap (journal, frame faults),
  // which per frame adds closures, a journal entry and, as the 5,000-entry ring fills, survivors for every
  // scavenge. The control API (how this bench starts a push) stays. --qa-tap keeps the tap, as before.
  if (!qaTap) services.realtime.setTap(null);
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
  // Time the hub's own work for each push to all (encrypt + hand to every socket), apart from HTTP and IPC: the
  // control API's broadcast is pushAllAny (any type, as QA sends it).
  const pushSpans: [number, number, number][] = [];
  const pushAll = services.realtime.pushAllAny.bind(services.realtime);
  services.realtime.pushAllAny = (type, data) => {
    const cpu = process.cpuUsage();
    const start = epochNow();
    const n = pushAll(type, data);
    const end = epochNow();
    const used = process.cpuUsage(cpu);
    pushSpans.push([start, end, (used.user + used.system) / 1000]);
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
        pushSpans,
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
/** High-resolution epoch ms: comparable between the parent (clients) and the child (server) process. */
const epochNow = () => performance.timeOrigin + performance.now();
const sorted = (list: number[]) => [...list].sort((x, y) => x - y);

/**
 * The thousand clients share this process, an artifact of the bench (each real console has its own machine).
 * So that their decryption does not delay the reading of the frames still arriving, a frame is stamped when
 * it arrives and queued; the queue is decrypted on the next turn, or, during a push round, once the round has
 * all its frames (see `pushRound`). The stamps are what the latency figures use.
 */
const inbox: { client: BenchClient; at: number; readAt: number; raw: WebSocket.RawData }[] = [];
let holdInbox = false;
let drainScheduled = false;
function receive(client: BenchClient, at: number, readAt: number, raw: WebSocket.RawData) {
  inbox.push({ client, at, readAt, raw });
  if (!holdInbox && !drainScheduled) {
    drainScheduled = true;
    setImmediate(drainInbox);
  }
}
function drainInbox() {
  drainScheduled = false;
  for (const { client, at, readAt, raw } of inbox.splice(0)) client.handle(at, readAt, raw.toString());
}

class BenchClient {
  ws!: WebSocket;
  key!: KeyObject;
  private readonly counter = createFrameCounter(() => Date.now());
  private pingSentAt = 0;
  private timer: NodeJS.Timeout | null = null;
  closedUnexpectedly = false;
  stopping = false;
  constructor(
    private readonly session: BenchSession,
    /** `arrivedAt`: ws's message event; `readAt`: the socket's data event that carried it, before ws parsed it. */
    private readonly onPush: (arrivedAt: number, readAt: number) => void,
    private readonly onPong: (rttMs: number) => void,
  ) {}

  async connect(port: number): Promise<void> {
    this.key = frameKeyOf(this.session.realtime_key);
    const sid = await realtimeSessionId(this.session.realtime_key);
    this.ws = new WebSocket(`ws://127.0.0.1:${port}${REALTIME_PATH}?${REALTIME_SID_PARAM}=${sid}`);
    const acked = new Promise<void>((resolve, reject) => {
      this.onAck = resolve;
      this.onBad = reject;
      this.ws.on('message', (raw) => receive(this, epochNow(), this.readAt, raw));
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
    // A second arrival stamp, taken when the socket's bytes reach JS and before ws parses them (ws's own
    // listener comes after this one), so that ws's work for the frames read just before is not counted.
    // `_socket` is ws's (undocumented) upgraded socket.
    (this.ws as unknown as { _socket: Duplex })._socket.prependListener('data', () => {
      this.readAt = epochNow();
    });
    this.send(FrameType.values.login);
    await acked;
  }

  private readAt = 0;
  private onAck: () => void = () => {};
  private onBad: (e: Error) => void = () => {};

  handle(at: number, readAt: number, wire: string) {
    const d = decodeFrameSync(this.key, Direction.toClient, wire, serverFrame);
    if (!d.ok) return this.onBad(new Error(`undecodable frame: ${d.reason}`));
    if (d.frame.type === FrameType.values.login_ack) this.onAck();
    else if (d.frame.type === FrameType.values.heartbeat_ack) this.onPong(at - this.pingSentAt);
    else if (d.frame.type === PUSH_TYPE) this.onPush(at, readAt);
  }

  private send(type: number) {
    const payload = { type, locale: 'en', token: this.session.token, ...this.counter.next() };
    this.ws.send(encodeFrameSync(this.key, Direction.toServer, payload));
  }

  /** Ping every 5 s from a random phase, so the load is spread as real consoles would spread it. */
  startPinging() {
    const tick = () => {
      this.pingSentAt = epochNow();
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
  const pushEveryS = flag('push-every', 1);
  const self = fileURLToPath(import.meta.url);
  // --cpu-prof DIR: the server's V8 CPU profile (written when it exits), to see where a push's time goes.
  const profAt = process.argv.indexOf('--cpu-prof');
  const profDir = profAt >= 0 ? process.argv[profAt + 1] : undefined;
  if (profAt >= 0 && !profDir) throw new Error('--cpu-prof needs a folder');
  const qaTap = process.argv.includes('--qa-tap');
  const child: ChildProcess = fork(self, ['--server', String(clients), qaTap ? 'qa-tap' : 'no-tap'], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    execArgv: [...process.execArgv, ...(profDir ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(profDir)] : [])],
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
  let pushReads: number[] = [];
  const rtts: number[] = [];
  const list = ready.sessions.map(
    (s) =>
      new BenchClient(
        s,
        (at, readAt) => {
          pushArrivals.push(at);
          pushReads.push(readAt);
        },
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

  const url = `http://127.0.0.1:${ready.port}${CONTROL_PREFIX}/broadcast`;
  let rounds = 0;
  /** One push to all through the control API; answers when every client has it (or 4 s have passed). */
  async function pushRound(): Promise<{ sentAt: number; arrivals: number[]; reads: number[]; callMs: number }> {
    pushArrivals = [];
    pushReads = [];
    holdInbox = true;
    const sentAt = epochNow();
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: PUSH_TYPE, data: { round: rounds++ } }),
    });
    if (!res.ok) throw new Error(`broadcast failed: ${res.status}`);
    // The server answers after it has encrypted and handed every frame to its socket (pushAll is synchronous).
    const callMs = epochNow() - sentAt;
    const waitUntil = performance.now() + 4000;
    let heldBefore = -1;
    while (pushArrivals.length < clients && performance.now() < waitUntil) {
      await sleep(5);
      // Decrypt the held frames once there are enough of them to hold every push (some may be pongs) and
      // none came in since the last look: decrypting while push frames still arrive stamps those late.
      if (inbox.length >= clients - pushArrivals.length && inbox.length === heldBefore) drainInbox();
      heldBefore = inbox.length;
    }
    holdInbox = false;
    drainInbox();
    return { sentAt, arrivals: pushArrivals, reads: pushReads, callMs };
  }

  // A long-running server has its push path compiled; a fresh one runs its first pushes in the interpreter.
  // The first (cold) push is reported on its own row; three warm-up pushes are left out of the percentiles.
  const cold = await pushRound();
  const coldLast = Math.max(...cold.arrivals) - cold.sentAt;
  for (let i = 0; i < 2; i++) {
    await sleep(500);
    await pushRound();
  }
  const warmUps = rounds;
  // One full ping period so every client is in its steady rhythm before measuring.
  await sleep(REALTIME_TUNING.pingIntervalMs);

  const half = (durationS * 1000) / 2;
  const u0 = await usage();
  const t0 = performance.now();
  rtts.length = 0;
  await sleep(half);
  const u1 = await usage();
  const t1 = performance.now();
  const rttsPingsOnly = rtts.splice(0);

  const measuredRounds: { sentAt: number; arrivals: number[]; reads: number[]; callMs: number }[] = [];
  let missing = 0;
  const phaseEnd = t1 + half;
  while (performance.now() + pushEveryS * 1000 <= phaseEnd + 1) {
    const roundStart = performance.now();
    const round = await pushRound();
    missing += clients - round.arrivals.length;
    measuredRounds.push(round);
    await sleep(Math.max(0, pushEveryS * 1000 - (performance.now() - roundStart)));
  }
  await sleep(Math.max(0, phaseEnd - performance.now()));
  const u2 = await usage();
  const t2 = performance.now();

  const dropped = list.filter((c) => c.closedUnexpectedly).length;
  for (const c of list) c.stop();
  child.send({ kind: 'stop' } satisfies ToChild);
  await new Promise((r) => child.once('exit', r));

  // Where a push's time goes: control call → hub start (HTTP), the hub's fan-out, hub start → each arrival.
  const spans = u2.pushSpans.slice(warmUps);
  const hub: number[] = [];
  const hubCpu: number[] = [];
  const callToHub: number[] = [];
  const fromHubStart: number[] = [];
  const latencies: number[] = [];
  const readLatencies: number[] = [];
  measuredRounds.forEach((round, r) => {
    const [start, end, cpuMs] = spans[r]!;
    hub.push(end - start);
    hubCpu.push(cpuMs);
    callToHub.push(start - round.sentAt);
    for (const at of round.arrivals) {
      fromHubStart.push(at - start);
      latencies.push(at - round.sentAt);
    }
    for (const at of round.reads) readLatencies.push(at - round.sentAt);
  });
  const cpu = (a: typeof u0, b: typeof u0, ms: number) => ((b.cpuMicros - a.cpuMicros) / 1000 / ms) * 100;
  const cpuPing = cpu(u0, u1, t1 - t0);
  const cpuPush = cpu(u1, u2, t2 - t1);
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  const p50p99 = (list: number[]) => {
    const s = sorted(list);
    return `${ms(percentile(s, 50))} / ${ms(percentile(s, 99))}`;
  };
  const hubSorted = sorted(hub);
  const latencySorted = sorted(latencies);

  const rows: [string, string, string][] = [
    ['clients connected and logged in', `${clients} in ${ms(connectMs)}`, ''],
    ['server CPU, pings only (% of one core)', `${cpuPing.toFixed(1)} %`, '< 10 %'],
    ['server CPU, pings + push to all (% of one core)', `${cpuPush.toFixed(1)} %`, ''],
    [
      'server RSS at end / peak',
      `${(u2.rss / 2 ** 20).toFixed(0)} MiB / ${(u2.maxRssKb / 1024).toFixed(0)} MiB`,
      '',
    ],
    ['ping round trip p50 / p99, pings only', p50p99(rttsPingsOnly), ''],
    ['ping round trip p50 / p99, with the pushes', p50p99(rtts), ''],
    ['first push after start (cold), last arrival', ms(coldLast), ''],
    [`push to all, ${measuredRounds.length} rounds × ${clients} after ${warmUps} warm-up pushes:`, '', ''],
    ['  control call start → hub starts the push, p50 / p99', p50p99(callToHub), ''],
    [
      '  hub: encrypt + send to every socket, p50 / max',
      `${ms(percentile(hubSorted, 50))} / ${ms(hubSorted.at(-1) ?? NaN)}`,
      '',
    ],
    ['  hub: server CPU time of the push, p50 / max', `${ms(percentile(sorted(hubCpu), 50))} / ${ms(Math.max(...hubCpu))}`, ''],
    ['  hub start → arrival at a client, p50 / p99', p50p99(fromHubStart), ''],
    ['  control call start → arrival at a client, p50', ms(percentile(latencySorted, 50)), ''],
    ['  control call start → arrival at a client, p99', ms(percentile(latencySorted, 99)), '< 50 ms'],
    [
      '  same, stamped at the socket read before ws parses, p50 / p99',
      p50p99(readLatencies),
      '',
    ],
    ['push frames missing / sockets dropped', `${missing} / ${dropped}`, '0 / 0'],
    // Shared machines skew latencies: the load average says how much else was running.
    ['machine load average (1 min) at end, cores', `${os.loadavg()[0]!.toFixed(1)}, ${os.cpus().length}`, ''],
  ];

  const root = path.resolve(path.dirname(self), '..');
  const scenarios = path.join(root, 'tests/scenarios');
  // --no-scenarios: leave the suite out (while iterating on the push figures on a shared machine).
  if (process.argv.includes('--no-scenarios')) {
    rows.push(['QA scenario suite wall time', 'left out (--no-scenarios)', '< 5 s']);
  } else if (fs.existsSync(scenarios)) {
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
    `\nbench:realtime — ${clients} clients, ${durationS} s (half pings only, half with a push every ${pushEveryS} s), 127.0.0.1, ` +
      `${qaTap ? 'with the QA frame tap and journal (--qa-tap, test mode as before)' : 'hub without the QA frame tap, as in production'}\n`,
  );
  const w0 = Math.max(...rows.map((r) => r[0].length));
  const w1 = Math.max(...rows.map((r) => r[1].length));
  console.log(`${'measure'.padEnd(w0)}  ${'result'.padEnd(w1)}  target`);
  console.log(`${'-'.repeat(w0)}  ${'-'.repeat(w1)}  ------`);
  for (const [a, b, c] of rows) console.log(`${a.padEnd(w0)}  ${b.padEnd(w1)}  ${c}`);
  clearTimeout(hardStop);
}

if (process.argv[2] === '--server') {
  void runServer(Number(process.argv[3]), process.argv[4] === 'qa-tap');
} else {
  main().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
}
