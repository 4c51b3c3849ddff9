import { constants, createPublicKey, publicEncrypt } from 'node:crypto';
import request from 'supertest';
import { TOTP } from 'otpauth';
import { createMockServer, serverConfig, type MockServer, type MockServerOptions } from '../mock-server/app.ts';
import type { CallPath } from '../contracts/index.ts';
import { users } from '../fixtures/seed/users.ts';
import { generateRsaPem } from '../mock-server/services/rsa.ts';
import { isManualClock, migratedImage, seededImage } from './seeded-image.ts';

export interface Answer {
  status: number;
  /** A refusal also carries `key`, `params` and `field` (contracts/envelope.ts). */
  body: { status: boolean; message?: string; data?: unknown; key?: string; params?: Record<string, string | number>; field?: string };
}

let rsaPem: string | undefined;
/** One password-transport key per process for every test server (making one costs about a third of a second). */
export function testRsaPem(): string {
  return (rsaPem ??= generateRsaPem());
}

/** A password as the console sends it: RSA-OAEP (SHA-256) with the server's key (`security/public_key`'s `spki`). */
export function encryptPassword(spkiBase64: string, plain: string): string {
  const key = createPublicKey({ key: Buffer.from(spkiBase64, 'base64'), format: 'der', type: 'spki' });
  return publicEncrypt({ key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(plain)).toString('base64');
}

/** The current two-factor code of a seeded account that has one (undefined: it has none). */
export function seededTotp(account: string): string | undefined {
  const secret = users.find((u) => u.account === account)?.totp_secret;
  return secret ? new TOTP({ secret }).generate() : undefined;
}

/**
 * An in-memory server starts from a copy of this process's image (harness/seeded-image.ts): the seeded one when
 * its seed is fully known beforehand (a manual clock, at an instant asked for before, and a given transport key),
 * else the migrated one, seeded at start as usual. `image: undefined` in the options starts it from nothing.
 */
function withImage(options: MockServerOptions): MockServerOptions {
  if (options.dbPath !== ':memory:' || 'image' in options) return options;
  const seeds = options.seed ?? true;
  const seededCopy = seeds && isManualClock(options.clock) && options.rsaPrivatePem ? seededImage(options.clock.now(), serverConfig(options)) : undefined;
  return { ...options, image: seededCopy ?? migratedImage() };
}

/**
 * A real mock server on ':memory:' in test mode, and helpers that speak to it over HTTP as the console does
 * (RSA-encrypted passwords, `token` header). Close it with `await t.close()`.
 */
export async function startTestServer(options: Partial<MockServerOptions> = {}) {
  const server: MockServer = createMockServer(withImage({ dbPath: ':memory:', seed: true, mode: 'test', log: () => {}, rsaPrivatePem: testRsaPem(), ...options }));
  // Clients keep connections alive (the fuzz agent reuses one socket). Node closes an idle one after 5 s, and a
  // request sent in that instant meets a reset: a loaded machine pausing between two checks makes that real.
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const encrypt = (plain: string) => encryptPassword(server.mock.services.rsa.spki, plain);

  async function call(path: CallPath | string, body: unknown = {}, token?: string, lang = 'en'): Promise<Answer> {
    const req = request(server).post(`/api/${path}`).set('Accept-Language', lang).set('Content-Type', 'application/json');
    if (token) req.set('token', token);
    const res = await req.send(JSON.stringify(body));
    return { status: res.status, body: res.body };
  }

  /** Log a seeded (or given) account in and return its token; fails the test on refusal. */
  async function login(account: string, password?: string): Promise<string> {
    const pw = password ?? users.find((u) => u.account === account)?.password;
    if (!pw) throw new Error(`no password for ${account}`);
    const totp = seededTotp(account);
    const res = await call('admin/login', { account, password: encrypt(pw), ...(totp ? { totp } : {}) });
    if (res.status !== 200) throw new Error(`login ${account} failed: ${res.status} ${res.body.message}`);
    return (res.body.data as { token: string }).token;
  }

  return {
    server,
    services: server.mock.services,
    db: server.mock.db,
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    encrypt,
    call,
    login,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type TestServer = Awaited<ReturnType<typeof startTestServer>>;
