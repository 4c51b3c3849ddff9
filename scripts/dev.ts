import { spawn, type ChildProcess } from 'node:child_process';

/**
 * `npm run dev`: the mock server (dev mode: control API on) on MOCK_PORT (8787) and Vite with HMR on PORT
 * (5173), which proxies /api and /ws to the mock. Ctrl-C stops both.
 */
const mockPort = process.env.MOCK_PORT ?? '8787';
const children: ChildProcess[] = [
  spawn('npx', ['tsx', 'watch', 'mock-server/main.ts', '--port', mockPort, '--mode', 'dev'], { stdio: 'inherit' }),
  spawn('npx', ['vite', '--port', process.env.PORT ?? '5173', '--host', process.env.HOST ?? '127.0.0.1'], {
    stdio: 'inherit',
    env: { ...process.env, MOCK_PORT: mockPort },
  }),
];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', (code) => code && stop());
