import { brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import type { NextFunction, Request, Response } from 'express';
import {
  API_PREFIX,
  CONTROL_PREFIX,
  FrameType,
  SHORT_PREFIX,
  UPLOAD_URL_PREFIX,
  VISIT_PREFIX,
  type ClientFrame,
  type ConsoleEffect,
  type EffectJournalEntry,
  type HttpJournalEntry,
  type JournalEntry,
  type JournalKind,
  type JournalFilter,
  type KeptBody,
} from '../../contracts/index.ts';
import { tokenOf } from '../http/router.ts';
import { hashToken } from '../services/sessions.ts';
import type { Users } from '../services/users.ts';
import { FAULT_NOTE } from './http-faults.ts';
import { createMasker, cutMarker, maskedJson } from './journal-mask.ts';
import { containsJson, testAt, testMatcher, textOf } from './journal-match.ts';

/** Keys whose values a recording never keeps (mock-server/outside/): passwords, tokens, keys, codes. */
const SECRET_KEY = /pass(word)?|token|secret|totp|captcha|private|pem|(^|_)key$|^key/i;
const NAME_MASK = '***';
const NAME_MASK_DEPTH = 32;

/**
 * A copy of `value` with every secret-named field's value replaced by `***` (to 32 levels): by name only, the
 * same way for the recorder and the replayer (a replay finds a recorded call by its masked body). The journal
 * masks more (journal-mask.ts).
 */
export function maskSecrets(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth >= NAME_MASK_DEPTH) return '[nested too deep]';
  if (Array.isArray(value)) return value.map((v) => maskSecrets(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = SECRET_KEY.test(k) && v !== null && typeof v !== 'object' ? NAME_MASK : maskSecrets(v, depth + 1);
  return out;
}

/** Entries kept at most when none is given (MOCK_JOURNAL_SIZE / `--journal-size`). */
export const DEFAULT_JOURNAL_SIZE = 5000;
/** Bytes kept at most (MOCK_JOURNAL_BYTES): the stated ceiling of the journal's memory. */
export const DEFAULT_JOURNAL_BYTES = 32 * 1024 * 1024;
/** Characters of one body kept at most (MOCK_JOURNAL_BODY_BYTES); the rest is cut with a marker. */
export const DEFAULT_BODY_CAP = 64 * 1024;
/** What an entry costs besides its texts (object headers, numbers, the ring's slot): counted with its bytes. */
const ENTRY_OVERHEAD = 400;
/** A header value or a URL is cut past this many characters. */
const LINE_CAP = 2048;
/** Long polls waiting at once, at most (more answer at once). */
const MAX_WAITERS = 100;

/** The share page's call (the public statistics page a code's owner hands out). */
const SHARE_CALLS = new Set(['qr_code_list/share_access']);
/** Calls whose answer is a file the person downloads. */
const DOWNLOAD_CALLS = new Set(['async_operations/download']);
const UPLOAD_CALL = 'file/add';

const FRAME_NAMES = new Map<number, string>(Object.entries(FrameType.values).map(([name, code]) => [code as number, name]));

type HttpKind = Exclude<JournalKind, 'frame' | 'effect'>;
type FrameEntry = Extract<JournalEntry, { kind: 'frame' }>;
/** A body as kept: `text` is JSON text for `json`, the text itself for `text` and `binary` (a marker), '' for `none`. */
type StoredBody = Omit<KeptBody, 'content'> & { text: string };
const contentOf = (b: StoredBody): KeptBody['content'] => (b.type === 'json' ? (JSON.parse(b.text) as KeptBody['content']) : b.type === 'none' ? null : b.text);

/** An entry as kept: bodies as text (JSON text for `json`), parsed only when answered. */
type Stored =
  | (Omit<HttpJournalEntry, 'request' | 'response'> & {
      request: { headers: Record<string, string>; query: Record<string, string>; body: StoredBody };
      response: { headers: Record<string, string>; body: StoredBody };
      bytes: number;
    })
  | (Omit<FrameEntry, 'data'> & { data: StoredBody; bytes: number })
  | (Omit<EffectJournalEntry, 'data'> & { data: StoredBody; bytes: number });
type HttpStored = Extract<Stored, { kind: HttpKind }>;
const isHttp = (e: Stored): e is HttpStored => e.kind !== 'frame' && e.kind !== 'effect';

/** An effect's key: its output, or its input step's name (`answer:ping`, `route:/x`, `socket:frame:5` …). */
function effectKey(e: ConsoleEffect): string {
  if (e.output !== undefined) return e.output;
  if (e.draw !== undefined) return 'random';
  const [name, value] = Object.entries(e.input ?? {})[0] ?? ['input', null];
  if (typeof value === 'string') return `${name}:${value}`.slice(0, 300);
  if (name === 'socket' && value && typeof value === 'object' && !Array.isArray(value)) {
    const socket = value as Record<string, unknown>;
    const frame = socket.frame as { type?: unknown } | undefined;
    if (frame) return `socket:frame:${String(frame.type)}`;
    if (socket.close !== undefined) return `socket:close:${String(socket.close)}`;
    return 'socket:open';
  }
  if (name === 'dispatch' && value && typeof value === 'object' && 'type' in value) return `dispatch:${String(value.type)}`.slice(0, 300);
  return name;
}

/** A filter with its user already resolved to an id. */
export type ResolvedQuery = Omit<JournalFilter, 'user'> & { user_id?: number };

export interface JournalOptions {
  readonly users: Pick<Users, 'byId' | 'byAccount' | 'bySession'>;
  /** Entries kept at most (0: no journal). */
  readonly maxEntries?: number;
  /** Bytes kept at most; the oldest entries leave first. */
  readonly maxBytes?: number;
  /** Characters of one body kept at most. */
  readonly bodyCap?: number;
}

const utf8 = (s: string) => Buffer.byteLength(s);
const cutLine = (s: string) => (s.length > LINE_CAP ? s.slice(0, LINE_CAP) + cutMarker(utf8(s), LINE_CAP) : s);
const NONE: StoredBody = { type: 'none', text: '', bytes: 0, cut: false };

/** A path segment as text (a malformed escape stays as sent). */
function decodedSegment(s: string): string | null {
  try {
    return decodeURIComponent(s).slice(0, 200) || null;
  } catch {
    return s.slice(0, 200) || null;
  }
}

/**
 * The answer's first `cap` bytes as they go on the wire, and how many there were: `res.write` and `res.end`
 * wrapped. In a function of its own on purpose: closures share their scope's variables, and wrappers made next
 * to the request would keep it (and a 1 MB body) alive as long as the answer object lives, which made the
 * garbage of large posts outlive quick collections (the dev mock's memory doubled under them).
 */
function captureAnswer(res: Response, cap: number, ended: () => void): { kept: Buffer[]; wire: () => number } {
  const kept: Buffer[] = [];
  let keptBytes = 0;
  let wire = 0;
  const take = (chunk: unknown, encoding: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
    const buf = Buffer.isBuffer(chunk) ? chunk : chunk instanceof Uint8Array ? Buffer.from(chunk) : Buffer.from(String(chunk), typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
    wire += buf.length;
    if (keptBytes < cap) {
      // A copy of the part kept: a slice would hold the whole (maybe 1 MB) buffer alive.
      const part = Buffer.from(buf.subarray(0, cap - keptBytes));
      kept.push(part);
      keptBytes += part.length;
    }
  };
  const write = res.write;
  const end = res.end;
  res.write = function (this: Response, chunk: unknown, ...rest: unknown[]) {
    take(chunk, rest[0]);
    const ok = (write as (...a: unknown[]) => boolean).call(this, chunk, ...rest);
    // A streamed answer (a download) calls end() only after one more read of its file finds the end, and the
    // client, holding every byte its Content-Length announced, may ask about the exchange before that: with the
    // declared length written, the answer is complete.
    const declared = Number(this.getHeader('content-length'));
    if (Number.isFinite(declared) && wire >= declared) ended();
    return ok;
  } as Response['write'];
  res.end = function (this: Response, chunk?: unknown, ...rest: unknown[]) {
    take(chunk, rest[0]);
    const done = (end as (...a: unknown[]) => Response).call(this, chunk, ...rest);
    ended();
    return done;
  } as Response['end'];
  return { kept, wire: () => wire };
}

/** Which kind of exchange a request is, and its call; null for what the journal leaves out (control API, files of the console). */
function classify(req: Request): { kind: HttpKind; call: string | null } | null {
  const path = req.path;
  if (path.startsWith(CONTROL_PREFIX)) return null;
  if (path.startsWith(API_PREFIX)) {
    const call = path.slice(API_PREFIX.length).replace(/\/$/, '').toLowerCase();
    if (call === UPLOAD_CALL) return { kind: 'upload', call };
    if (SHARE_CALLS.has(call)) return { kind: 'share', call };
    if (DOWNLOAD_CALLS.has(call)) return { kind: 'download', call };
    return { kind: 'api', call };
  }
  if (path.startsWith(VISIT_PREFIX)) return { kind: 'visit', call: decodedSegment(path.slice(VISIT_PREFIX.length)) };
  if (path.startsWith(SHORT_PREFIX)) return { kind: 'visit', call: decodedSegment(path.slice(SHORT_PREFIX.length)) };
  if (path.startsWith(UPLOAD_URL_PREFIX)) return { kind: 'download', call: null };
  return null;
}

/** An answer's bytes as text: decompressed when sent compressed (even when only its start was kept). */
function decoded(raw: Buffer, encoding: string | undefined, cap: number): Buffer {
  const max = { maxOutputLength: Math.max(cap * 4, 1024 * 1024) };
  try {
    if (encoding === 'gzip') return gunzipSync(raw, { finishFlush: constants.Z_SYNC_FLUSH, ...max });
    if (encoding === 'br') return brotliDecompressSync(raw, { finishFlush: constants.BROTLI_OPERATION_FLUSH, ...max });
  } catch {
    return raw;
  }
  return raw;
}

const TEXTUAL = /^(text\/|application\/(json|javascript|xml|x-www-form-urlencoded)|[^;]*\+json)/i;

/**
 * The journal of the mock (dev and test modes): every API call, visit, share-page call, upload and download
 * (method, path and query, headers, client address, request and answer bodies, status, timing) and every
 * WebSocket frame in and out, with secrets masked (journal-mask.ts). Bounded by entries and by bytes: a body
 * longer than `bodyCap` is cut with a marker, and the oldest entries leave once `maxBytes` would be passed, so
 * no traffic grows it past its ceiling. Entries carry a rising `seq`; `after_seq` + `wait_ms` make a live
 * time line. Queried by the control API (`/__control/journal`) and `npm run journal`.
 */
export function createJournal(options: JournalOptions) {
  const maxEntries = Math.max(0, options.maxEntries ?? DEFAULT_JOURNAL_SIZE);
  const maxBytes = Math.max(64 * 1024, options.maxBytes ?? DEFAULT_JOURNAL_BYTES);
  const bodyCap = Math.max(256, options.bodyCap ?? DEFAULT_BODY_CAP);
  const on = maxEntries > 0;
  const { users } = options;
  const masker = createMasker();

  let ring: Stored[] = [];
  let head = 0;
  let bytes = 0;
  let seq = 0;
  let evicted = 0;
  const accounts = new Map<number, string | null>();
  const accountOf = (id: number | null) => {
    if (id === null) return null;
    if (!accounts.has(id)) accounts.set(id, users.byId(id)?.account ?? null);
    return accounts.get(id) ?? null;
  };
  /** Long polls (`wait_ms`): `check` when an entry arrives, `end` when the journal is cleared or stops. */
  const waiters = new Set<{ check(): void; end(): void }>();
  let wakeQueued = false;

  function add(entry: Stored) {
    if (!on) return;
    ring.push(entry);
    bytes += entry.bytes;
    while (ring.length - head > maxEntries || (bytes > maxBytes && ring.length - head > 1)) {
      bytes -= ring[head]!.bytes;
      ring[head] = undefined as unknown as Stored;
      head += 1;
      evicted += 1;
    }
    // Compact now and then rather than shift on every eviction.
    if (head > 1024 && head * 2 > ring.length) {
      ring = ring.slice(head);
      head = 0;
    }
    if (waiters.size && !wakeQueued) {
      wakeQueued = true;
      setImmediate(() => {
        wakeQueued = false;
        for (const w of [...waiters]) w.check();
      });
    }
  }
  const nextSeq = () => (seq += 1);
  const live = () => ring.slice(head);

  /** The user a token belongs to now (the session lookup the router does), without keeping the session alive. */
  function userOfToken(token: string | null): number | null {
    return token ? (users.bySession(hashToken(token))?.id ?? null) : null;
  }

  function keepJson(value: unknown, size: number): StoredBody {
    const { text, cut } = maskedJson(value, masker, bodyCap);
    return cut ? { type: 'text', text: text + cutMarker(size, bodyCap), bytes: size, cut: true } : { type: 'json', text, bytes: size, cut: false };
  }
  function keepText(text: string, size: number): StoredBody {
    const cut = text.length > bodyCap;
    const kept = masker.maskText(cut ? text.slice(0, bodyCap) : text);
    return { type: 'text', text: cut ? kept + cutMarker(size, bodyCap) : kept, bytes: size, cut };
  }
  const keepBinary = (what: string, size: number): StoredBody => ({ type: 'binary', text: `[${what}, ${size.toLocaleString('en')} bytes]`, bytes: size, cut: false });

  function headersOf(source: Record<string, unknown>): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [name, raw] of Object.entries(source)) {
      if (raw === undefined) continue;
      const value = Array.isArray(raw) ? raw.join(', ') : String(raw);
      out[name.toLowerCase()] = cutLine(masker.header(name, value));
    }
    return out;
  }

  /** The query as kept (secrets by name and shape) and the URL rebuilt from it. */
  function queryOf(req: Request): { query: Record<string, string>; url: string } {
    const original = req.originalUrl;
    const at = original.indexOf('?');
    if (at < 0) return { query: {}, url: cutLine(masker.maskText(original)) };
    const params = new URLSearchParams(original.slice(at + 1));
    const query: Record<string, string> = {};
    const kept = new URLSearchParams();
    for (const [k, v] of params) {
      const value = masker.isSecretName(k) ? String(masker.secretValue(v)) : masker.maskText(v);
      query[k] = query[k] === undefined ? cutLine(value) : `${query[k]},${cutLine(value)}`;
      kept.append(k, value);
    }
    return { query, url: cutLine(`${masker.maskText(original.slice(0, at))}?${kept.toString().replaceAll('%2A%2A%2A', '***')}`) };
  }

  function requestBody(req: Request, kind: HttpKind): StoredBody {
    const declared = Number(req.get('content-length'));
    const size = Number.isFinite(declared) ? declared : 0;
    if (kind === 'upload' && req.is('multipart/form-data')) return keepBinary(`${req.get('content-type')?.split(';')[0] ?? 'multipart'} upload`, size);
    const body: unknown = req.body;
    if (body === undefined || (size === 0 && req.method !== 'POST')) return NONE;
    return keepJson(body, size);
  }

  function answerBody(res: Response, raw: Buffer, wire: number): StoredBody {
    if (wire === 0) return NONE;
    const type = String(res.getHeader('content-type') ?? '');
    const encoding = res.getHeader('content-encoding') as string | undefined;
    if (!TEXTUAL.test(type)) return keepBinary(type.split(';')[0] || 'no type', wire);
    const text = decoded(raw, encoding, bodyCap).toString('utf8');
    // Whole JSON (everything was kept and it parses): masked by name as well as by shape.
    if (/json/i.test(type) && raw.length === wire && text.length <= bodyCap) {
      try {
        return keepJson(JSON.parse(text), wire);
      } catch {
        // Not JSON after all (a malformed-body fault): kept as text.
      }
    }
    return keepText(text, wire);
  }

  function summaryOf(e: { method: string; url: string; status: number; account: string | null; duration_ms: number; fault?: string }): string {
    const path = e.url.split('?')[0];
    const outcome = e.status ? String(e.status) : 'no answer';
    return `${e.method} ${path} → ${outcome}${e.fault ? ` (${e.fault})` : ''}${e.account ? ` · ${e.account}` : ''} · ${e.duration_ms.toFixed(1)} ms`;
  }

  const sizeOfHttp = (e: Omit<Extract<Stored, { kind: HttpKind }>, 'bytes'>) => {
    let n = ENTRY_OVERHEAD + utf8(e.url) + utf8(e.summary) + e.request.body.text.length + e.response.body.text.length;
    for (const h of [e.request.headers, e.response.headers, e.request.query]) for (const [k, v] of Object.entries(h)) n += k.length + utf8(v);
    return n;
  };

  /** Express middleware before everything that answers: records the exchange once its connection is done with it. */
  function http(req: Request, res: Response, next: NextFunction) {
    if (!on) return next();
    const what = classify(req);
    if (!what) return next();
    const at = Date.now();
    const started = performance.now();
    const userId = what.kind === 'visit' ? null : userOfToken(tokenOf(req));
    // Read now: by the time the answer is done Express has rewritten req.url for mounted routers.
    const { query, url } = queryOf(req);
    const method = req.method;
    const clientIp = req.ip ?? req.socket.remoteAddress ?? '';
    const requestHeaders = headersOf(req.headers);

    // `record` is defined below; it runs once the answer has ended (see the comment there).
    const answer = captureAnswer(res, bodyCap, () => record());

    let recorded = false;
    const record = () => {
      if (recorded) return;
      recorded = true;
      const fault = (res.locals as Record<symbol, unknown>)[FAULT_NOTE] as string | undefined;
      const answered = res.headersSent;
      const status = answered ? res.statusCode : 0;
      const rawBody = req.body as unknown;
      let user = userId;
      // A login names its user once it succeeded: the account it named.
      if (user === null && status === 200 && what.kind === 'api' && rawBody && typeof rawBody === 'object' && 'account' in rawBody && typeof rawBody.account === 'string') {
        user = users.byAccount(rawBody.account)?.id ?? null;
      }
      const account = accountOf(user);
      const duration = Math.round((performance.now() - started) * 100) / 100;
      const request = { headers: requestHeaders, query, body: requestBody(req, what.kind) };
      const response = { headers: answered ? headersOf(res.getHeaders()) : {}, body: answered ? answerBody(res, Buffer.concat(answer.kept), answer.wire()) : NONE };
      const base = {
        kind: what.kind,
        seq: nextSeq(),
        at_ms: at,
        call: what.call,
        method,
        url,
        client_ip: clientIp,
        user_id: user,
        account,
        status,
        duration_ms: duration,
        ...(fault ? { fault } : {}),
        request,
        response,
      };
      const entry = { ...base, summary: summaryOf(base) };
      add({ ...entry, bytes: sizeOfHttp(entry) });
    };
    // When the answer is ended (its last bytes handed to Node, so before the client has all of them and can ask
    // about it: 'finish' came after the client had read the answer now and then), or at 'close' for an exchange
    // that never ended (a reset, a held request, a client that left).
    res.once('close', record);
    next();
  }

  /** A frame's line: its type's name, its direction, its user. */
  function frameSummary(direction: 'in' | 'out', type: number, account: string | null, userId: number | null, fault?: string) {
    const who = account ?? (userId === null ? 'a socket without login' : `#${userId}`);
    const name = FRAME_NAMES.get(type) ?? 'unknown';
    return `frame ${direction === 'in' ? '→' : '←'} ${type} ${name} ${direction === 'in' ? 'from' : 'to'} ${who}${fault ? ` (${fault})` : ''}`;
  }

  function addFrame(direction: 'in' | 'out', userId: number | null, type: number, data: unknown, fault?: string) {
    const account = accountOf(userId);
    const summary = frameSummary(direction, type, account, userId, fault);
    const body = keepJson(data ?? null, 0);
    add({
      kind: 'frame',
      seq: nextSeq(),
      at_ms: Date.now(),
      direction,
      frame_type: type,
      user_id: userId,
      account,
      summary,
      ...(fault ? { fault } : {}),
      data: body,
      bytes: ENTRY_OVERHEAD + utf8(summary) + body.text.length,
    });
  }

  // A push to many sockets hands the same data to each: parsed once.
  let lastJson: string | undefined;
  let lastData: unknown;

  /** The entry as answered: bodies parsed back to JSON; without headers and bodies unless `detail`. */
  function publicOf(e: Stored, detail: boolean): JournalEntry {
    if (!isHttp(e)) {
      const { data, bytes: _b, ...line } = e;
      return (detail ? { ...line, data: contentOf(data) } : line) as JournalEntry;
    }
    const { request, response, bytes: _b, ...line } = e;
    if (!detail) return line;
    const body = (b: StoredBody): KeptBody => ({ type: b.type, content: contentOf(b), bytes: b.bytes, cut: b.cut });
    return { ...line, request: { ...request, body: body(request.body) }, response: { ...response, body: body(response.body) } };
  }

  /** Parsed bodies of an entry for matching (each parsed at most once per query). */
  function bodiesOf(e: Stored) {
    let req: unknown;
    let res: unknown;
    let reqDone = false;
    let resDone = false;
    return {
      request(): unknown {
        if (!reqDone) {
          reqDone = true;
          const b = isHttp(e) ? e.request.body : e.data;
          req = b.type === 'none' ? (isHttp(e) ? undefined : null) : contentOf(b);
        }
        return req;
      },
      response(): unknown {
        if (!resDone) {
          resDone = true;
          res = !isHttp(e) || e.response.body.type === 'none' ? undefined : contentOf(e.response.body);
        }
        return res;
      },
    };
  }

  function matches(e: Stored, q: ResolvedQuery): boolean {
    if (q.seq !== undefined && e.seq !== q.seq) return false;
    if (q.after_seq !== undefined && e.seq <= q.after_seq) return false;
    if (q.kind && (q.kind === 'http' ? !isHttp(e) : e.kind !== q.kind)) return false;
    if (q.call !== undefined && (!isHttp(e) || e.call !== q.call)) return false;
    if (q.frame_type !== undefined && (e.kind !== 'frame' || e.frame_type !== q.frame_type)) return false;
    if (q.direction !== undefined && (e.kind !== 'frame' || e.direction !== q.direction)) return false;
    if (q.user_id !== undefined && e.user_id !== q.user_id) return false;
    if (q.since_ms !== undefined && e.at_ms < q.since_ms) return false;
    if (q.until_ms !== undefined && e.at_ms > q.until_ms) return false;
    if (q.faulted !== undefined && (e.fault !== undefined) !== q.faulted) return false;
    const httpOnly = q.status !== undefined || q.status_from !== undefined || q.status_to !== undefined || q.method !== undefined
      || q.path !== undefined || q.url !== undefined || q.client_ip !== undefined || q.headers !== undefined || q.query !== undefined
      || q.response_body !== undefined;
    if (!isHttp(e)) {
      if (httpOnly) return false;
    } else {
      if (q.status !== undefined && e.status !== q.status) return false;
      if (q.status_from !== undefined && e.status < q.status_from) return false;
      if (q.status_to !== undefined && e.status > q.status_to) return false;
      if (q.method !== undefined && e.method !== q.method) return false;
      if (q.client_ip !== undefined && e.client_ip !== q.client_ip) return false;
      if (q.path !== undefined && !testMatcher(q.path, e.url.split('?')[0])) return false;
      if (q.url !== undefined && !testMatcher(q.url, e.url)) return false;
      for (const [name, m] of Object.entries(q.headers ?? {})) if (!testMatcher(m, e.request.headers[name.toLowerCase()])) return false;
      for (const [name, m] of Object.entries(q.query ?? {})) if (!testMatcher(m, e.request.query[name])) return false;
    }
    const bodies = bodiesOf(e);
    if (q.body && !q.body.every((m) => testAt(bodies.request(), m))) return false;
    if (q.response_body && !q.response_body.every((m) => testAt(bodies.response(), m))) return false;
    if (q.match !== undefined) {
      const payload = bodies.request() ?? null;
      // A string searches the payload's JSON text; anything else must be contained in the payload.
      if (typeof q.match === 'string' ? !textOf(payload).includes(q.match) : !containsJson(payload, q.match)) return false;
    }
    if (q.text !== undefined) {
      const needle = q.text.toLowerCase();
      const hay = isHttp(e) ? [e.summary, e.url, e.request.body.text, e.response.body.text] : [e.summary, e.data.text];
      if (!hay.some((h) => h.toLowerCase().includes(needle))) return false;
    }
    return true;
  }

  function select(q: ResolvedQuery & { limit: number; detail?: boolean }): { entries: JournalEntry[]; total: number; last_seq: number } {
    const all = live().filter((e) => matches(e, q));
    // After a seq, the oldest first (a client pages forward); otherwise the newest `limit`.
    const picked = q.after_seq !== undefined ? all.slice(0, q.limit) : all.slice(Math.max(0, all.length - q.limit));
    return { entries: picked.map((e) => publicOf(e, q.detail ?? true)), total: all.length, last_seq: seq };
  }

  return {
    on,
    http,
    /** A decoded incoming frame; before its login a socket has no user yet, so the frame's token names it. */
    frameIn(userId: number | null, frame: ClientFrame) {
      if (!on) return;
      const user = userId ?? userOfToken(frame.token);
      const { type, data } = frame as ClientFrame & { data?: unknown };
      addFrame('in', user, type, data ?? null);
    },
    /** An outgoing frame as it goes on the wire (or is dropped by a fault: `fault` says). */
    frameOut(userId: number | null, type: number, dataJson: string | undefined, fault?: string) {
      if (!on) return;
      if (dataJson !== lastJson) {
        lastJson = dataJson;
        lastData = dataJson === undefined ? null : JSON.parse(dataJson);
      }
      addFrame('out', userId, type, lastData, fault);
    },

    /**
     * Effects a development console's sagas ran (its Debug recorder's events), each an entry of kind `effect` at
     * the console's time, masked like every body; `userId` is whose token the console sent (null: none yet).
     */
    effects(userId: number | null, session: string, effects: readonly ConsoleEffect[]): number {
      if (!on) return 0;
      const account = accountOf(userId);
      for (const e of effects) {
        const effect = effectKey(e);
        const summary = `effect ${effect}${e.answer?.fail !== undefined ? ` (failed: ${e.answer.fail || 'no answer'})` : ''} · ${account ?? 'no login'} · console ${session.slice(0, 8)}`;
        const body = keepJson(e, 0);
        add({
          kind: 'effect',
          seq: nextSeq(),
          at_ms: e.t,
          user_id: userId,
          account,
          summary,
          session,
          effect,
          replayed: e.replayed,
          data: body,
          bytes: ENTRY_OVERHEAD + utf8(summary) + utf8(effect) + body.text.length,
        });
      }
      return effects.length;
    },
    /** The user of a console's token header (the session lookup the router does). */
    userOfToken,

    /**
     * Matching entries, oldest first, and how many matched in all. With `after_seq` and `wait_ms`, an answer
     * with none waits until one arrives (or the time is up, or the journal is cleared).
     */
    async query(q: ResolvedQuery & { limit: number; wait_ms?: number; detail?: boolean }): Promise<{ entries: JournalEntry[]; total: number; last_seq: number }> {
      const first = select(q);
      if (first.entries.length > 0 || !q.wait_ms || q.after_seq === undefined || waiters.size >= MAX_WAITERS) return first;
      return new Promise((resolve) => {
        const waiter = {
          check() {
            const now = select(q);
            if (now.entries.length > 0) finish(now);
          },
          end: () => finish(select(q)),
        };
        const finish = (answer: ReturnType<typeof select>) => {
          clearTimeout(timer);
          waiters.delete(waiter);
          resolve(answer);
        };
        const timer = setTimeout(waiter.end, q.wait_ms);
        waiters.add(waiter);
      });
    },
    count(q: ResolvedQuery): number {
      let n = 0;
      for (const e of live()) if (matches(e, q)) n += 1;
      return n;
    },
    stats() {
      const entries = ring.length - head;
      return {
        entries,
        bytes,
        max_entries: maxEntries,
        max_bytes: maxBytes,
        body_cap: bodyCap,
        evicted,
        first_seq: entries ? ring[head]!.seq : null,
        last_seq: seq,
      };
    },
    clear(): number {
      const n = ring.length - head;
      ring = [];
      head = 0;
      bytes = 0;
      evicted = 0;
      accounts.clear();
      // Long polls answer now (with nothing): a cleared journal has nothing new for them.
      for (const w of [...waiters]) w.end();
      return n;
    },
    /** Server close: long polls answer now. */
    stop() {
      for (const w of [...waiters]) w.end();
    },
  };
}
export type Journal = ReturnType<typeof createJournal>;
