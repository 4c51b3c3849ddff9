import { parseArgs } from 'node:util';
import { CONTROL_PREFIX, type JournalEntry, type JournalQuery } from '../contracts/index.ts';

/**
 * `npm run journal -- [--url URL] [--call PATH] [--user ACCOUNT] [--type N] [--dir in|out] [--kind http|frame]
 *   [--status N] [--since 5m|30s|MS] [--match JSON|TEXT] [--limit N] [--count] [--clear] [--json]`
 * Reads the mock's journal (dev/test modes) through the control API and prints one line per entry, oldest
 * first; `--count` prints only how many match (exit 1 when none), `--clear` empties it. docs/mock-and-qa-tools.md.
 */
const { values } = parseArgs({
  options: {
    url: { type: 'string', default: process.env.MOCK_URL ?? `http://127.0.0.1:${process.env.PORT ?? 8080}` },
    call: { type: 'string' },
    user: { type: 'string' },
    type: { type: 'string' },
    dir: { type: 'string' },
    kind: { type: 'string' },
    status: { type: 'string' },
    since: { type: 'string' },
    match: { type: 'string' },
    limit: { type: 'string' },
    count: { type: 'boolean', default: false },
    clear: { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
  },
});

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

const query: JournalQuery = {
  ...(values.call ? { call: values.call } : {}),
  ...(values.user ? { user: /^\d+$/.test(values.user) ? { user_id: Number(values.user) } : { account: values.user } } : {}),
  ...(values.type ? { frame_type: Number(values.type) } : {}),
  ...(values.dir ? { direction: values.dir as 'in' | 'out' } : {}),
  ...(values.kind ? { kind: values.kind as 'http' | 'frame' } : {}),
  ...(values.status ? { status: Number(values.status) } : {}),
  ...(values.since ? { since_ms: sinceMs(values.since) } : {}),
  ...(values.match ? { match: matchOf(values.match) as JournalQuery['match'] } : {}),
};

async function control<T>(name: string, body: unknown): Promise<T> {
  const res = await fetch(`${values.url}${CONTROL_PREFIX}/${name}`, { method: 'POST', headers: { 'content-type': 'application/json', 'accept-language': 'en' }, body: JSON.stringify(body) }).catch(() => null);
  const json = (await res?.json().catch(() => null)) as { status: boolean; message?: string; data: T } | null;
  if (!json?.status) {
    console.error(`journal: ${res ? res.status : 'no connection'} ${json?.message ?? `no answer from ${values.url} (is the mock running in dev or test mode?)`}`);
    process.exit(2);
  }
  return json.data;
}

function line(e: JournalEntry): string {
  const time = new Date(e.at_ms).toISOString().slice(11, 23);
  const who = e.account ?? (e.user_id === null ? '-' : `#${e.user_id}`);
  if (e.kind === 'http') {
    return `${time}  http      ${e.call.padEnd(36)} ${who.padEnd(12)} ${e.status} ${String(e.size).padStart(7)} B ${e.duration_ms.toFixed(1).padStart(7)} ms  ${JSON.stringify(e.body)}`;
  }
  const what = `frame ${e.direction === 'in' ? '→' : '←'} ${e.frame_type}${e.fault ? ` (${e.fault})` : ''}`;
  return `${time}  ${what.padEnd(45)} ${who.padEnd(12)} ${JSON.stringify(e.data)}`;
}

if (values.clear) {
  const { cleared } = await control<{ cleared: number }>('journal/clear', {});
  console.log(`cleared ${cleared} entries`);
} else if (values.count) {
  const { count } = await control<{ count: number }>('journal/count', query);
  console.log(count);
  process.exitCode = count > 0 ? 0 : 1;
} else {
  const data = await control<{ entries: JournalEntry[]; total: number }>('journal', { ...query, limit: Number(values.limit ?? 200) });
  if (values.json) console.log(JSON.stringify(data, null, 2));
  else {
    for (const e of data.entries) console.log(line(e));
    console.log(`${data.entries.length} of ${data.total} matching entries`);
  }
}
