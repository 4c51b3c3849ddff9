import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../harness/server.ts';
import { countOf, valueOf } from '../../fixtures/rows.ts';
import { snapshot } from '../helpers/db-snapshot.ts';
import { failureBody } from '../helpers/qr.ts';
import { MAX_BODY_DEPTH, nestsDeeperThan } from '../../mock-server/http/json-body.ts';

/**
 * What the API reads as a body, through real HTTP on a real SQLite file's schema (':memory:'): JSON sent as
 * JSON only (a page on another site can send `text/plain`, a form or a typeless blob without a preflight: 415
 * naming the type expected, nothing done); no lone surrogate in any string (400 naming the field, nothing
 * stored, where SQLite kept bytes that are not UTF-8); nothing nested past MAX_BODY_DEPTH (400 before it is
 * parsed, nothing done); the recharge minimum never below 1 USDT.
 */
let t: TestServer;
let admin: string;
let customer: string;
beforeAll(async () => {
  t = await startTestServer();
  admin = await t.login('admin01');
  customer = await t.login('customer01');
});
afterAll(() => t.close());

interface Raw {
  status: number;
  body: { status: boolean; message?: string; key?: string; params?: Record<string, string | number>; field?: string; data?: unknown };
}
/** A POST of exactly these bytes with exactly these headers (fetch leaves the body as it is). */
async function raw(path: string, body: string | Blob | URLSearchParams | FormData | undefined, headers: Record<string, string> = {}, lang = 'en'): Promise<Raw> {
  const res = await fetch(`${t.url}${path}`, { method: 'POST', headers: { 'accept-language': lang, ...headers }, body });
  return { status: res.status, body: (await res.json()) as Raw['body'] };
}

describe('JSON calls take JSON only', () => {
  const registration = JSON.stringify({ account: 'crosssite01', password: 'x' });
  it.each<[string, () => Promise<Raw>]>([
    ['text/plain (what a cross-site fetch or sendBeacon sends)', () => raw('/api/admin/register', registration, { 'content-type': 'text/plain;charset=UTF-8' })],
    ['a form encoding', () => raw('/api/admin/register', new URLSearchParams({ account: 'crosssite01' }))],
    ['multipart', () => raw('/api/admin/register', (() => { const f = new FormData(); f.set('account', 'crosssite01'); return f; })())],
    ['a blob with no type (no Content-Type at all)', () => raw('/api/admin/register', new Blob([registration]))],
  ])('refuses %s with 415 naming application/json, doing nothing', async (_name, send) => {
    const before = snapshot(t.db);
    const res = await send();
    expect(res).toEqual({ status: 415, body: failureBody('This call takes its body as application/json; reload the page and try again') });
    expect(res.body).toMatchObject({ key: 'errors.content_type', params: { expected: 'application/json' } });
    expect(snapshot(t.db)).toEqual(before);
  });

  it('says it in Chinese too', async () => {
    const res = await raw('/api/ping', '{"value":10}', { 'content-type': 'text/plain' }, 'zh-CN');
    expect(res).toEqual({ status: 415, body: failureBody('此接口只接受 application/json 格式的请求内容，请刷新页面后重试') });
  });

  it('the upload call names multipart/form-data', async () => {
    const res = await raw('/api/file/add', 'not a file', { 'content-type': 'text/plain', token: customer });
    expect(res.status).toBe(415);
    expect(res.body.params).toEqual({ expected: 'multipart/form-data' });
  });

  it('takes application/json (any charset spelling) and a body-less call as before', async () => {
    expect((await raw('/api/ping', '{"value":10}', { 'content-type': 'application/json' })).body.data).toMatchObject({ value: 10 });
    expect((await raw('/api/ping', '{"value":10}', { 'content-type': 'Application/JSON; charset=UTF-8' })).status).toBe(200);
    expect((await raw('/api/website_info/inquire', undefined)).status).toBe(200);
  });
});

describe('a body nested past the limit is refused before it is parsed', () => {
  const post = (path: string, text: string, token?: string, lang = 'en') => raw(`/api/${path}`, text, { 'content-type': 'application/json', ...(token ? { token } : {}) }, lang);
  const arrays = (n: number) => '['.repeat(n) + ']'.repeat(n);

  it.each<[string, string, string]>([
    ['a 200,000-deep array as the body', 'ping', arrays(200_000)],
    ['an object one level too deep', 'ping', '{"a":'.repeat(MAX_BODY_DEPTH + 1) + '1' + '}'.repeat(MAX_BODY_DEPTH + 1)],
    ['a deep value in a field of a write', 'url_key_platform/add', `{"name":${arrays(100_000)},"url":"https://x.example/","short_code_type":4}`],
  ])('%s: 400 naming the limit, nothing done', async (_name, path, text) => {
    const before = snapshot(t.db);
    const res = await post(path, text, admin);
    expect(res).toEqual({ status: 400, body: { status: false, message: `The request body nests arrays and objects more than ${MAX_BODY_DEPTH} levels deep`, key: 'errors.body_too_deep', params: { limit: MAX_BODY_DEPTH } } });
    expect(snapshot(t.db)).toEqual(before);
    expect((await post(path, text, admin, 'zh-CN')).body.message).toBe(`请求内容的数组和对象嵌套超过 ${MAX_BODY_DEPTH} 层`);
  });

  it('takes a body at the limit to its contract, and brackets inside strings do not count', async () => {
    // At the limit: parsed, then refused by the call's contract for what it is (not for its depth).
    const atLimit = await post('ping', '{"value":' + arrays(MAX_BODY_DEPTH - 1) + '}');
    expect(atLimit.status).toBe(400);
    expect(atLimit.body.key).not.toBe('errors.body_too_deep');
    const named = await post('url_key_platform/add', JSON.stringify({ name: `[{${'['.repeat(40)}"`, url: 'https://x.example/', short_code_type: 4 }), admin);
    expect(named.status, named.body.message).toBe(200);
  });

  it('counts depth as JSON does', () => {
    const deep = (n: number) => Buffer.from(arrays(n));
    expect([nestsDeeperThan(deep(3), 3), nestsDeeperThan(deep(4), 3)]).toEqual([false, true]);
    expect(nestsDeeperThan(Buffer.from('[[[],[],[]],[[]]]'), 3)).toBe(false);
    // Strings hold brackets, an escaped quote and a backslash that ends the string: none of them counts.
    expect(nestsDeeperThan(Buffer.from(JSON.stringify(['[[[[\\', ['"[[[[']])), 2)).toBe(false);
    expect(nestsDeeperThan(Buffer.from(JSON.stringify(['\\', [[[1]]]])), 3)).toBe(true);
  });
});

describe('a lone surrogate is refused, naming its field', () => {
  const post = (path: string, text: string, token?: string) => raw(`/api/${path}`, text, { 'content-type': 'application/json', ...(token ? { token } : {}) });

  it.each<[string, string, string, string | undefined]>([
    ['a field', 'url_key_platform/add', '{"name":"ab\\ud800cd","url":"https://x.example/","short_code_type":4}', 'name'],
    ['a low half alone', 'url_key_platform/add', '{"name":"\\udc00","url":"https://x.example/","short_code_type":4}', 'name'],
    ['a pair the wrong way round', 'url_key_platform/add', '{"name":"\\ude00\\ud83d","url":"https://x.example/","short_code_type":4}', 'name'],
    ['an item of a list', 'qr_code_access/public_enquiry', '{"key":"share02","file_name":"demo02","ip_list":["1.2.3.4","\\ud800"]}', 'ip_list.1'],
  ])('in %s: 400, nothing stored', async (_name, path, text, field) => {
    const before = snapshot(t.db);
    const res = await post(path, text, admin);
    expect(res).toEqual({ status: 400, body: failureBody(`${field}: This text holds a broken character (half of a UTF-16 surrogate pair); type or paste it again`) });
    expect(res.body.key).toBe('validation.lone_surrogate');
    expect(snapshot(t.db)).toEqual(before);
  });

  it('in a key: named too, before the contract refuses the key', async () => {
    const res = await post('ping', '{"value":10,"x\\ud800":1}');
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('x\uFFFD');
    expect(res.body.key).toBe('validation.lone_surrogate');
  });

  it('a whole pair, escaped or not, is a character and is stored as UTF-8', async () => {
    const before = countOf(t.db, 'url_key_platforms');
    for (const name of ['"smile \\ud83d\\ude00"', '"smile 😀 2"']) {
      const res = await post('url_key_platform/add', `{"name":${name},"url":"https://x.example/","short_code_type":4}`, admin);
      expect(res.status, res.body.message).toBe(200);
    }
    expect(countOf(t.db, 'url_key_platforms')).toBe(before + 2);
    const stored = t.db.prepare("SELECT hex(name) FROM url_key_platforms WHERE name = 'smile 😀'").pluck().get();
    expect(stored).toBe(Buffer.from('smile 😀').toString('hex').toUpperCase());
    expect(valueOf(t.db, 'url_key_platforms', 'name', { name: 'smile 😀 2' })).toBe('smile 😀 2');
  });
});

describe('the recharge minimum', () => {
  it('is never below 1 USDT, even when an older database stored less', async () => {
    const pay = t.services.settings.require('pay_config');
    // What pay_config/update took before it checked (it refuses this now: tests/api/system.test.ts).
    t.services.settings.set('pay_config', { ...pay, min_recharge: 0.0000001 });
    try {
      const before = snapshot(t.db);
      const res = await raw('/api/order/recharge', JSON.stringify({ amount_micro: 1 }), { 'content-type': 'application/json', token: customer });
      expect(res).toEqual({ status: 400, body: failureBody('amount_micro: The smallest recharge is 1 USDT') });
      expect(snapshot(t.db)).toEqual(before);
      const ok = await raw('/api/order/recharge', JSON.stringify({ amount_micro: 1_000_000 }), { 'content-type': 'application/json', token: customer });
      expect(ok.status, ok.body.message).toBe(200);
    } finally {
      t.services.settings.set('pay_config', pay);
    }
  });

  it('pay_config/update refuses a minimum finer than a micro-unit or below 1 USDT, naming the field', async () => {
    for (const [min_recharge, message] of [
      [0.0000001, 'min_recharge: an amount has at most 6 decimal places'],
      [10.0000001, 'min_recharge: an amount has at most 6 decimal places'],
      [0, 'min_recharge: Must be at least 1'],
      [0.999999, 'min_recharge: Must be at least 1'],
    ] as const) {
      const res = await raw('/api/pay_config/update', JSON.stringify({ min_recharge }), { 'content-type': 'application/json', token: admin });
      expect(res, String(min_recharge)).toEqual({ status: 400, body: failureBody(message) });
    }
    const res = await raw('/api/pay_config/update', JSON.stringify({ min_recharge: 12.345678 }), { 'content-type': 'application/json', token: admin });
    expect(res.status).toBe(200);
    expect(t.services.settings.require('pay_config').min_recharge).toBe(12.345678);
  });
});
