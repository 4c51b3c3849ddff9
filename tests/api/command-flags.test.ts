import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNpmScript } from '../../harness/npm-script.ts';

/**
 * The developer's and the QA engineer's commands refuse what makes no command with one sentence naming the
 * problem (and the usage), exit code 2, no stack trace: the real `npm run dev` and `npm run mock`.
 */

/** Run the command to its end: its exit code and everything it printed. */
async function run(
  script: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<{ code: number | null; output: string }> {
  const command = startNpmScript(script, args, env);
  const code = await new Promise<number | null>((resolve) => command.child.once('exit', (c) => resolve(c)));
  return { code, output: command.output() };
}

let busy: net.Server;
let busyPort = 0;
beforeAll(async () => {
  busy = net.createServer();
  await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
  busyPort = (busy.address() as net.AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => busy.close(() => resolve())));

describe('bad flags stop the command with the problem named', () => {
  it.each<[string, string, string[], () => NodeJS.ProcessEnv, RegExp]>([
    ['dev', 'an unknown flag', ['--bogus'], () => ({}), /npm run dev: Unknown option '--bogus'/],
    [
      'dev',
      'an --api that is no origin',
      ['--api', 'http://console.example.com/api'],
      () => ({}),
      /--api wants an origin such as https:\/\/console\.example\.com, not "http:\/\/console\.example\.com\/api"/,
    ],
    [
      'dev',
      'a PORT that is no port',
      [],
      () => ({ PORT: '80a' }),
      /PORT must be a port number 0–65535 \(0: a free one\), not "80a"/,
    ],
    [
      'dev',
      'a MOCK_PORT another process holds',
      [],
      () => ({ MOCK_PORT: String(busyPort) }),
      /MOCK_PORT \d+ is in use \(another npm run dev\?\)/,
    ],
    ['mock', 'an unknown flag', ['--bogus'], () => ({}), /npm run mock: Unknown option '--bogus'/],
    [
      'mock',
      'a --mode it does not have',
      ['--mode', 'prod'],
      () => ({}),
      /npm run mock: --mode must be dev, test or production, not "prod"/,
    ],
    [
      'mock',
      'a --journal-size that is no count',
      ['--journal-size', 'lots'],
      () => ({}),
      /npm run mock: --journal-size must be a whole number \(0: no journal\), not "lots"/,
    ],
    [
      'mock',
      'a --proxy with a path',
      ['--proxy', 'https://console.example.com/api', '--record', '/tmp/never'],
      () => ({}),
      /npm run mock: --proxy wants the real service's origin/,
    ],
    [
      'mock',
      '--record without --proxy',
      ['--record', '/tmp/never'],
      () => ({}),
      /npm run mock: --record DIR goes with --proxy URL/,
    ],
    [
      'mock',
      'a --replay folder with no recording',
      ['--replay', '/nonexistent-recording'],
      () => ({}),
      /npm run mock: --replay \/nonexistent-recording: no recording there/,
    ],
  ])(
    'npm run %s: %s',
    async (script, _what, args, env, message) => {
      const { code, output } = await run(
        script,
        [...args, ...(script === 'mock' ? ['--db', ':memory:', '--port', '0'] : [])],
        env(),
      );
      expect(code, output).toBe(2);
      expect(output).toMatch(message);
      expect(output).not.toMatch(/\n\s+at /); // no stack trace
    },
    60_000,
  );
});
