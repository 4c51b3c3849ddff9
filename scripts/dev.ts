import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { ViteDevServer } from 'vite';
import { freePort, portIsFree, START_WAIT_MS, waitForAnswer } from './dev-backend.ts';

/**
 * `npm run dev [-- --api URL] [-- --force]`: the console with HMR (Vite, in this process) on PORT (5173), in
 * front of the mock server (dev mode, control API on, restarted by `tsx watch` when its code changes) on MOCK_PORT
 * (8787), or with `--api URL` in front of that deployment of the real service instead (no mock). Vite passes
 * `/api`, `/ws`, `/uploads` (and the mock's `/__control`) on to it, and holds the page and those calls until it
 * answers, so nothing fails while it starts (scripts/dev-backend.ts). `--force`: Vite bundles the dependencies
 * afresh (as `vite --force`). PORT=0 / MOCK_PORT=0 pick free ports. Ctrl-C stops both.
 */

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const USAGE = 'usage: npm run dev [-- --api https://console.example.com] [-- --force]   (env: PORT, HOST, MOCK_PORT, MOCK_DB)';

/** A bad flag or value: one sentence naming it, the usage, exit 2 (no stack trace). */
function refuse(problem: string): never {
  console.error(`npm run dev: ${problem}\n${USAGE}`);
  process.exit(2);
}

let values: { api?: string; force?: boolean; help?: boolean };
try {
  ({ values } = parseArgs({ options: { api: { type: 'string' }, force: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } }, strict: true }));
} catch (e) {
  refuse((e as Error).message);
}
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
if (values.api !== undefined && !/^https?:\/\/[^/?#\s]+\/?$/.test(values.api)) refuse(`--api wants an origin such as https://console.example.com, not "${values.api}"`);

function portFrom(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n > 65_535) refuse(`${name} must be a port number 0–65535 (0: a free one), not "${raw}"`);
  return n;
}

const started = Date.now();
const port = portFrom('PORT', 5173);
const host = process.env.HOST || '127.0.0.1';
const api = values.api?.replace(/\/$/, '');
let mockPort = portFrom('MOCK_PORT', 8787);
if (!api && mockPort === 0) mockPort = await freePort();
// Another mock on that port (a dev server still running) would answer for this one, silently; the mock itself
// would fail to listen and `tsx watch` would wait for an edit.
else if (!api && !(await portIsFree(mockPort))) refuse(`MOCK_PORT ${mockPort} is in use (another npm run dev?); stop it, or set MOCK_PORT=0 for a free port`);
const target = api ?? `http://127.0.0.1:${mockPort}`;

// Read by vite.config.ts when createServer loads it below.
process.env.MOCK_PORT = String(mockPort);
process.env.HOST = host;
if (api) process.env.QR_API_TARGET = api;
else delete process.env.QR_API_TARGET;

let mock: ChildProcess | null = null;
let vite: ViteDevServer | null = null;
let stopping = false;
async function stop(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    mock?.kill('SIGTERM');
    await vite?.close().catch(() => undefined);
  }
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

// The mock first: it starts while Vite loads, and Vite holds the page until it answers.
const mockEnded = new Promise<string>((resolve) => {
  if (api) return;
  mock = spawn(process.execPath, [fileURLToPath(new URL('../node_modules/tsx/dist/cli.mjs', import.meta.url)), 'watch', '--clear-screen=false', 'mock-server/main.ts', '--port', String(mockPort), '--mode', 'dev'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  mock.once('exit', (code, signal) => {
    resolve(`the mock server ended (${code ?? signal})`);
    if (!stopping) {
      console.error(`npm run dev: the mock server ended (${code ?? signal}); stopping`);
      void stop(code || 1);
    }
  });
});

try {
  // Imported only now: loading Vite takes seconds on a busy machine, and the mock starts meanwhile.
  const { createServer } = await import('vite');
  vite = await createServer({
    configFile: fileURLToPath(new URL('../vite.config.ts', import.meta.url)),
    server: { port, host, strictPort: process.env.PORT !== undefined && port !== 0 },
    ...(values.force ? { optimizeDeps: { force: true } } : {}),
  });
  await vite.listen();
} catch (e) {
  console.error(`npm run dev: Vite did not start: ${(e as Error).message}`);
  await stop(1);
}
vite!.printUrls();
const local = vite!.resolvedUrls?.local[0] ?? `http://${host}:${port}/`;
console.log(api ? `console: Vite proxies /api, /ws and /uploads to ${api} (no mock)` : `console: Vite proxies /api, /ws, /uploads and /__control to the mock on ${target}`);
if (process.stdin.isTTY) vite!.bindCLIShortcuts({ print: true });

try {
  await waitForAnswer(target, START_WAIT_MS, mockEnded);
  console.log(`console ready in ${Date.now() - started} ms: ${local}#/admin_login`);
} catch (e) {
  console.error(`npm run dev: ${(e as Error).message}${api ? ' (is --api right, and is the service up?)' : ''}`);
  await stop(1);
}
