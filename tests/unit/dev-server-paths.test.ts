import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVICE_PREFIXES } from '../../contracts/index.ts';
import { assertNothingShadowed, proxyKeyOf, shadowingEntries } from '../../scripts/dev-backend.ts';

/**
 * Under `npm run dev` Vite serves client/ (and client/public/) at `/` and passes the service's prefixes on to it.
 * A source folder named like a prefix (`client/api/` once) is then never served: the page stays blank. These cases
 * keep that from coming back: the console's own tree is clear, and the check that refuses to start finds each way
 * a name can take a prefix.
 */

const CLIENT = path.resolve(import.meta.dirname, '../../client');

describe("the console's files and the service's paths", () => {
  it('no top-level entry of client/ or client/public/ is served under a prefix the dev server passes on', () => {
    expect(SERVICE_PREFIXES).toEqual(['/api', '/ws', '/uploads', '/__control']);
    expect(shadowingEntries(CLIENT, path.join(CLIENT, 'public'))).toEqual([]);
  });

  const KEYS = SERVICE_PREFIXES.map((p) => new RegExp(proxyKeyOf(p)));
  const passedOn = (url: string) => KEYS.some((k) => k.test(url));
  it.each([
    ['/api/admin/login', true],
    ['/api', true],
    ['/ws?sid=abc', true],
    ['/ws', true],
    ['/uploads/a1b2.png', true],
    ['/__control/journal', true],
    ['/apiary.ts', false],
    ['/wsx/socket.ts', false],
    ['/io/storage.ts', false],
    ['/io/effects/browser-effects.ts', false],
    ['/main.tsx', false],
  ])('the dev proxy passes %s on: %s', (url, expected) => {
    expect(passedOn(url)).toBe(expected);
  });

  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shadow-'));
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
  it.each([
    [['api'], ['api']],
    [['API'], ['API']],
    [['ws.ts'], []],
    [['ws'], ['ws']],
    [['uploads', 'app', 'io'], ['uploads']],
    [['__control'], ['__control']],
    [['apiary', 'api-docs', 'wsx'], []],
  ])('a root holding %j: %j shadowed', (names, shadowed) => {
    const root = fs.mkdtempSync(path.join(tmp, 'root-'));
    for (const n of names) fs.mkdirSync(path.join(root, n));
    expect(shadowingEntries(root, false).map((f) => path.basename(f))).toEqual(shadowed);
  });

  it('a public folder is served at / too: its entries count', () => {
    const root = fs.mkdtempSync(path.join(tmp, 'root-'));
    fs.mkdirSync(path.join(root, 'public', 'uploads'), { recursive: true });
    expect(shadowingEntries(root, path.join(root, 'public')).map((f) => path.relative(root, f))).toEqual([path.join('public', 'uploads')]);
  });

  it('the dev server refuses to start with a sentence naming the file and the prefixes', () => {
    const root = fs.mkdtempSync(path.join(tmp, 'root-'));
    fs.mkdirSync(path.join(root, 'api'));
    expect(() => assertNothingShadowed(root, false)).toThrow(/api: served at a path the dev server passes on to the service \(\/api, \/ws, \/uploads, \/__control\)/);
  });
});
