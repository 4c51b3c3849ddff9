import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, type CallDef } from '../../contracts/index.ts';
import { insertIpBlack, updateUser } from '../../fixtures/factories.ts';
import { servedDocumentCheck, type DocumentCheck } from '../../harness/document-check.ts';
import { startTestServer, type Answer, type TestServer } from '../../harness/server.ts';

/**
 * Real refusals of every kind, judged by the served document with outside tools (harness/document-check.ts:
 * swagger-parser + ajv), never by our own zod: each status is one the operation declares and each body fits
 * the schema declared for it. The last case asks that every refusal status the document declares anywhere was
 * met here at least once, so a status added to the document without a real sample fails.
 */

type Schema = { $ref?: string; required?: string[]; properties?: Record<string, unknown> };
type Doc = {
  paths: Record<string, { post: { requestBody: { content: Record<string, { schema?: Schema; example?: Record<string, unknown> }> }; responses: Record<string, unknown> } }>;
  components: { schemas: Record<string, Schema> };
};

const registered = calls as readonly CallDef[];
const json = registered.filter((c) => !c.upload);

let t: TestServer;
let check: DocumentCheck;
let doc: Doc;
let superadmin: string;
let customer: string;
/** Refusals judged, by status. */
const met = new Map<number, number>();

beforeAll(async () => {
  t = await startTestServer();
  check = await servedDocumentCheck(t.url);
  doc = (await (await fetch(`${t.url}/api/openapi.json`)).json()) as Doc;
  superadmin = await t.login('superadmin');
  customer = await t.login('customer01');
}, 60_000);
afterAll(() => t.close());

const exampleOf = (call: CallDef) => ({ ...doc.paths[`/api/${call.path}`]!.post.requestBody.content['application/json']!.example });

/** What is wrong with one answer by the document; counts the refusal. */
function judge(call: string, res: Answer): string[] {
  if (res.status >= 400) met.set(res.status, (met.get(res.status) ?? 0) + 1);
  return check.answer(call, res.status, res.body);
}

/** A raw POST (headers and body as given), its answer parsed. */
async function raw(call: string, body: string | Blob | FormData, headers: Record<string, string>): Promise<Answer> {
  const res = await fetch(`${t.url}/api/${call}`, { method: 'POST', headers: { 'accept-language': 'en', ...headers }, body });
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}

describe('refusals as the served document declares them (ajv over the swagger-parser resolved document)', () => {
  it('401: every call that needs a session, without a token and with an unknown one', async () => {
    const problems: string[] = [];
    let refused = 0;
    for (const call of json.filter((c) => c.access.kind !== 'public')) {
      for (const token of [undefined, 'no-such-token']) {
        const res = await t.call(call.path, exampleOf(call), token);
        if (res.status !== 401) problems.push(`${call.path} ${token ?? 'no token'}: ${res.status}, not 401`);
        else refused += 1;
        problems.push(...judge(call.path, res));
      }
    }
    expect(problems).toEqual([]);
    expect(refused).toBeGreaterThan(200);
  }, 120_000); // a sweep over every call: a few seconds alone, more on a loaded machine

  it('400 naming the field: every call with a required field, sent without it', async () => {
    const problems: string[] = [];
    let refused = 0;
    for (const call of json) {
      const schema = doc.paths[`/api/${call.path}`]!.post.requestBody.content['application/json']!.schema!;
      const top = schema.$ref ? doc.components.schemas[schema.$ref.split('/').pop()!]! : schema;
      const field = top.required?.[0];
      if (!field) continue;
      const body = exampleOf(call);
      delete body[field];
      const res = await t.call(call.path, body, superadmin);
      if (res.status !== 400 || res.body.field !== field) problems.push(`${call.path} without ${field}: ${res.status} field=${res.body.field}`);
      else refused += 1;
      problems.push(...judge(call.path, res));
    }
    expect(problems).toEqual([]);
    expect(refused).toBeGreaterThan(100);
  }, 120_000); // a sweep over every call: a few seconds alone, more on a loaded machine

  it('400: a field the call does not take, a wrong type, and a body that is not JSON', async () => {
    const problems: string[] = [];
    for (const call of json) {
      const extra = await t.call(call.path, { ...exampleOf(call), no_such_field: 1 }, superadmin);
      if (extra.status !== 400) problems.push(`${call.path} with no_such_field: ${extra.status}`);
      problems.push(...judge(call.path, extra));
    }
    const typed = await t.call('qr_code_list/inquire', { page: 'one' }, superadmin);
    expect([typed.status, typed.body.field]).toEqual([400, 'page']);
    problems.push(...judge('qr_code_list/inquire', typed));
    const broken = await raw('qr_code_list/inquire', '{"page":', { 'content-type': 'application/json', token: superadmin });
    expect([broken.status, broken.body.key]).toEqual([400, 'errors.malformed_json']);
    problems.push(...judge('qr_code_list/inquire', broken));
    expect(problems).toEqual([]);
  }, 120_000); // a sweep over every call: a few seconds alone, more on a loaded machine

  it("403: a customer's calls outside its menu nodes, and a console address on the server IP black list", async () => {
    const problems: string[] = [];
    let refused = 0;
    for (const call of json.filter((c) => c.access.kind === 'permission')) {
      const res = await t.call(call.path, exampleOf(call), customer);
      if (res.status === 403) refused += 1;
      problems.push(...judge(call.path, res));
    }
    expect(refused).toBeGreaterThan(50);
    // Its own server: once the address is listed, this one refuses every call.
    const blocked = await startTestServer();
    try {
      const token = await blocked.login('superadmin');
      insertIpBlack(blocked.db, '127.0.0.1');
      for (const call of ['ping', 'qr_code_list/inquire', 'admin/login'] as const) {
        const res = await blocked.call(call, call === 'ping' ? { value: 10 } : {}, token);
        expect([res.status, res.body.key], call).toEqual([403, 'errors.ip_blocked']);
        problems.push(...judge(call, res));
      }
    } finally {
      await blocked.close();
    }
    expect(problems).toEqual([]);
  }, 120_000); // a sweep over every call: a few seconds alone, more on a loaded machine

  it('402: a customer whose membership ended', async () => {
    updateUser(t.db, 'customer01', { member_expire_time: '2020-01-01 00:00:00' });
    const member = json.filter((c) => c.membership);
    expect(member.length).toBeGreaterThan(0);
    const problems: string[] = [];
    const res = await t.call('qr_code_list/add', exampleOf(registered.find((c) => c.path === 'qr_code_list/add')!), customer);
    expect(res.status).toBe(402);
    problems.push(...judge('qr_code_list/add', res));
    expect(problems).toEqual([]);
  });

  it('404: a row that does not exist, and a path that names no call (the Failure schema itself)', async () => {
    const res = await t.call('qr_code_list/details', { id: 2 ** 31 - 1 }, superadmin);
    expect(res.status).toBe(404);
    const problems = judge('qr_code_list/details', res);
    for (const path of ['no_such_call', 'qr_code_list/inquire/more']) {
      const missing = await t.call(path, {}, superadmin);
      expect(missing.status, path).toBe(404);
      met.set(404, (met.get(404) ?? 0) + 1);
      problems.push(...check.failure(missing.body));
    }
    expect(problems).toEqual([]);
  });

  it('409: a name already taken', async () => {
    const body = { code: 'xx-test', title: 'Test language' };
    const problems: string[] = [];
    const first = await t.call('language_list/add', body, superadmin);
    expect(first.status).toBe(200);
    problems.push(...judge('language_list/add', first));
    const again = await t.call('language_list/add', body, superadmin);
    expect([again.status, again.body.field]).toEqual([409, 'code']);
    problems.push(...judge('language_list/add', again));
    expect(problems).toEqual([]);
  });

  it('413: a body over 1 MB', async () => {
    const res = await raw('ping', JSON.stringify({ value: 10, pad: 'x'.repeat(1024 * 1024) }), { 'content-type': 'application/json' });
    expect(res.status).toBe(413);
    expect(judge('ping', res)).toEqual([]);
  });

  it('415: an upload that is no image, a body in another charset, a content encoding the server does not take', async () => {
    const form = new FormData();
    form.append('file', new Blob([Buffer.from('#!/bin/sh\necho not an image\n')], { type: 'image/png' }), 'x.png');
    const upload = await raw('file/add', form, { token: superadmin });
    const charset = await raw('ping', '{"value":10}', { 'content-type': 'application/json; charset=latin1' });
    const encoding = await raw('ping', '{"value":10}', { 'content-type': 'application/json', 'content-encoding': 'zstd' });
    expect([upload.status, charset.status, encoding.status]).toEqual([415, 415, 415]);
    expect([charset.body.key, charset.body.params, encoding.body.key, encoding.body.params]).toEqual([
      'errors.body_charset',
      { charset: 'latin1' },
      'errors.body_encoding',
      { encoding: 'zstd' },
    ]);
    expect([...judge('file/add', upload), ...judge('ping', charset), ...judge('ping', encoding)]).toEqual([]);
  });

  it('429: failed logins of one account (its lock), and of many accounts from one address (the source throttle)', async () => {
    const failUntil429 = async (account: (i: number) => string) => {
      for (let i = 0; i < 60; i++) {
        const res = await t.call('admin/login', { account: account(i), password: t.encrypt('Wrong1234') });
        if (res.status !== 400) return res;
      }
      throw new Error('no 429 after 60 failed logins');
    };
    const locked = await failUntil429(() => 'customer02');
    expect([locked.status, locked.body.params]).toEqual([429, { minutes: expect.any(Number) }]);
    const throttled = await failUntil429((i) => `nobody${i}`);
    expect([throttled.status, throttled.body.params]).toEqual([429, { seconds: expect.any(Number) }]);
    expect([...judge('admin/login', locked), ...judge('admin/login', throttled)]).toEqual([]);
  });

  it('met every refusal status the document declares', () => {
    const declared = new Set(registered.flatMap((c) => check.statuses(c.path) ?? []).filter((s) => Number(s) >= 400));
    expect([...declared].filter((s) => !met.has(Number(s)))).toEqual([]);
    console.log(`refusals judged by the document: ${[...met].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`).join(', ')}`);
  });
});
