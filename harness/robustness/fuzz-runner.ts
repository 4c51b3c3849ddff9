import http from 'node:http';
import fc from 'fast-check';
import { failureEnvelope, OWNED_REFS, passwordRule, type CallDef } from '../../contracts/index.ts';
import { servedDocumentCheck, type DocumentCheck } from '../document-check.ts';
import { users } from '../../fixtures/seed/users.ts';
import { startTestServer, type TestServer } from '../server.ts';
import { changedTables, checksumTracker, type Checksum } from './checksum.ts';
import { validOf, type DeriveContext } from './derive.ts';
import { caseOf, describeBody, encodeBody, type FuzzCase } from './hostile.ts';
import { callerFor, IDENTITY_ACCOUNT, mintToken, repairAccount, sessionAlive, type Identity } from './identities.ts';
import { refValues } from './owned-rows.ts';

/** Longest a single answer may take before the case counts as a hang. */
export const REQUEST_TIMEOUT_MS = 10_000;

export interface Sent {
  /** HTTP status, 0 when no answer came (timeout, connection reset). */
  status: number;
  contentType: string;
  text: string;
  ms: number;
  error?: string;
}

const agents = new Map<string, http.Agent>();
/** One keep-alive connection per server: node:http is about three times lighter than fetch here. */
function agentFor(origin: string): http.Agent {
  let agent = agents.get(origin);
  if (!agent) agents.set(origin, (agent = new http.Agent({ keepAlive: true, maxSockets: 1 })));
  return agent;
}
export function closeAgents(): void {
  for (const a of agents.values()) a.destroy();
  agents.clear();
}

/** POST raw text to /api/{path}; never throws (no answer → status 0 with the error). */
export function send(
  baseUrl: string,
  path: string,
  text: string,
  { token, contentType = 'application/json', timeoutMs = REQUEST_TIMEOUT_MS }: { token?: string; contentType?: string; timeoutMs?: number } = {},
): Promise<Sent> {
  const url = new URL(`/api/${path}`, baseUrl);
  const started = performance.now();
  return new Promise((resolve) => {
    let done = false;
    const finish = (r: Omit<Sent, 'ms'>) => {
      if (done) return;
      done = true;
      resolve({ ...r, ms: performance.now() - started });
    };
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        agent: agentFor(url.origin),
        headers: {
          'content-type': contentType,
          'content-length': Buffer.byteLength(text),
          'accept-language': 'en',
          ...(token ? { token } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => finish({ status: res.statusCode ?? 0, contentType: String(res.headers['content-type'] ?? ''), text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', (e) => finish({ status: 0, contentType: '', text: '', error: `${e.name}: ${e.message}` }));
      },
    );
    req.setTimeout(timeoutMs, () => {
      finish({ status: 0, contentType: '', text: '', error: `timeout after ${timeoutMs} ms` });
      req.destroy();
    });
    // A server may answer (413) and close before reading a large body: the answer counts, the write error not.
    req.on('error', (e) => setTimeout(() => finish({ status: 0, contentType: '', text: '', error: `${e.name}: ${e.message}` }), 50));
    req.end(text);
  });
}

export interface FuzzFailure {
  call: string;
  kind: string;
  problem: string;
  status: number;
  request: string;
  answer: string;
}

export interface FuzzStats {
  call: string;
  identity: Identity;
  cases: number;
  s2xx: number;
  s4xx: number;
  s5xx: number;
  /** No answer or an answer outside 2xx/4xx/5xx. */
  other: number;
  slowestMs: number;
  slowestKind: string;
  /** Cases per strategy (valid, missing, extra, string, number, raw, ...). */
  kinds: Record<string, number>;
  failures: FuzzFailure[];
}

/**
 * Judge one answer against the robustness rules: envelope with 2xx or 4xx, a 2xx `data` that matches the
 * call's response schema, a well-formed failure envelope otherwise. Returns the problem, or null.
 */
export function judge(call: CallDef, sent: Sent): string | null {
  if (sent.status === 0) return `no answer within ${REQUEST_TIMEOUT_MS} ms (${sent.error ?? 'unknown'})`;
  if (sent.status >= 500) return `server error ${sent.status}`;
  if (!(sent.status >= 200 && sent.status < 300) && !(sent.status >= 400 && sent.status < 500)) return `unexpected status ${sent.status}`;
  if (!sent.contentType.includes('application/json')) return `content-type ${sent.contentType || 'missing'}, not JSON`;
  let json: unknown;
  try {
    json = JSON.parse(sent.text);
  } catch {
    return 'answer is not JSON';
  }
  if (sent.status < 300) {
    const env = json as { status?: unknown; data?: unknown };
    if (env?.status !== true) return '2xx without status: true';
    const checked = call.response.safeParse(env.data);
    if (!checked.success) return `2xx data breaks the response schema: ${JSON.stringify(checked.error.issues[0])}`;
    return null;
  }
  const failure = failureEnvelope.safeParse(json);
  if (!failure.success || !failure.data.message.trim()) return '4xx is not { status: false, message }';
  return null;
}

export interface FuzzEnv {
  readonly server: TestServer;
  readonly ctx: DeriveContext;
  readonly tokens: Map<Identity, string>;
  /** Lines the server logged (it logs only unexpected errors, with their stack). */
  readonly logs: string[];
  /** Checksum of the database (cached between writes). */
  readonly checksum: () => Checksum;
  /** The served OpenAPI document as an outside validator reads it (ajv): every answer must fit it too. */
  readonly document: DocumentCheck;
}

/** Short strings already in the database (accounts, codes, names): valid cases then address real rows. */
function dictionaryOf(server: TestServer): string[] {
  const db = server.db;
  const words = new Set<string>();
  const tables = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT IN ('settings', 'sessions') AND name NOT LIKE 'sqlite_%'`).pluck().all() as string[];
  for (const t of tables) {
    const cols = db.prepare(`SELECT name FROM pragma_table_info(?) WHERE type = 'TEXT'`).pluck().all(t) as string[];
    for (const c of cols.filter((x) => !/hash|secret|password/.test(x))) {
      // Names come from sqlite_master / table_info, never from input.
      const rows = db.prepare(`SELECT DISTINCT "${c}" FROM "${t}" WHERE length("${c}") BETWEEN 1 AND 64 LIMIT 40`).pluck().all() as string[];
      rows.forEach((w) => words.add(w));
    }
  }
  return [...words].sort();
}

export async function createFuzzEnv(options: { staticDir?: string } = {}): Promise<FuzzEnv> {
  const logs: string[] = [];
  const server = await startTestServer({ log: (line) => logs.push(line), ...options });
  const passwords = fc.oneof(fc.constantFrom(...users.map((u) => u.password)), validOf(passwordRule, { dictionary: [], passwords: fc.constant('') }) as fc.Arbitrary<string>);
  return {
    server,
    ctx: { dictionary: dictionaryOf(server), passwords },
    tokens: new Map(),
    logs,
    checksum: checksumTracker(server.db),
    document: await servedDocumentCheck(server.url),
  };
}

/** A live token for the identity, minting a new one when a fuzzed logout or password change ended it. */
function tokenFor(env: FuzzEnv, identity: Identity): string | undefined {
  if (identity === 'anonymous') return undefined;
  repairAccount(env.server.services, identity);
  const known = env.tokens.get(identity);
  if (known && sessionAlive(env.server.services, known)) return known;
  const fresh = mintToken(env.server.services, identity)!;
  env.tokens.set(identity, fresh);
  return fresh;
}

/** Seed of a call: the run's seed mixed with its path, so adding a call does not change the others' cases. */
export function seedOf(seed: number, path: string): number {
  let h = seed | 0;
  for (const ch of path) h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0;
  return h;
}

export function casesOf(call: CallDef, ctx: DeriveContext, runs: number, seed: number): FuzzCase[] {
  return fc.sample(caseOf(call.request, call.encryptedFields ?? [], ctx), { numRuns: runs, seed: seedOf(seed, call.path) });
}

/** Run `runs` generated cases against one call through real HTTP; collects every broken rule. */
export async function fuzzCall(env: FuzzEnv, call: CallDef, { runs, seed }: { runs: number; seed: number }): Promise<FuzzStats> {
  const identity = callerFor(call);
  const stats: FuzzStats = { call: call.path, identity, cases: 0, s2xx: 0, s4xx: 0, s5xx: 0, other: 0, slowestMs: 0, slowestKind: '', kinds: {}, failures: [] };
  const { server } = env;
  const own = await ownValues(env, call, identity);
  for (const [i, c] of casesOf(call, env.ctx, runs, seed).entries()) {
    const token = tokenFor(env, identity);
    const before = env.checksum();
    const body = c.kind === 'valid' && i % 2 === 0 ? withOwn(c.body, own, i) : c.body;
    const sent = await send(server.url, call.path, encodeBody(body, server.encrypt), { token, contentType: c.contentType });
    stats.cases++;
    stats.kinds[c.kind] = (stats.kinds[c.kind] ?? 0) + 1;
    if (sent.ms > stats.slowestMs) [stats.slowestMs, stats.slowestKind] = [sent.ms, c.kind];
    if (sent.status >= 200 && sent.status < 300) stats.s2xx++;
    else if (sent.status >= 400 && sent.status < 500) stats.s4xx++;
    else if (sent.status >= 500) stats.s5xx++;
    else stats.other++;

    let problem = judge(call, sent) ?? offDocument(env, call, sent);
    if (!problem && sent.status >= 400) {
      const changed = changedTables(before, env.checksum());
      if (changed.length) problem = `refused (${sent.status}) yet changed ${changed.join(', ')}`;
    }
    if (problem) {
      const logged = sent.status >= 500 ? env.logs.splice(0).join(' | ').slice(0, 600) : '';
      stats.failures.push({ call: call.path, kind: c.kind, problem, status: sent.status, request: describeBody(c.body), answer: (sent.text.slice(0, 300) + (logged ? ` [server log: ${logged}]` : '')) });
    }
  }
  // The server must still be alive and answering after the whole run.
  const alive = await send(server.url, 'ping', '{"value":10}');
  if (alive.status !== 200) {
    stats.failures.push({ call: call.path, kind: 'after', problem: `server no longer answers ping (${alive.status} ${alive.error ?? ''})`, status: alive.status, request: '', answer: alive.text.slice(0, 300) });
  }
  return stats;
}

/** Where an answer (already judged well-formed) breaks what the served document declares for it, or null. */
function offDocument(env: FuzzEnv, call: CallDef, sent: Sent): string | null {
  const problems = env.document.answer(call.path, sent.status, JSON.parse(sent.text));
  return problems.length ? `answer breaks the published document: ${problems.join('; ')}` : null;
}

/** The caller's own values of the fields contracts/ownership.ts declares for a call (ids of its rows). */
async function ownValues(env: FuzzEnv, call: CallDef, identity: Identity): Promise<Record<string, unknown[]>> {
  const refs = OWNED_REFS[call.path as keyof typeof OWNED_REFS];
  if (!refs || identity === 'anonymous') return {};
  const user = env.server.services.users.byAccount(IDENTITY_ACCOUNT[identity])!;
  const who = { identity, id: user.id, account: user.account, token: tokenFor(env, identity)! };
  const out: Record<string, unknown[]> = {};
  for (const [field, ref] of Object.entries(refs)) out[field] = await refValues(env.server, who, ref);
  return out;
}

/** Half of the valid cases name the caller's own rows where the call takes owned ids (else most hit 404). */
function withOwn(body: unknown, own: Record<string, unknown[]>, i: number): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const out: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const [field, values] of Object.entries(own)) {
    if (!(field in out) || !values.length) continue;
    const v = values[(i >> 1) % values.length];
    out[field] = Array.isArray(out[field]) ? [v] : v;
  }
  return out;
}

/** Calls grouped by the first segment of their path (one server per family). */
export function families(calls: readonly CallDef[]): Map<string, CallDef[]> {
  const out = new Map<string, CallDef[]>();
  for (const c of calls) {
    const family = c.path.split('/')[0]!;
    out.set(family, [...(out.get(family) ?? []), c]);
  }
  return out;
}
