import { TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { calls, PASSWORD_ENCRYPTION, type CallDef } from '../../contracts/index.ts';
import { users } from '../../fixtures/seed/users.ts';
import { useDocumentedServer } from '../helpers/documented-server.ts';

/**
 * What the served OpenAPI document says against what the server does (issue 24, part 6): statuses, the
 * generated passwords, tags, and every declared numeric limit of a request field probed at its edges —
 * the bound itself is not refused for that field, one past it is.
 */

type Schema = { type?: string; minimum?: number; maximum?: number; properties?: Record<string, Schema>; description?: string; $ref?: string };
type Op = {
  tags: string[];
  summary: string;
  responses: Record<string, unknown>;
  requestBody: { content: Record<string, { schema?: Schema; example?: Record<string, unknown> }> };
};
type Doc = { tags?: { name: string }[]; paths: Record<string, { post: Op }>; components: { schemas: Record<string, Schema> } };

/**
 * Limits that are settings, not constants: the document says so in words (checked below) and declares only
 * the outer bound; the server's answer follows the setting.
 */
const SETTING_LIMITS: Record<string, { field: string; words: RegExp }> = {
  'order/recharge': { field: 'amount_micro', words: /min_recharge/ },
};

/** Fields whose allowed edge meets another rule than a bound: a relation to another field of the same body. */
const CROSS_FIELD: Record<string, string> = {
  'mall_product/add lowest_price_micro': 'may not be above price',
  'mall_product/update lowest_price_micro': 'may not be above price',
};

const passwordOf = (account: string) => users.find((u) => u.account === account)!.password;

const served = useDocumentedServer<Doc>('truth');
const { t, tok, loadBase } = served;

const op = (call: string) => served.doc.paths[`/api/${call}`]!.post;
const deref = (s: Schema | undefined): Schema | undefined => (s?.$ref ? served.doc.components.schemas[s.$ref.split('/').pop()!] : s);

describe('the document says what the server does', () => {
  it('declares 415 on every upload call, and the server answers it', async () => {
    const uploads = (calls as readonly CallDef[]).filter((c) => c.upload);
    expect(uploads.length).toBeGreaterThan(0);
    for (const c of uploads) expect(Object.keys(op(c.path).responses), c.path).toContain('415');
    const form = new FormData();
    form.append('file', new Blob([Buffer.from('#!/bin/sh\necho not an image\n')], { type: 'image/png' }), 'x.png');
    const res = await fetch(`${t.url}/api/file/add`, { method: 'POST', headers: { token: tok.admin }, body: form });
    expect(res.status).toBe(415);
  });

  it('describes the password an answer carries as the generated one in clear, never as RSA ciphertext', async () => {
    for (const call of ['user/reset_password', 'administrators/add']) {
      const data = deref((deref(op(call).responses['200'] as never) as unknown as { content: { 'application/json': { schema: Schema } } }).content['application/json'].schema.properties!.data);
      const password = data!.properties!.password!;
      expect(password.description, call).toMatch(/generated password in clear/);
      expect(password.description, call).not.toBe(PASSWORD_ENCRYPTION);
    }
    // And it is: the generated password logs in.
    const customer = users.find((u) => u.account === 'customer02')!;
    const res = await t.call('user/reset_password', { id: t.services.users.byAccount(customer.account)!.id }, tok.admin);
    const generated = (res.body.data as { password: string }).password;
    expect(await t.login(customer.account, generated)).toMatch(/.+/);
    await loadBase();
  });

  it('declares every operation tag at the top level', () => {
    const declared = new Set((served.doc.tags ?? []).map((x) => x.name));
    const used = Object.values(served.doc.paths).flatMap((p) => p.post.tags);
    expect(used.length).toBe(calls.length);
    expect(used.filter((tag) => !declared.has(tag))).toEqual([]);
  });

  it('declares the numeric limits the server enforces (edges of every numeric request field)', async () => {
    const mismatches: string[] = [];
    let probes = 0;
    let changed = false;
    for (const call of calls as readonly CallDef[]) {
      if (call.upload) continue;
      const content = op(call.path).requestBody.content['application/json']!;
      const base = { ...content.example };
      for (const f of call.encryptedFields ?? []) if (f in base) base[f] = t.encrypt(passwordOf('superadmin'));
      const props = deref(content.schema)?.properties ?? {};
      for (const [field, raw] of Object.entries(props)) {
        const s = deref(raw)!;
        if (s.type !== 'integer' && s.type !== 'number') continue;
        // An `…_id` names another row: its edges meet "does not exist", a rule about data, not a declared bound.
        if (field.endsWith('_id') || CROSS_FIELD[`${call.path} ${field}`]) continue;
        const setting = SETTING_LIMITS[call.path];
        if (setting?.field === field) {
          expect(op(call.path).summary, call.path).toMatch(setting.words);
          continue;
        }
        const edges: [number, boolean][] = [];
        if (typeof s.minimum === 'number' && s.minimum > Number.MIN_SAFE_INTEGER) edges.push([s.minimum, true], [s.minimum - 1, false]);
        if (typeof s.maximum === 'number' && s.maximum < Number.MAX_SAFE_INTEGER) edges.push([s.maximum, true], [s.maximum + 1, false]);
        for (const [value, allowed] of edges) {
          if (changed) await loadBase();
          const body = { ...base, [field]: value };
          if (call.path === 'admin/bind_totp') body.code = new TOTP({ secret: String(body.secret) }).generate();
          const res = await t.call(call.path, body, tok.admin);
          probes += 1;
          changed = res.status === 200;
          // The refusal names the field it concerns beside its sentence (`field`; issue 23).
          const namesField = res.status === 400 && (res.body as { field?: string }).field === field;
          if (allowed === namesField) mismatches.push(`${call.path} ${field}=${value}: declared ${allowed ? 'allowed' : 'refused'}, answered ${res.status} ${res.body.message ?? ''}`);
          if (res.status >= 500) mismatches.push(`${call.path} ${field}=${value}: ${res.status}`);
        }
      }
    }
    console.log(`numeric limits: ${probes} probes`);
    expect(probes).toBeGreaterThan(100);
    expect(mismatches).toEqual([]);
  }, 180_000);
});
