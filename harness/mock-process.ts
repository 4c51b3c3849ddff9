import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

export interface MockProcess {
  readonly url: string;
  readonly pid: number;
  readonly child: ChildProcess;
  /** What it printed so far. */
  output(): string;
  /** POST /__control/<name> with a JSON body: the HTTP status and the envelope. */
  control<T = unknown>(name: string, body?: unknown): Promise<{ status: number; body: { status: boolean; message?: string; data: T } }>;
  /** Resident memory now, in bytes (Linux /proc), and the most it has had (VmHWM). */
  rss(): { now: number; peak: number };
  /** CPU time used so far, in ms (user + system, Linux /proc). */
  cpuMs(): number;
  stop(): Promise<void>;
}

/**
 * `npm run mock` as a person starts it (node itself with tsx, so stopping the child stops the server), on a free
 * loopback port; resolves once it prints its ready line. For benches that need a fresh process.
 */
export async function startMockProcess(args: readonly string[], env: Record<string, string> = {}): Promise<MockProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'mock-server/main.ts', '--port', '0', '--host', '127.0.0.1', ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  let out = '';
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = out.match(/ready in \d+ ms on (http:\/\/\S+?)\/ /);
      if (m) resolve(m[1]!);
    });
    child.on('exit', (code) => reject(new Error(`mock exited ${code}: ${out}`)));
  });
  const pid = child.pid!;
  const status = () => fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status())?.[1] ?? NaN) * 1024;
  return {
    url,
    pid,
    child,
    output: () => out,
    async control<T>(name: string, body: unknown = {}) {
      const res = await fetch(`${url}/__control/${name}`, { method: 'POST', headers: { 'content-type': 'application/json', 'accept-language': 'en' }, body: JSON.stringify(body) });
      return { status: res.status, body: (await res.json()) as { status: boolean; message?: string; data: T } };
    },
    rss: () => ({ now: kib('VmRSS'), peak: kib('VmHWM') }),
    cpuMs() {
      // Fields 14 and 15 of /proc/<pid>/stat, in clock ticks (100 per second on Linux).
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return (Number(fields[11]) + Number(fields[12])) * 10;
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
