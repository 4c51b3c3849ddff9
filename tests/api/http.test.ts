import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { calls } from '../../contracts/index.ts';
import { MINUTE, manualClock } from '../helpers/clock.ts';
import { snapshot } from '../helpers/db-snapshot.ts';
import { failureBody, refusalText } from '../helpers/qr.ts';
import { startTestServer, type TestServer } from '../../harness/server.ts';
import { useApiServer } from '../helpers/api-server.ts';

/**
 * What every call shares, whatever its handler: the envelope, body parsing limits, unknown paths, methods,
 * languages, tokens and security headers.
 */

const NOT_LOGGED_IN = 'You have not logged in yet. This operation cannot be performed. Do you want to log in now?';
const ONE_MB = 1024 * 1024;

const clock = manualClock(Date.parse('2026-03-01T10:00:00Z'));
const { t, tok } = useApiServer({ clock, sessionIdleMinutes: 60 }, { admin: 'superadmin' });

/** Send raw bytes as the body, the way a broken or hostile client would. */
async function raw(path: string, body: string, headers: Record<string, string> = {}) {
  const req = request(t.server).post(path).set('Content-Type', 'application/json').set('Accept-Language', 'en');
  for (const [k, v] of Object.entries(headers)) req.set(k, v);
  const res = await req.send(body);
  return { status: res.status, body: res.body as { status: boolean; message?: string }, headers: res.headers };
}

const UNKNOWN_FIELD = 'This page sent something the server does not take; reload the page and try again';

describe('request bodies', () => {
  it.each<[string, number, string, string | RegExp]>([
    ['cut-off JSON', 400, '{"value": 10', 'The request could not be read; reload the page and try again'],
    ['JSON with a trailing comma', 400, '{"value": 10,}', 'The request could not be read; reload the page and try again'],
    ['single-quoted JSON', 400, "{'value': 10}", 'The request could not be read; reload the page and try again'],
    ['a bare number', 400, '10', 'The request could not be read; reload the page and try again'],
    ['a bare string', 400, '"10"', 'The request could not be read; reload the page and try again'],
    ['null', 400, 'null', 'The request could not be read; reload the page and try again'],
    ['an array', 400, '[10]', 'This value is not of the right kind'],
    ['arrays nested 100,000 deep', 400, '['.repeat(100_000) + ']'.repeat(100_000), 'The request body nests arrays and objects more than 32 levels deep'],
    ['a value too big for a number', 400, '{"value": 1e400}', /^value: /],
    ['the value as a string', 400, '{"value": "10"}', /^value: /],
    ['a negative value', 400, '{"value": -1}', /^value: /],
    ['a fractional value', 400, '{"value": 1.5}', /^value: /],
    ['a duplicate key hiding an extra field', 400, '{"value": 10, "value": 10, "x": 1}', `x: ${UNKNOWN_FIELD}`],
    ['a __proto__ key', 400, '{"value": 10, "__proto__": {"polluted": true}}', `__proto__: ${UNKNOWN_FIELD}`],
    ['a body over 1 MB', 413, JSON.stringify({ value: 10, pad: 'x'.repeat(ONE_MB) }), 'The request body is too large'],
  ])('%s answers %i in the envelope and never a 500', async (_name, status, body, message) => {
    const before = snapshot(t.db);
    const res = await raw('/api/ping', body);
    expect(res.status).toBe(status);
    expect(res.body).toEqual(failureBody(message));
    expect(snapshot(t.db)).toEqual(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it.each<[string, Record<string, string>, Buffer, number, string]>([
    ['a gzip body that inflates past 1 MB', { 'Content-Encoding': 'gzip' }, zlib.gzipSync(JSON.stringify({ value: 10, pad: '0'.repeat(2 * ONE_MB) })), 413, 'The request body is too large'],
    ['an unknown Content-Encoding', { 'Content-Encoding': 'x-magic' }, Buffer.from('{"value":10}'), 415, 'The request body must be sent uncompressed or as gzip, deflate or br, not x-magic'],
    ['an unsupported charset', { 'Content-Type': 'application/json; charset=x-klingon' }, Buffer.from('{"value":10}'), 415, 'The request body must be written in UTF-8, not x-klingon'],
  ])('%s answers the envelope', async (_name, headers, body, status, message) => {
    // fetch sends the bytes as they are (supertest would serialise a Buffer as JSON).
    const res = await fetch(`${t.url}/api/ping`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Accept-Language': 'en', ...headers },
      body: new Uint8Array(body),
    });
    expect({ status: res.status, body: await res.json() }).toEqual({ status, body: failureBody(message) });
  });

  it('takes a gzip body that stays under 1 MB', async () => {
    const res = await fetch(`${t.url}/api/ping`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' },
      body: zlib.gzipSync('{"value":10}'),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: { value: number } }).data.value).toBe(10);
  });

  it('takes a body just under 1 MB', async () => {
    const body = JSON.stringify({ value: 10, pad: 'x'.repeat(ONE_MB - 100) });
    // Parsed (not 413), then refused by the contract for its extra field.
    expect((await raw('/api/ping', body)).body).toEqual(failureBody(`pad: ${UNKNOWN_FIELD}`));
  });

  it('takes application/json with its charset', async () => {
    const res = await request(t.server).post('/api/ping').set('Content-Type', 'application/json; charset=utf-8').send('{"value":10}');
    expect(res.status).toBe(200);
    expect(res.body.data.value).toBe(10);
  });

  it('treats an empty body as {}', async () => {
    const res = await request(t.server).post('/api/website_info/inquire');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe(true);
  });
});

describe('paths and methods', () => {
  it.each<[string, string]>([
    ['POST', '/api/nope'],
    ['POST', '/api/admin/login/extra'],
    ['POST', '/api/ADMIN/LOGIN2'],
    ['GET', '/api/ping'],
    ['GET', '/api/admin/user_info'],
    ['PUT', '/api/pay_config/update'],
    ['DELETE', '/api/url_key_platform/remove'],
    ['GET', '/api/'],
  ])('%s %s is a 404 in the envelope', async (method, path) => {
    const res = await request(t.server)[method.toLowerCase() as 'get' | 'post' | 'put' | 'delete'](path).set('token', tok.admin).set('Accept-Language', 'en');
    expect(res.status).toBe(404);
    expect(res.body).toEqual(failureBody('Not found'));
  });

  it('a GET never changes anything, even on a call path with a body', async () => {
    const before = snapshot(t.db);
    const res = await request(t.server).get('/api/url_key_platform/remove').set('token', tok.admin).set('Content-Type', 'application/json').send('{"ids":[1]}');
    expect(res.status).toBe(404);
    expect(snapshot(t.db)).toEqual(before);
  });

  it('serves the OpenAPI document by GET', async () => {
    const res = await request(t.server).get('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.paths)).toContain('/api/ping');
  });
});

describe('language of messages (Accept-Language)', () => {
  type Send = (lang: string) => Promise<{ body: { message?: string; field?: string } }>;
  it.each<[string, Send, string, string]>([
    ['not logged in', (l) => t.call('admin/user_info', {}, undefined, l), NOT_LOGGED_IN, '您还没有登录，无法进行此操作，是否现在登录？'],
    ['wrong credentials', (l) => t.call('admin/login', { account: 'nobody01', password: t.encrypt('Nobody123') }, undefined, l), 'Wrong account or password', '账号或密码错误'],
    ['a §5 rule naming its field', (l) => t.call('admin/register', { account: 'abc', password: t.encrypt('Passw0rd1') }, undefined, l), 'account: username must be longer than 5 characters', 'account: 用户名长度必须大于 5 个字符'],
    ['a type error naming its field', (l) => t.call('ping', { value: 'ten' }, undefined, l), 'value: This value is not of the right kind', 'value: 值的类型不正确'],
    ['an unknown field', (l) => t.call('ping', { value: 10, x: 1 }, undefined, l), `x: ${UNKNOWN_FIELD}`, 'x: 页面发送了服务器不接受的内容，请刷新页面后重试'],
    ['an unknown path', (l) => t.call('nope', {}, undefined, l), 'Not found', '未找到'],
    ['malformed JSON', (l) => raw('/api/ping', '{', { 'Accept-Language': l }), 'The request could not be read; reload the page and try again', '无法读取请求内容，请刷新页面后重试'],
    ['a body over 1 MB', (l) => raw('/api/ping', 'x'.repeat(ONE_MB + 1), { 'Accept-Language': l }), 'The request body is too large', '请求内容过大'],
  ])('%s is answered in en and zh-CN', async (_name, send, en, zh) => {
    expect(refusalText((await send('en-US,en;q=0.9')).body)).toBe(en);
    expect(refusalText((await send('zh-CN,zh;q=0.9')).body)).toBe(zh);
  });

  it('answers in zh-CN (the default language) when the header is missing or unknown', async () => {
    expect((await t.call('admin/user_info', {}, undefined, 'fr-FR')).body.message).toBe('您还没有登录，无法进行此操作，是否现在登录？');
    const res = await request(t.server).post('/api/admin/user_info').send({});
    expect(res.body.message).toBe('您还没有登录，无法进行此操作，是否现在登录？');
  });
});

describe('tokens', () => {
  const needsLogin = calls.filter((c) => c.access.kind !== 'public').map((c) => c.path);
  const isPublic = calls.filter((c) => c.access.kind === 'public').map((c) => c.path);

  it.each(needsLogin)('%s answers 401 without a token and changes nothing', async (path) => {
    const before = snapshot(t.db);
    expect(await t.call(path, {})).toEqual({ status: 401, body: failureBody(NOT_LOGGED_IN) });
    expect(await t.call(path, {}, 'not-a-token')).toEqual({ status: 401, body: failureBody(NOT_LOGGED_IN) });
    expect(snapshot(t.db)).toEqual(before);
  });

  it.each(isPublic)('%s is open without a token, and a stale token does not lock it', async (path) => {
    const stale = await t.login('customer02');
    await t.call('admin/logout', {}, stale);
    for (const token of [undefined, stale, 'x'.repeat(300)]) {
      const res = await t.call(path, {}, token);
      // Open means: not refused for the token (the empty body may still be refused by the contract).
      expect(res.status, `${path} with ${token ? 'a dead' : 'no'} token: ${res.body.message}`).not.toBe(401);
      expect(res.status).toBeLessThan(500);
    }
  });

  it('lets a user whose session expired log in again while the console still sends the old token', async () => {
    const old = await t.login('customer01');
    clock.advance(61 * MINUTE);
    const res = await t.call('admin/login', { account: 'customer01', password: t.encrypt('Customer123') }, old);
    expect(res.status, res.body.message).toBe(200);
    tok.admin = await t.login('superadmin');
  });
});

describe('security headers', () => {
  // A second server that serves a built console from a temporary folder, as `npm start` does.
  let site: TestServer | undefined;
  let dir = '';
  async function withConsole() {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>console</title><script src="/app.js"></script>');
    site = await startTestServer({ staticDir: dir });
    return site;
  }
  afterAll(async () => {
    await site?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it.each<[string, () => Promise<{ headers: Record<string, string> }>]>([
    ['a call answer', () => request(t.server).post('/api/ping').send({ value: 10 })],
    ['a refusal', () => request(t.server).post('/api/admin/user_info').send({})],
    ['a 404', () => request(t.server).get('/api/nope')],
    ['the OpenAPI document', () => request(t.server).get('/api/openapi.json')],
    ['the console page', async () => request((await withConsole()).server).get('/')],
  ])('are on %s', async (_name, send) => {
    const { headers } = await send();
    const csp = headers['content-security-policy'];
    const scriptSrc = csp.split(';').map((d) => d.trim()).find((d) => d.startsWith('script-src'));
    expect(scriptSrc).toBe("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(headers['x-powered-by']).toBeUndefined();
  });

  it('answers JSON as application/json', async () => {
    const res = await request(t.server).post('/api/ping').send({ value: 10 });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });
});
