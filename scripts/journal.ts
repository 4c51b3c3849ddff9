import { parseArgs } from 'node:util';
import { CONTROL_PREFIX, type JournalEntry, type JournalQuery } from '../contracts/index.ts';

/**
 * `npm run journal -- [--url URL] [--kind api|visit|share|upload|download|frame|http] [--call PATH]
 *   [--user ACCOUNT|ID] [--type N] [--dir in|out] [--status N] [--errors] [--method M] [--path REGEX]
 *   [--text WORDS] [--since 5m|30s|MS] [--match JSON|TEXT] [--body MATCHERS] [--response-body MATCHERS]
 *   [--faulted] [--limit N] [--count] [--clear] [--stats] [--follow] [--json]`
 * Reads the mock's journal (dev/test modes) through the control API and prints one line per entry, oldest
 * first. `--count` prints only how many match (exit 1 when none); `--clear` empties it; `--stats` prints its
 * bounds and use; `--follow` keeps printing new entries as they come (Ctrl-C ends it). `--body` takes a JSON list
 * of matchers at JSON paths (`[{"at":"$.id","equalTo":7},{"at":"$.token","absent":true}]`). docs/mock-and-qa-tools.md.
 */
const { values } = parseArgs({
  options: {
    url: { type: 'string', default: process.env.MOCK_URL ?? `http://127.0.0.1:${process.env.PORT ?? 8080}` },
    kind: { type: 'string' },
    call: { type: 'string' },
    user: { type: 'string' },
    type: { type: 'string' },
    dir: { type: 'string' },
    status: { type: 'string' },
    errors: { type: 'boolean', default: false },
    method: { type: 'string' },
    path: { type: 'string' },
    text: { type: 'string' },
    since: { type: 'string' },
    match: { type: 'string' },
    body: { type: 'string' },
    'response-body': { type: 'string' },
    faulted: { type: 'boolean', default: false },
    limit: { type: 'string' },
    count: { type: 'boolean', default: false },
    clear: { type: 'boolean', default: false },
    stats: { type: 'boolean', default: false },
    follow: { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
  },
});

function fail(message: string): never {
  console.error(`journal: ${message}`);
  process.exit(2);
}

/** `5m`, `30s`, `2h` ago, or epoch milliseconds. */
function sinceMs(text: string): number {
  const m = /^(\d+)(ms|s|m|h)$/.exec(text);
  if (!m) return Number(text);
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[m[2] as 'ms' | 's' | 'm' | 'h'];
  return Date.now() - Number(m[1]) * unit;
}

/** JSON when it parses (`{"id":7}` is a subset match), else the text to find in the body. */
function matchOf(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A JSON option (the server names what is wrong with its content). */
function jsonOption(name: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    fail(`--${name} must be JSON, e.g. '[{"at":"$.id","equalTo":7}]'`);
  }
}

// The server checks every field and answers 400 naming the problem: the CLI passes them on as given.
const query = {
  ...(values.kind ? { kind: values.kind } : {}),
  ...(values.call ? { call: values.call } : {}),
  ...(values.user ? { user: /^\d+$/.test(values.user) ? { user_id: Number(values.user) } : { account: values.user } } : {}),
  ...(values.type ? { frame_type: Number(values.type) } : {}),
  ...(values.dir ? { direction: values.dir } : {}),
  ...(values.status ? { status: Number(values.status) } : {}),
  ...(values.errors ? { status_from: 400 } : {}),
  ...(values.method ? { method: values.method.toUpperCase() } : {}),
  ...(values.path ? { path: { matches: values.path } } : {}),
  ...(values.text ? { text: values.text } : {}),
  ...(values.since ? { since_ms: sinceMs(values.since) } : {}),
  ...(values.match ? { match: matchOf(values.match) } : {}),
  ...(values.body ? { body: jsonOption('body', values.body) } : {}),
  ...(values['response-body'] ? { response_body: jsonOption('response-body', values['response-body']) } : {}),
  ...(values.faulted ? { faulted: true } : {}),
} as JournalQuery;

async function control<T>(name: string, body: unknown): Promise<T> {
  const res = await fetch(`${values.url}${CONTROL_PREFIX}/${name}`, { method: 'POST', headers: { 'content-type': 'application/json', 'accept-language': 'en' }, body: JSON.stringify(body) }).catch(() => null);
  const json = (await res?.json().catch(() => null)) as { status: boolean; message?: string; field?: string; data: T } | null;
  if (!json?.status) {
    const field = json?.field ? ` (${json.field})` : '';
    fail(`${res ? res.status : 'no connection'} ${json?.message ?? `no answer from ${values.url} (is the mock running in dev or test mode?)`}${field}`);
  }
  return json.data;
}

function line(e: JournalEntry): string {
  const time = new Date(e.at_ms).toISOString().slice(11, 23);
  const who = e.account ?? (e.user_id === null ? '-' : `#${e.user_id}`);
  const fault = e.fault ? ` (${e.fault})` : '';
  if (e.kind === 'frame') {
    const what = `frame ${e.direction === 'in' ? '→' : '←'} ${e.frame_type}${fault}`;
    return `${time}  ${what.padEnd(45)} ${who.padEnd(12)} ${JSON.stringify(e.data ?? null)}`;
  }
  if (e.kind === 'effect') return `${time}  ${`effect ${e.effect}`.padEnd(45)} ${who.padEnd(12)} ${JSON.stringify(e.data ?? null)}`;
  const what = e.call ?? e.url.split('?')[0]!;
  const bytes = e.response ? `${String(e.response.body.bytes).padStart(7)} B` : '';
  const sent = e.request && e.request.body.type !== 'none' ? `  ${JSON.stringify(e.request.body.content)}` : '';
  return `${time}  ${e.kind.padEnd(8)} ${e.method.padEnd(4)} ${what.padEnd(36)} ${who.padEnd(12)} ${e.status || '---'}${fault} ${bytes} ${e.duration_ms.toFixed(1).padStart(7)} ms${sent}`;
}

if (values.clear) {
  const { cleared } = await control<{ cleared: number }>('journal/clear', {});
  console.log(`cleared ${cleared} entries`);
} else if (values.stats) {
  const s = await control<{ entries: number; bytes: number; max_entries: number; max_bytes: number; body_cap: number; evicted: number; last_seq: number }>('journal/stats', {});
  const mib = (n: number) => `${(n / 1048576).toFixed(1)} MiB`;
  console.log(`${s.entries} entries of at most ${s.max_entries}; ${mib(s.bytes)} of at most ${mib(s.max_bytes)}; bodies cut past ${s.body_cap} characters; ${s.evicted} evicted; last seq ${s.last_seq}`);
} else if (values.count) {
  const { count } = await control<{ count: number }>('journal/count', query);
  console.log(count);
  process.exitCode = count > 0 ? 0 : 1;
} else if (values.follow) {
  // A live tail: each answer waits up to 25 s for entries after the last one printed.
  const first = await control<{ entries: JournalEntry[]; last_seq: number }>('journal', { ...query, limit: Number(values.limit ?? 20) });
  for (const e of first.entries) console.log(values.json ? JSON.stringify(e) : line(e));
  let after = first.last_seq;
  for (;;) {
    const data = await control<{ entries: JournalEntry[]; last_seq: number }>('journal', { ...query, after_seq: after, wait_ms: 25_000, limit: 1000 });
    for (const e of data.entries) console.log(values.json ? JSON.stringify(e) : line(e));
    after = data.entries.at(-1)?.seq ?? data.last_seq;
  }
} else {
  const data = await control<{ entries: JournalEntry[]; total: number }>('journal', { ...query, limit: Number(values.limit ?? 200) });
  if (values.json) console.log(JSON.stringify(data, null, 2));
  else {
    for (const e of data.entries) console.log(line(e));
    console.log(`${data.entries.length} of ${data.total} matching entries`);
  }
}
