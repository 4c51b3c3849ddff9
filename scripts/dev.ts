import { spawn, type ChildProcess } from 'node:child_process';
import { parseArgs } from 'node:util';

/**
 * `npm run dev`: the mock server (dev mode: control API on) on MOCK_PORT (8787) and Vite with HMR on PORT
 * (5173), which proxies /api and /ws to the mock. `npm run dev -- --api URL`: no mock; Vite proxies /api, /ws
 * and /uploads to that deployment of the real service instead. Ctrl-C stops both.
 */
const { values } = parseArgs({ options: { api: { type: 'string' } } });
if (values.api && !/^https?:\/\/[^/]+\/?$/.test(values.api)) throw new Error(`--api wants an origin such as https://console.example.com, not ${values.api}`);
const mockPort = process.env.MOCK_PORT ?? '8787';
const vite = spawn('npx', ['vite', '--port', process.env.PORT ?? '5173', '--host', process.env.HOST ?? '127.0.0.1'], {
  stdio: 'inherit',
  env: { ...process.env, MOCK_PORT: mockPort, ...(values.api ? { QR_API_TARGET: values.api.replace(/\/$/, '') } : {}) },
});
const children: ChildProcess[] = values.api
  ? [vite]
  : [spawn('npx', ['tsx', 'watch', 'mock-server/main.ts', '--port', mockPort, '--mode', 'dev'], { stdio: 'inherit' }), vite];
if (values.api) console.log(`console: Vite proxies /api, /ws and /uploads to ${values.api} (no mock)`);
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', (code) => code && stop());
