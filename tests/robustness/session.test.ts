import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { throttleOf } from '../../mock-server/security/throttle.ts';
import { resetDatabase } from '../../mock-server/seed/seed.ts';
import type { Clock } from '../../mock-server/services/clock.ts';
import { type TestServer } from '../../harness/server.ts';
import { useApiServer } from '../helpers/api-server.ts';
import { closeAgents, send } from '../../harness/robustness/fuzz-runner.ts';
import { measureLoginTiming } from '../../harness/robustness/login-timing.ts';

/**
 * R6 at property level (the API tests of tests/api/auth.test.ts cover the single cases): login timing does not
 * tell known accounts from unknown ones, tokens carry at least 128 random bits, and a model of sessions and
 * the failure limit agrees with the server over random sequences of logins, logouts, password changes, uses
 * and clock moves. `npm run bench:login` measures the timing with the production scrypt cost.
 */
afterAll(closeAgents);

describe('login timing', () => {
  // The test mode's scrypt (N=2^10, ~2 ms) is too cheap to see a skipped hash next to HTTP overhead; N=2^14
  // (~40 ms) is: an unknown account answered without hashing would be ~40 ms faster.
  const { t } = useApiServer({ scrypt: { N: 2 ** 14, r: 8, p: 1 } });

  it('is not faster for an unknown account than for a known one with a wrong password (by 20 ms, or 30 % under load)', async () => {
    const timing = await measureLoginTiming(t, { pairs: 40 });
    // On a quiet machine one login is ~45 ms and the bound is 20 ms; under load every step stretches alike (the
    // hash included), so the bound grows with the faster median: a skipped hash still shows as a gap of most of it.
    // What leaks is the unknown account answered sooner (no hash to make); a slower one is the machine's noise,
    // which on two busy cores reached 69 ms in a paired median of 20 (`npm run bench:login` measures both ways).
    const bound = Math.max(20, 0.3 * Math.min(timing.medianKnown, timing.medianUnknown));
    expect(timing.pairedMedian, JSON.stringify(timing)).toBeGreaterThan(-bound);
    // Both paths really hash: neither answers in a fraction of the other's time.
    expect(timing.medianUnknown).toBeGreaterThan(timing.medianKnown * 0.5);
    expect(timing.medianKnown).toBeGreaterThan(timing.medianUnknown * 0.5);
  }, 60_000);
});

describe('session tokens', () => {
  const { t } = useApiServer();

  it('carry at least 128 bits, never repeat, and no bit of them is fixed', async () => {
    const tokens: Buffer[] = [];
    for (let i = 0; i < 128; i++)
      tokens.push(Buffer.from(await t.login(i % 2 ? 'customer01' : 'agent01'), 'base64url'));
    expect(new Set(tokens.map((b) => b.toString('hex'))).size).toBe(tokens.length);
    const bits = Math.min(...tokens.map((b) => b.length)) * 8;
    expect(bits).toBeGreaterThanOrEqual(128);
    // Each bit position is set in about half of the tokens (4.5 sigma bounds); a counter, timestamp or
    // user id inside a token would show up as positions that are (nearly) always equal.
    const sigma = Math.sqrt(tokens.length) / 2;
    for (let bit = 0; bit < bits; bit++) {
      const ones = tokens.filter((b) => (b[bit >> 3]! >> (7 - (bit & 7))) & 1).length;
      expect(Math.abs(ones - tokens.length / 2), `bit ${bit}`).toBeLessThan(4.5 * sigma);
    }
  });
});

// ---- model-based: sessions, logout, password change, idle expiry and the failure limit ----

const MINUTE = 60_000;
const IDLE_MINUTES = 17; // not the default: the idle time is the server's option
const ACCOUNTS = ['customer01', 'customer02'] as const;
const NEW_PASSWORDS = ['Newpass123', 'Other4567', 'Customer123'];

interface SessionModel {
  account: string;
  lastSeen: number;
  alive: boolean;
}
interface Model {
  now: number;
  limit: number;
  windowMs: number;
  passwords: Record<string, string>;
  failures: Record<string, number[]>;
  sessions: SessionModel[];
}
interface Real {
  t: TestServer;
  clock: { now: number };
  tokens: string[];
}

/** What the server must think of a session at the model's `now` (its rule: idle > limit ends it; touched at most once a minute). */
function resolve(m: Model, s: SessionModel): boolean {
  if (!s.alive) return false;
  if (m.now - s.lastSeen > IDLE_MINUTES * MINUTE) {
    s.alive = false;
    return false;
  }
  if (m.now - s.lastSeen > MINUTE) s.lastSeen = m.now;
  return true;
}

const call = (r: Real, path: string, body: unknown, token?: string) =>
  send(r.t.url, path, JSON.stringify(body), { token });

class Login implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly who: number,
    readonly right: boolean,
  ) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const account = ACCOUNTS[this.who]!;
    const pw = this.right ? m.passwords[account]! : 'Wrong12345';
    const res = await call(r, 'admin/login', { account, password: r.t.encrypt(pw) });
    const recent = (m.failures[account] ?? []).filter((at) => at > m.now - m.windowMs);
    if (recent.length >= m.limit) {
      expect(res.status, 'over the failure limit').toBe(429);
      expect(JSON.parse(res.text).message).toMatch(/too many|minutes/i);
    } else if (this.right) {
      expect(res.status, `login ${account}`).toBe(200);
      m.failures[account] = [];
      m.sessions.push({ account, lastSeen: m.now, alive: true });
      r.tokens.push((JSON.parse(res.text) as { data: { token: string } }).data.token);
    } else {
      expect(res.status).toBe(400);
      m.failures[account] = [...recent, m.now];
    }
  }
  toString = () => `login(${ACCOUNTS[this.who]}, ${this.right ? 'right' : 'wrong'})`;
}

class Use implements fc.AsyncCommand<Model, Real> {
  constructor(readonly index: number) {}
  check = (m: Readonly<Model>) => m.sessions.length > 0;
  async run(m: Model, r: Real) {
    const i = this.index % m.sessions.length;
    const res = await call(r, 'admin/user_info', {}, r.tokens[i]);
    expect(res.status, `session ${i}`).toBe(resolve(m, m.sessions[i]!) ? 200 : 401);
  }
  toString = () => `use(${this.index})`;
}

class Logout implements fc.AsyncCommand<Model, Real> {
  constructor(readonly index: number) {}
  check = (m: Readonly<Model>) => m.sessions.length > 0;
  async run(m: Model, r: Real) {
    const i = this.index % m.sessions.length;
    const res = await call(r, 'admin/logout', {}, r.tokens[i]);
    const alive = resolve(m, m.sessions[i]!);
    expect(res.status).toBe(alive ? 200 : 401);
    m.sessions[i]!.alive = false;
  }
  toString = () => `logout(${this.index})`;
}

class ChangePassword implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly index: number,
    readonly oldRight: boolean,
    readonly next: string,
  ) {}
  check = (m: Readonly<Model>) => m.sessions.length > 0;
  async run(m: Model, r: Real) {
    const i = this.index % m.sessions.length;
    const s = m.sessions[i]!;
    const old = this.oldRight ? m.passwords[s.account]! : 'Wrong12345';
    const res = await call(
      r,
      'admin/update_password',
      { old_password: r.t.encrypt(old), new_password: r.t.encrypt(this.next) },
      r.tokens[i],
    );
    // Issue 20: the old-password check shares the account's failure limit with login (same source here).
    const recent = (m.failures[s.account] ?? []).filter((at) => at > m.now - m.windowMs);
    if (!resolve(m, s)) expect(res.status).toBe(401);
    else if (recent.length >= m.limit) expect(res.status, 'old password over the failure limit').toBe(429);
    else if (!this.oldRight) {
      expect(res.status).toBe(400);
      m.failures[s.account] = [...recent, m.now];
    } else if (this.next === old) {
      // The same password again would end every session for nothing: refused, and the right old one is no failure.
      expect(res.status).toBe(400);
      expect((JSON.parse(res.text) as { key?: string }).key).toBe('validation.password_same_as_old');
    } else {
      expect(res.status).toBe(200);
      m.passwords[s.account] = this.next;
      for (const other of m.sessions) if (other.account === s.account) other.alive = false;
    }
  }
  toString = () => `changePassword(${this.index}, old ${this.oldRight ? 'right' : 'wrong'}, ${this.next})`;
}

class Advance implements fc.AsyncCommand<Model, Real> {
  constructor(readonly ms: number) {}
  check = () => true;
  async run(m: Model, r: Real) {
    m.now += this.ms;
    r.clock.now = m.now;
  }
  toString = () => `advance(${(this.ms / MINUTE).toFixed(2)} min)`;
}

const commands = [
  // Right passwords more often than wrong ones, or the limit locks both accounts early in most runs.
  fc
    .tuple(fc.integer({ min: 0, max: 1 }), fc.boolean(), fc.boolean())
    .map(([w, a, b]) => new Login(w, a || b)),
  fc.nat(30).map((i) => new Use(i)),
  fc.nat(30).map((i) => new Use(i)),
  fc.nat(30).map((i) => new Logout(i)),
  fc
    .tuple(fc.nat(30), fc.boolean(), fc.constantFrom(...NEW_PASSWORDS))
    .map(([i, ok, pw]) => new ChangePassword(i, ok, pw)),
  fc
    .oneof(fc.integer({ min: 0, max: 3 * MINUTE }), fc.integer({ min: 5 * MINUTE, max: 25 * MINUTE }))
    .map((ms) => new Advance(ms)),
];

describe('sessions and the failure limit, as a model', () => {
  const clock = { now: Date.parse('2026-03-01T10:00:00Z') };
  const serverClock: Clock = { now: () => clock.now };
  const { t } = useApiServer({ clock: serverClock, sessionIdleMinutes: IDLE_MINUTES });

  it('agrees with the server over random sequences (logout, password change, idle expiry, limit and window)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 20 }),
        fc.commands(commands, { maxCommands: 40, size: 'large' }),
        async (limit, windowMinutes, cmds) => {
          clock.now = Date.parse('2026-03-01T10:00:00Z');
          resetDatabase(t.services);
          // The per-source guess budget has its own suite (tests/api/throttle.test.ts); here only the account limit.
          throttleOf(t.services).configure({ capacity: 100_000 });
          const { settings } = t.services;
          settings.set('subscriber_config_default', {
            ...settings.require('subscriber_config_default'),
            failed_login_limit: limit,
            failure_window_minutes: windowMinutes,
          });
          const model: Model = {
            now: clock.now,
            limit,
            windowMs: windowMinutes * MINUTE,
            passwords: { customer01: 'Customer123', customer02: 'Customer123' },
            failures: {},
            sessions: [],
          };
          await fc.asyncModelRun(() => ({ model, real: { t, clock, tokens: [] } }), cmds);
        },
      ),
      { numRuns: 40, seed: 20260101 },
    );
  }, 120_000);
});
