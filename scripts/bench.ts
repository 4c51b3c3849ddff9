/**
 * `npm run bench -- [--only bundle,api,realtime,access,lighthouse,dev,states,journal] [--rows N]`: every bench in
 * short form, one after the other (each its own process, as when run alone), then one table of the figures
 * against the targets, with the machine's load average: the figures in docs/speed-and-figures.md come from here. Measurements,
 * not a test: it exits 0 whatever the figures (1 only when a bench itself fails). Several minutes; at full
 * size run the benches one by one.
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    only: { type: 'string', default: 'bundle,api,realtime,access,lighthouse,dev,states,journal' },
    /** Access records seeded by the statistics bench (short form: 1,000,000; the targets are set at 10M). */
    rows: { type: 'string', default: '1000000' },
  },
});
const only = new Set(values.only.split(','));

interface Row {
  measure: string;
  figure: string;
  target: string;
  ok: boolean | null;
}
const rows: Row[] = [];
const load = () => os.loadavg().map((l) => l.toFixed(1)).join(' ');

/** Run `npx tsx <script> <args>`; its output (stdout) once it exits 0. */
function run(script: string, args: string[]): Promise<string> {
  console.error(`→ ${script} ${args.join(' ')} (load average ${load()})`);
  return new Promise((resolve, reject) => {
    const proc = spawn('npx', ['tsx', script, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    proc.stdout.on('data', (c: Buffer) => (out += c.toString()));
    proc.on('error', reject);
    proc.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`${script} exited ${code}:\n${out.slice(-2000)}`))));
  });
}

const num = (text: string, re: RegExp): number => {
  const m = re.exec(text);
  return m ? Number(m[1]!.replace(/,/g, '')) : NaN;
};
const add = (measure: string, value: number, unit: string, target: string, ok: (v: number) => boolean) =>
  rows.push({ measure, figure: Number.isFinite(value) ? `${value}${unit}` : 'not found', target, ok: Number.isFinite(value) ? ok(value) : null });

if (only.has('bundle')) {
  const out = await run('scripts/bench-bundle.ts', []);
  add('login first-load JS (gzip)', num(out, /initial JS \(gzip\)\s+([\d.]+) KiB/), ' KiB', '≤ 150 KiB', (v) => v <= 150);
  add('login first-load CSS (gzip)', num(out, /initial CSS \(gzip\)\s+([\d.]+) KiB/), ' KiB', '—', () => true);
}

if (only.has('api')) {
  const out = await run('scripts/bench-api.ts', ['--duration', '6']);
  add('bench:api pipeline / bare, req/s', num(out, /ratio b\/a: ([\d.]+) %/), ' %', '≥ 85 %', (v) => v >= 85);
  add('bench:api pipeline / bare, server CPU per request', num(out, /by server CPU per request ([\d.]+) %/), ' %', '≥ 85 %', (v) => v >= 85);
  const js = await run('scripts/bench-api.ts', ['--json-server', '--duration', '6']);
  add('page of 20 / json-server 0.17.4 at 100k codes, req/s', num(js, /page of 20: pipeline ([\d.]+)×/), '×', '≥ 5×', (v) => v >= 5);
  add('by id / json-server 0.17.4 at 100k codes, req/s', num(js, /by id: pipeline ([\d.]+)×/), '×', '—', () => true);
}

if (only.has('realtime')) {
  const out = await run('scripts/bench-realtime.ts', ['--clients', '1000', '--duration', '30', '--push-every', '1']);
  add('push to 1,000 clients, control → arrival p99', num(out, /arrival at a client, p99\s+([\d.]+) ms/), ' ms', '≤ 50 ms', (v) => v <= 50);
  add('QA scenario suite wall time', num(out, /tests\/scenarios\)\s+([\d.]+) s/), ' s', '≤ 5 s', (v) => v <= 5);
}

if (only.has('access')) {
  const out = await run('scripts/bench-access.ts', ['--rows', values.rows, '--iterations', '30']);
  const p95 = (call: string, scope: RegExp) => {
    const line = out.split('\n').find((l) => l.includes(call) && scope.test(l));
    // printTable's columns: call | scope | p50 | p95 | …; cells read `12.34 ms`.
    return line ? parseFloat(line.split('|')[4] ?? '') : NaN;
  };
  const rowsLabel = `${Number(values.rows).toLocaleString('en')} rows`;
  add(`visitor list, WeChat filter, first page p95 (${rowsLabel})`, p95('visitor/inquire', /WeChat/), ' ms', '< 20 ms', (v) => v < 20);
  add(`visit_summary 90 days p95 (${rowsLabel})`, p95('statistics/visit_summary', /90 days/), ' ms', '< 20 ms', (v) => v < 20);
  add(`breakdown, customer01's codes p95 (${rowsLabel})`, p95('statistics/breakdown', /codes, 90 days/), ' ms', '< 10 ms', (v) => v < 10);
}

if (only.has('states')) {
  // Each shipped state's first load in a fresh dev-mode process, the states built ahead (scripts/bench-states.ts).
  const out = await run('scripts/bench-states.ts', []);
  for (const m of out.matchAll(/^first load (\S+): ([\d.]+) ms \(server CPU (\d+) ms\)$/gm)) {
    add(`first load of shipped state ${m[1]} (fresh process, wall; server CPU ${m[3]} ms)`, Number(m[2]), ' ms', '≤ 200 ms', (v) => v <= 200);
  }
}

if (only.has('journal')) {
  // 1,500 anonymous posts of 1 MB to ping against a fresh dev mock (scripts/bench-journal.ts).
  const out = await run('scripts/bench-journal.ts', []);
  const ceiling = num(out, /of its ([\d.]+) MiB ceiling/);
  add('journal data under 1,500 × 1 MB posts to ping', num(out, /journal: \d+ entries, ([\d.]+) MiB/), ' MiB', `≤ ${ceiling} MiB (its ceiling)`, (v) => v <= ceiling);
  add('dev mock peak RSS under 1,500 × 1 MB posts to ping', num(out, /peak ([\d.]+) MiB/), ' MiB', '≤ 512 MiB (was 1.6 GB)', (v) => v <= 512);
}

if (only.has('lighthouse')) {
  const { runLighthouse } = await import('./bench-lighthouse.ts');
  console.error(`→ lighthouse, mobile, 1 run per page (load average ${load()})`);
  for (const f of await runLighthouse({ runs: 1, presets: ['mobile'], pages: ['admin_login', 'access_log', 'share_access', 'today_statistics'] })) {
    add(`Lighthouse mobile performance, ${f.page} (LCP ${(f.lcpMs / 1000).toFixed(1)} s, TBT ${Math.round(f.tbtMs)} ms, ${Math.round(f.transferKiB)} KiB)`,
      f.performance, '', '≥ 90', (v) => v >= 90);
    if (f.page === 'admin_login') add('unused CSS on the login page (raw)', Math.round(f.unusedCssKiB), ' KiB', '≤ 100 KiB', (v) => v <= 100);
  }
}

if (only.has('dev')) {
  // The real `npm run dev` in Chromium, one cold start (Vite bundles its dependencies afresh) and two warm ones.
  const out = await run('scripts/bench-dev.ts', ['--runs', '3']);
  add('dev start → working page (npm run dev, warm median)', num(out, /dev start → working page, warm median: ([\d.]+) s/), ' s', '≤ 10 s', (v) => v <= 10);
  add('dev start → working page (npm run dev -- --force, cold)', num(out, /dev start → working page, cold: ([\d.]+) s/), ' s', '—', () => true);
  // CPU seconds of the command's processes: what the start costs whatever the load (wall ≈ CPU ÷ 2 on two idle cores).
  add('dev start, CPU of the command to the working page (warm median)', num(out, /dev start CPU to working page, warm median: ([\d.]+) s/), ' s', '—', () => true);
}

console.log(`\nnpm run bench — short form; load average ${load()} on ${os.cpus().length} cores (figures on a loaded machine are pessimistic)\n`);
const w = [Math.max(7, ...rows.map((r) => r.measure.length)), Math.max(6, ...rows.map((r) => r.figure.length)), Math.max(6, ...rows.map((r) => r.target.length))];
const line = (c: string[]) => `| ${c.map((x, i) => x.padEnd(w[i] ?? 4)).join(' | ')} |`;
console.log(line(['measure', 'figure', 'target', 'met']));
console.log(`|${[...w, 4].map((n) => '-'.repeat(n + 2)).join('|')}|`);
for (const r of rows) console.log(line([r.measure, r.figure, r.target, r.ok === null ? '?' : r.ok ? 'yes' : 'NO']));
