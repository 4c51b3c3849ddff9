import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { connectAs } from '../realtime/client.ts';
import { controlCall, type AnyControlName, type ControlBodyOf } from '../helpers/control.ts';
import { chainTransactionOf, foreignKeyProblemsOf, visitDaysOf } from '../../fixtures/factories.ts';
import { countOf } from '../../fixtures/rows.ts';
import { useApiServer } from '../helpers/api-server.ts';

// Named states copy into the live file with SQLite's online backup: a real file, not ':memory:'.
const server = useApiServer({ file: 'qa-states' });
const { t } = server;

const qa = <N extends AnyControlName>(name: N, body: ControlBodyOf<N>) => controlCall(t, name, body);
async function load(name: string) {
  const res = await qa('state/load', { name });
  expect(res.status, res.body.message).toBe(200);
  return res.body.data;
}
async function total(path: string, token: string, body: object = {}) {
  const res = await t.call(path, { page: 1, page_size: 10, ...body }, token);
  expect(res.status, `${path}: ${res.body.message}`).toBe(200);
  return (res.body.data as { total: number }).total;
}

describe('named states: save and load', () => {
  it('saves the live database and loads it back, dropping sockets and keeping the RSA key', async () => {
    await load('seed');
    const admin = await t.login('admin01');
    const token = await t.login('customer01');
    const unread = { notify_status: 1 };
    const before = await total('message/inquire', token, unread);
    expect(before).toBeGreaterThan(0);
    expect((await qa('state/save', { name: 'qa-one' })).body.data.bytes).toBeGreaterThan(0);
    // Change something after the save: the load takes it back.
    const inbox = await t.call('message/inquire', { page: 1, page_size: 10, ...unread }, token);
    const first = (inbox.body.data as { content: { id: number }[] }).content[0]!;
    expect((await t.call('message/update_notify_status', { id: first.id }, token)).status).toBe(200);
    expect(await total('message/inquire', token, unread)).toBe(before - 1);
    const socket = await connectAs(t, 'customer01');
    await load('qa-one');
    expect((await socket.closed).code).toBe(4010);
    // Sessions are the saved ones: admin01's token of before the save still works, and a fresh login
    // (the password encrypted with this server's key) too.
    expect((await t.call('admin/user_info', {}, admin)).status).toBe(200);
    expect(await total('message/inquire', await t.login('customer01'), unread)).toBe(before);
    expect((await qa('state/list', {})).body.data.saved).toContain('qa-one');
  });

  it('loads the seed state in under 200 ms (median of 5)', async () => {
    await load('seed');
    const times: number[] = [];
    for (let i = 0; i < 5; i++) times.push((await load('seed')).ms);
    times.sort((a, b) => a - b);
    console.log(`state/load seed: ${times.join(', ')} ms`);
    expect(times[2]).toBeLessThan(200);
  });

  it('refuses an unknown name, a shipped name to save over, and a bad name, changing nothing', async () => {
    expect((await qa('state/load', { name: 'never-saved' })).status).toBe(404);
    const shipped = await qa('state/save', { name: 'seed' });
    expect(shipped.status).toBe(409);
    expect(shipped.body.message).toMatch(/shipped/);
    const bad = await qa('state/save', { name: '../etc' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/state name/);
  });
});

describe('shipped states keep their promise', () => {
  it('empty: accounts log in, no codes, domains or messages', async () => {
    await load('empty');
    const token = await t.login('customer01');
    expect(await total('qr_code_list/inquire', token)).toBe(0);
    expect(await total('domain/inquire', token)).toBe(0);
    expect(await total('message/inquire', token)).toBe(0);
    expect(foreignKeyProblemsOf(t.db)).toEqual([]);
  });

  it('busy: over 2,000 codes and visits spread over 90 days', async () => {
    await load('busy');
    const token = await t.login('customer01');
    expect(await total('qr_code_list/inquire', token)).toBeGreaterThan(2000);
    const days = visitDaysOf(t.db);
    expect(days).toBeGreaterThanOrEqual(89);
    expect(countOf(t.db, 'access_records')).toBeGreaterThanOrEqual(60_000);
  }, 60_000);

  it('expired-membership: member-only calls answer 402 for customer01, naming the expiry', async () => {
    // The membership rule runs before the body is read: on the seed an empty body is refused for itself (400).
    await load('seed');
    expect((await t.call('domain/add', {}, await t.login('customer01'))).status).toBe(400);
    await load('expired-membership');
    const res = await t.call('domain/add', {}, await t.login('customer01'));
    expect(res.status).toBe(402);
    expect(res.body.message).toMatch(/expired/i);
  });

  it('blocked-domain: entry1.example.com shows blocked to its owner', async () => {
    await load('blocked-domain');
    const res = await t.call('domain/inquire', { page: 1, page_size: 50, domain: 'entry1' }, await t.login('customer01'));
    const rows = (res.body.data as { content: { domain: string; shield_status: number }[] }).content;
    expect(rows.find((r) => r.domain === 'entry1.example.com')?.shield_status).toBe(2);
  });

  it('pending-payout: an administrator sees agent01\'s 25 USDT withdrawal pending', async () => {
    await load('pending-payout');
    const res = await t.call('withdrawal/admin_inquire', { page: 1, page_size: 10, status: 1 }, await t.login('superadmin'));
    expect(res.status, res.body.message).toBe(200);
    const rows = (res.body.data as { content: { account: string; amount_micro: number; status: number }[] }).content;
    expect(rows).toEqual([expect.objectContaining({ account: 'agent01', amount_micro: 25_000_000, status: 1 })]);
  });

  it('unmatched-transfer: a confirmed payment that turned no order paid', async () => {
    await load('unmatched-transfer');
    const tx = chainTransactionOf(t.db, { amount_micro: 7_654_321 })!;
    expect(tx.status).toBe(2);
    expect(countOf(t.db, 'orders', { tx_hash: tx.hash })).toBe(0);
  });

  it('seed: the seed as a fresh start makes it', async () => {
    await load('busy');
    await load('seed');
    expect(await total('qr_code_list/inquire', await t.login('customer01'))).toBeLessThan(50);
  });
});

describe('npm run mock -- --state NAME', () => {
  it('starts on the named state before the port opens', async () => {
    // node itself (not npx), so killing the child ends the server.
    const child = spawn(process.execPath, ['--import', 'tsx', 'mock-server/main.ts', '--port', '0', '--mode', 'test', '--db', path.join(server.dir, 'cli.db'), '--state', 'expired-membership'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let out = '';
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (c: Buffer) => {
          out += c.toString();
          const m = out.match(/ready in \d+ ms on (http:\/\/\S+?)\/ /);
          if (m) resolve(m[1]!);
        });
        child.on('exit', (code) => reject(new Error(`mock exited ${code}: ${out}`)));
      });
      expect(out).toMatch(/state expired-membership loaded in [\d.]+ ms \(built from the seed\)/);
      const key = (await (await fetch(`${url}/api/security/public_key`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).json()) as { data: { spki: string } };
      const { constants, createPublicKey, publicEncrypt } = await import('node:crypto');
      const pk = createPublicKey({ key: Buffer.from(key.data.spki, 'base64'), format: 'der', type: 'spki' });
      const password = publicEncrypt({ key: pk, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from('Customer123')).toString('base64');
      const post = (call: string, body: unknown, token?: string) =>
        fetch(`${url}/api/${call}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { token } : {}) }, body: JSON.stringify(body) });
      const login = (await (await post('admin/login', { account: 'customer01', password })).json()) as { data: { token: string } };
      expect((await post('domain/add', {}, login.data.token)).status).toBe(402);
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  }, 120_000);
});
