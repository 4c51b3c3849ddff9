import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

/** What `npm run dev` prints once the page and its calls can be served (scripts/dev.ts). */
export const READY_LINE = /console ready in (\d+) ms: (http:\/\/[^\s#]+)\/#\/admin_login/;
/** Vite's own line, printed as soon as it listens (before the service may answer). */
export const VITE_URL_LINE = /Local:\s+(http:\/\/127\.0\.0\.1:\d+)\//;
/** What `npm run mock` prints once it listens (mock-server/main.ts): its mode and its URL (the bound port). */
export const MOCK_READY_LINE = /mock server \((\w+)\) ready in \d+ ms on (http:\/\/[^\s/]+)\//;

export interface NpmScript {
  readonly child: ChildProcess;
  /** Everything printed so far (stdout and stderr, colours stripped). */
  output(): string;
  /** The first match of `re` in the output, once printed; rejects when the command ends first or `ms` pass. */
  waitFor(re: RegExp, ms?: number): Promise<RegExpExecArray>;
  /** Stop the command's whole process group (npm, tsx, the script and what it started); SIGKILL after 10 s. */
  stop(): Promise<void>;
}

/**
 * A real `npm run <script> [-- args]` (as a person types it) as a child in a process group of its own, with `env`
 * over this process's (PORT, MOCK_PORT, MOCK_DB …). Its output is collected; nothing is waited for here (`waitFor`).
 */
export function startNpmScript(script: string, args: readonly string[], env: NodeJS.ProcessEnv = {}): NpmScript {
  const child = spawn('npm', ['run', script, '--', ...args], {
    cwd: ROOT,
    // Its own process group: one signal stops npm, tsx, the script and what it started (dev: the mock's `tsx watch`).
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, HOST: '127.0.0.1', NO_COLOR: '1', FORCE_COLOR: '0', BROWSER: 'none', ...env },
  });
  let text = '';
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    // eslint-disable-next-line no-control-regex -- Vite may still colour its banner; strip ANSI escapes.
    text += chunk.toString().replace(/\x1b\[[0-9;]*m/g, '');
    for (const l of listeners) l();
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const ended = new Promise<string>((resolve) => child.once('exit', (code, signal) => resolve(String(code ?? signal))));

  return {
    child,
    output: () => text,
    waitFor(re, ms = 120_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const m = re.exec(text);
          if (!m) return;
          done();
          resolve(m);
        };
        const done = () => {
          clearTimeout(timer);
          listeners.delete(check);
        };
        const timer = setTimeout(() => (done(), reject(new Error(`npm run ${script} printed no ${re} within ${ms} ms:\n${text}`))), ms);
        listeners.add(check);
        void ended.then((how) => (done(), reject(new Error(`npm run ${script} ended (${how}) before printing ${re}:\n${text}`))));
        check();
      });
    },
    async stop() {
      if (!child.pid || child.exitCode !== null || child.signalCode !== null) return;
      const kill = (signal: NodeJS.Signals) => {
        try {
          process.kill(-child.pid!, signal);
        } catch {
          /* the group is gone already */
        }
      };
      kill('SIGTERM');
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), 10_000)));
      if ((await Promise.race([ended, late])) === 'late') {
        kill('SIGKILL');
        await ended;
      }
      clearTimeout(timer);
      // A straggler of the group (the mock under `tsx watch`) that outlived npm: gone too.
      kill('SIGKILL');
    },
  };
}

/** `npm run dev [-- args]` (scripts/dev.ts). */
export const startDevCommand = (args: readonly string[], env: NodeJS.ProcessEnv = {}): NpmScript => startNpmScript('dev', args, env);
export type DevCommand = NpmScript;
