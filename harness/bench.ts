import { constants, createPublicKey, publicEncrypt } from 'node:crypto';
import type { MockServer } from '../mock-server/app.ts';
import { users } from '../fixtures/seed/users.ts';

/** Shared by the `npm run bench:*` scripts: HTTP calls as the console makes them, timing, the printed table. */

export interface Answer {
  status: boolean;
  message?: string;
  data?: unknown;
}

/** A client of a listening mock server: `call` over real HTTP, `tokenOf` logs a seeded account in. */
export function benchClient(server: MockServer) {
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const key = createPublicKey({ key: Buffer.from(server.mock.services.rsa.spki, 'base64'), format: 'der', type: 'spki' });
  async function call(path: string, body: unknown, token?: string): Promise<Answer> {
    const res = await fetch(`${base}/api/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'en', ...(token ? { token } : {}) },
      body: JSON.stringify(body),
    });
    return (await res.json()) as Answer;
  }
  async function tokenOf(account: string): Promise<string> {
    const password = users.find((u) => u.account === account)?.password;
    if (!password) throw new Error(`no seeded account ${account}`);
    const encrypted = publicEncrypt({ key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(password)).toString('base64');
    const login = await call('admin/login', { account, password: encrypted });
    if (!login.status) throw new Error(`login ${account} failed: ${login.message}`);
    return (login.data as { token: string }).token;
  }
  return { base, call, tokenOf };
}

export interface Timing {
  p50: number;
  p95: number;
  max: number;
}

/** `warmup` untimed runs, then `iterations` sequential timed ones (ms). */
export async function timeRuns(run: () => unknown, iterations: number, warmup = 20): Promise<Timing> {
  for (let i = 0; i < warmup; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const t = performance.now();
    await run();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  return { p50: at(0.5), p95: at(0.95), max: times[times.length - 1]! };
}

export const ms = (n: number) => `${n.toFixed(2)} ms`;

/** A Markdown table (pasteable into docs/speed-and-figures.md) of string cells. */
export function printTable(header: readonly string[], rows: readonly (readonly string[])[]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of rows) console.log(line(r));
}

/** One row of a declarative HTTP bench: which call, as whom, with what body, and its p95 target. */
export interface BenchCall<F> {
  readonly call: string;
  /** Whose data, in words (the table's scope column). */
  readonly scope: string | ((f: F) => string);
  /** Seeded account the call is made as; null: no token (a public call). */
  readonly as: string | null;
  body(f: F): unknown;
  /** p95 target in ms. */
  readonly target: number;
  /** What the answer held, in a few words (checked on the warm-up answer). */
  detail?(data: unknown): string;
}

/** Time each call over HTTP; a refused call stops the bench (a fast 4xx would be a false figure). */
export async function runBenchCalls<F>(
  calls: readonly BenchCall<F>[],
  f: F,
  client: ReturnType<typeof benchClient>,
  iterations: number,
): Promise<string[][]> {
  const tokens = new Map<string, string>();
  const rows: string[][] = [];
  for (const c of calls) {
    let token: string | undefined;
    if (c.as) {
      if (!tokens.has(c.as)) tokens.set(c.as, await client.tokenOf(c.as));
      token = tokens.get(c.as);
    }
    const body = c.body(f);
    const first = await client.call(c.call, body, token);
    if (!first.status) throw new Error(`${c.call}: ${first.message}`);
    const t = await timeRuns(() => client.call(c.call, body, token), iterations);
    const scope = typeof c.scope === 'string' ? c.scope : c.scope(f);
    rows.push([c.call, scope, ms(t.p50), ms(t.p95), `p95 < ${c.target} ms`, t.p95 < c.target ? 'yes' : 'NO', c.detail?.(first.data) ?? '']);
  }
  return rows;
}
