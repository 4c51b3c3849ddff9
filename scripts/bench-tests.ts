/**
 * `npm run bench:tests -- [--runs 3] [--full]`: the two test loops timed as their targets are stated (test:fast
 * ≤ 90 s, `npm test` ≤ 8 minutes, on two quiet cores). Each run's wall time, and the CPU of its whole process
 * tree (Chromium included: the browser suites' Chromium is not a child vitest waits for, so `time` misses it),
 * sampled from /proc every quarter second, by kind of process. CPU over two cores is the run's floor on this
 * machine however well it packs. Linux only (it reads /proc).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { printTable } from '../harness/bench.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' }, full: { type: 'boolean', default: false } } });
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1 || runs > 10) throw new Error(`--runs takes 1 to 10, not ${values.runs}`);
const [cmd, args] = values.full ? ['npm', ['test']] : ['npx', ['vitest', 'run', '--project', '!e2e', '--reporter=dot']];

const TICKS = 100; // USER_HZ on Linux
interface Proc {
  ppid: number;
  ticks: number;
}
function readProcs(): Map<number, Proc> {
  const out = new Map<number, Proc>();
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
      const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(Number(d), { ppid: Number(rest[1]), ticks: Number(rest[11]) + Number(rest[12]) });
    } catch {
      // gone between the listing and the read
    }
  }
  return out;
}
/** What a process is, for the table: Chromium by its --type, else node. */
function kindOf(pid: number): string {
  try {
    const line = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
    if (line.includes('chromium')) return `chromium ${/--type=(\S+)/.exec(line)?.[1] ?? 'browser'}`;
    return 'node and the rest';
  } catch {
    return 'node and the rest';
  }
}

async function measure(): Promise<{ wallS: number; cpuS: number; byKind: Map<string, number>; ok: boolean }> {
  const started = performance.now();
  const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, CI: '1' } });
  const seen = new Map<number, { ticks: number; kind: string }>();
  let ended: number | null = null;
  child.on('exit', (code) => (ended = code ?? 1));
  while (ended === null) {
    const procs = readProcs();
    const tree = new Set([child.pid!]);
    for (let grew = true; grew; ) {
      grew = false;
      for (const [pid, p] of procs) {
        if (!tree.has(p.ppid) || tree.has(pid)) continue;
        tree.add(pid);
        grew = true;
      }
    }
    for (const pid of tree) {
      const p = procs.get(pid);
      if (!p) continue;
      const known = seen.get(pid);
      seen.set(pid, { ticks: Math.max(p.ticks, known?.ticks ?? 0), kind: known?.kind ?? kindOf(pid) });
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const byKind = new Map<string, number>();
  for (const { ticks, kind } of seen.values()) byKind.set(kind, (byKind.get(kind) ?? 0) + ticks / TICKS);
  const cpuS = [...byKind.values()].reduce((a, b) => a + b, 0);
  return { wallS: (performance.now() - started) / 1000, cpuS, byKind, ok: ended === 0 };
}

console.log(`${values.full ? 'npm test' : 'test:fast'}: ${runs} run(s) on ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)} at the start`);
const rows: string[][] = [];
for (let i = 1; i <= runs; i++) {
  const r = await measure();
  const kinds = [...r.byKind].sort((a, b) => b[1] - a[1]).map(([k, s]) => `${k} ${s.toFixed(0)}`).join(', ');
  rows.push([String(i), `${r.wallS.toFixed(0)} s`, `${r.cpuS.toFixed(0)} s`, `${(r.cpuS / os.cpus().length).toFixed(0)} s`, r.ok ? 'passed' : 'FAILED', kinds]);
}
printTable(['run', 'wall', 'CPU (process tree)', 'CPU ÷ cores (floor)', 'tests', 'CPU by kind (s)'], rows);
console.log(`target: ${values.full ? '480 s (8 minutes)' : '90 s'} wall on two quiet cores; load average ${os.loadavg()[0]!.toFixed(1)} at the end`);
