/**
 * `npm run bench:journal -- [--posts N] [--bytes N] [--concurrency N]`: the dev mock's memory while anonymous
 * clients post 1,500 bodies of 1 MB to `ping` (each refused, each journaled), as the journal's worst case: every
 * body at the limit the API takes. Prints resident memory (RSS) before, at its peak and after, and what the
 * journal holds against its ceiling (MOCK_JOURNAL_BYTES, 32 MiB; bodies cut at 64 KiB). Loopback only; bounded
 * by --posts.
 */
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startMockProcess } from '../harness/mock-process.ts';

const { values } = parseArgs({
  options: {
    posts: { type: 'string', default: '1500' },
    bytes: { type: 'string', default: '1000000' },
    concurrency: { type: 'string', default: '4' },
    mode: { type: 'string', default: 'dev' },
    /** 0: the same run with the journal off, to see what the posts cost without it. */
    'journal-size': { type: 'string' },
  },
});
const posts = Number(values.posts);
const bytes = Number(values.bytes);
const concurrency = Number(values.concurrency);
if (![posts, bytes, concurrency].every((n) => Number.isInteger(n) && n > 0)) throw new Error('--posts, --bytes and --concurrency take positive integers');

const MiB = 1024 * 1024;
const mib = (n: number) => `${(n / MiB).toFixed(1)} MiB`;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-journal-'));
const sizeArgs = values['journal-size'] === undefined ? [] : ['--journal-size', values['journal-size']];
const mock = await startMockProcess(['--mode', values.mode, '--db', path.join(dir, 'mock.db'), ...sizeArgs], { MOCK_STATES_WARM: '0' });
try {
  // Whatever the server has to do once (first request paths, lazy modules) before the baseline is read.
  await mock.control('journal/stats');
  // One body of the size asked, valid JSON, refused by `ping` (an unknown field) after it was read and journaled.
  const head = '{"value":10,"pad":"';
  const body = Buffer.from(head + 'x'.repeat(Math.max(0, bytes - head.length - 2)) + '"}');
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const { hostname, port } = new URL(mock.url);
  const post = () =>
    new Promise<number>((resolve, reject) => {
      const req = http.request({ host: hostname, port, path: '/api/ping', method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': body.length } }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', reject);
      req.end(body);
    });

  await post();
  const before = mock.rss().now;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, mock.rss().now)), 50);
  const statuses = new Map<number, number>();
  let sent = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (sent < posts) {
        sent += 1;
        const status = await post();
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const { now: after, peak: hwm } = mock.rss();
  peak = Math.max(peak, after);
  agent.destroy();
  const stats = (await mock.control<{ entries: number; bytes: number; max_bytes: number; body_cap: number; evicted: number }>('journal/stats')).body.data;
  console.log(`${posts} anonymous posts of ${(body.length / 1e6).toFixed(2)} MB to ping in ${seconds.toFixed(1)} s (${JSON.stringify(Object.fromEntries(statuses))}), ${concurrency} at a time, loopback`);
  console.log(`RSS before ${mib(before)}, peak ${mib(peak)} (VmHWM ${mib(hwm)}), after ${mib(after)}; growth at the peak ${mib(peak - before)}`);
  console.log(`journal: ${stats.entries} entries, ${mib(stats.bytes)} of its ${mib(stats.max_bytes)} ceiling; bodies cut at ${stats.body_cap / 1024} KiB; ${stats.evicted} evicted`);
  console.log(`journal memory under ${posts} x 1 MB posts: peak RSS ${mib(peak)}; journal ceiling ${mib(stats.max_bytes)}`);
} finally {
  await mock.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
