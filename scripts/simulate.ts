import { parseArgs } from 'node:util';
import { ipRanges } from '../fixtures/seed/ip-ranges.ts';
import { pickVisitor, seededRandom, USER_AGENTS, VISITORS } from '../fixtures/visitors.ts';
import { visitUrl } from '../contracts/index.ts';
import { cidrRange } from '../mock-server/visit-rules/ip.ts';
import { intToIp } from '../mock-server/visit-rules/ip.ts';

/**
 * `npm run simulate -- --visits N [--url http://127.0.0.1:8080] [--code demo01] [--concurrency 4] [--seed S]`:
 * real HTTP visits through GET /v/{code}, each with a visitor IP (X-Forwarded-For, honoured from loopback only)
 * and user agent: the demo visitors of fixtures/visitors.ts (so badges and filters show) mixed with random
 * addresses of the IP-range table. QR scans carry the scan marker. Loopback targets only; bounded.
 */
const { values } = parseArgs({
  options: {
    visits: { type: 'string', default: '100' },
    url: { type: 'string', default: 'http://127.0.0.1:8080' },
    code: { type: 'string', default: 'demo01' },
    concurrency: { type: 'string', default: '4' },
    seed: { type: 'string' },
  },
});
const visits = Number(values.visits);
const concurrency = Number(values.concurrency);
if (!Number.isInteger(visits) || visits < 1 || visits > 100_000) throw new Error('--visits must be an integer 1..100000');
if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 16) throw new Error('--concurrency must be 1..16');
const target = new URL(values.url);
if (!['127.0.0.1', 'localhost', '[::1]'].includes(target.hostname)) throw new Error('simulate targets a loopback server only');

const random = seededRandom(values.seed ? Number(values.seed) : Date.now());
const blocks = ipRanges.filter((r) => !r.cidr.startsWith('127.')).map((r) => cidrRange(r.cidr));
const agents = Object.values(USER_AGENTS);

function visitor(): { ip: string; userAgent: string } {
  if (random() < 0.6) return pickVisitor(random, VISITORS);
  const [start, end] = blocks[Math.floor(random() * blocks.length)]!;
  return { ip: intToIp(start + Math.floor(random() * (end - start + 1))), userAgent: agents[Math.floor(random() * agents.length)]! };
}

const statuses = new Map<number, number>();
let sent = 0;
const started = performance.now();
async function worker(): Promise<void> {
  while (sent < visits) {
    sent++;
    const v = visitor();
    const url = visitUrl(target.origin, values.code, { scan: true });
    try {
      const res = await fetch(url, { headers: { 'x-forwarded-for': v.ip, 'user-agent': v.userAgent }, redirect: 'manual' });
      await res.arrayBuffer();
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    } catch (e) {
      statuses.set(0, (statuses.get(0) ?? 0) + 1);
      if (statuses.get(0) === 1) console.error(`request failed: ${(e as Error).message}`);
    }
  }
}
await Promise.all(Array.from({ length: concurrency }, worker));
const seconds = (performance.now() - started) / 1000;
const summary = [...statuses].map(([s, n]) => `${s === 0 ? 'failed' : s}: ${n}`).join(', ');
console.log(`${visits} visits to ${visitUrl(target.origin, values.code)} in ${seconds.toFixed(1)} s (${(visits / seconds).toFixed(0)}/s) — ${summary}`);
if (statuses.has(404)) console.log(`404: no live QR code '${values.code}' on this server`);
if (statuses.has(403)) console.log('403: refused by the code\'s visit restriction (WeChat only) — they are listed on stealing_list');
