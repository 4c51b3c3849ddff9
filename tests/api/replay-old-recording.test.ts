import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FrameType } from '../../contracts/index.ts';
import { checkAnswer } from '../../mock-server/outside/drift.ts';
import { startTestServer, type TestServer } from '../../harness/server.ts';
import { RealtimeTestClient } from '../realtime/client.ts';

/**
 * `--replay DIR` of a recording made before stand-ins existed (fixtures/recordings/before-stand-ins): its answers
 * hold `***` for every secret, a yes/no among them, which the contract refuses and the console's login with it.
 * The replay reads each `***` the masking rule hides as a stand-in the contract accepts; the folder stays as it is.
 */

const FIXTURE = path.resolve(import.meta.dirname, '../../fixtures/recordings/before-stand-ins');
const lines = (dir: string, call: string) =>
  fs.readFileSync(path.join(dir, 'calls', `${call.replace(/\//g, '__')}.jsonl`), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as { status: number; answer: unknown });

let dir: string;
let replay: TestServer;
const logs: string[] = [];
beforeAll(async () => {
  // A copy: the test shows the replay leaves the folder as it was.
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'old-recording-'));
  fs.cpSync(FIXTURE, dir, { recursive: true });
  replay = await startTestServer({ outside: { replay: dir, unrecorded: '501' }, log: (l) => logs.push(l) });
});
afterAll(async () => {
  await replay.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function post(call: string, body: unknown, token?: string) {
  const res = await fetch(`${replay.url}/api/${call}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'en', ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { status: boolean; message?: string; data?: Record<string, unknown> } };
}

describe('--replay of a recording made before stand-ins', () => {
  it('is the old format: its recorded login answer reads *** for secrets, and the contract refuses it', () => {
    const [login] = lines(FIXTURE, 'admin/login');
    const data = (login!.answer as { data: { token: string; realtime_key: string; user_info: { totp_enabled: unknown } } }).data;
    expect([data.token, data.realtime_key, data.user_info.totp_enabled]).toEqual(['***', '***', '***']);
    expect(checkAnswer('admin/login', 200, login!.answer).map((d) => d.field).sort()).toEqual(['data.realtime_key', 'data.user_info.totp_enabled']);
  });

  it('login answers in a shape the contract accepts, and the session works: recorded calls, the socket, logout', async () => {
    const login = await post('admin/login', { account: 'customer01', password: 'whatever was typed' });
    expect(login.status, login.body.message).toBe(200);
    // What the console's answer check runs: the call's contract on the whole answer.
    expect(checkAnswer('admin/login', 200, login.body)).toEqual([]);
    const session = login.body.data as { token: string; realtime_key: string; user_info: { account: string; totp_enabled: unknown } };
    expect(session.user_info.account).toBe('customer01');
    expect(typeof session.user_info.totp_enabled).toBe('boolean');
    expect(session.token).not.toBe('***');

    const info = await post('admin/user_info', {}, session.token);
    expect(info.status).toBe(200);
    expect(checkAnswer('admin/user_info', 200, info.body)).toEqual([]);
    expect(info.body.data!.token).toBe(session.token);

    const codes = await post('qr_code_list/inquire', { page: 1, page_size: 5 }, session.token);
    expect(codes.status).toBe(200);
    expect(checkAnswer('qr_code_list/inquire', 200, codes.body)).toEqual([]);
    const recorded = (lines(FIXTURE, 'qr_code_list/inquire')[0]!.answer as { data: { content: { id: number }[] } }).data.content;
    expect((codes.body.data as { content: { id: number }[] }).content.map((c) => c.id)).toEqual(recorded.map((c) => c.id));

    // The session is the mock's too: its real-time socket logs in with the key the login handed out.
    const socket = await RealtimeTestClient.open(replay.url, session);
    expect(await socket.login()).toMatchObject({ type: FrameType.values.login_ack, data: { status: true } });
    socket.close();
    await socket.closed;

    expect((await post('admin/logout', {}, session.token)).status).toBe(200);
    expect((await post('qr_code_list/inquire', { page: 1, page_size: 5 }, session.token)).status).toBe(401);
  });

  it('says so once at start, and leaves the recording folder as it was', () => {
    expect(logs.filter((l) => l.includes('recorded before stand-ins'))).toEqual([
      `replay: ${dir} was recorded before stand-ins: 10 secrets read *** and got a stand-in that fits their contract`,
    ]);
    for (const file of fs.readdirSync(path.join(FIXTURE, 'calls'))) {
      expect(fs.readFileSync(path.join(dir, 'calls', file), 'utf8')).toBe(fs.readFileSync(path.join(FIXTURE, 'calls', file), 'utf8'));
    }
  });

  it('an account the mock lacks: no twin, and the login still fits the contract with a session key of the right shape', async () => {
    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'old-recording-other-'));
    fs.cpSync(FIXTURE, other, { recursive: true });
    const file = path.join(other, 'calls', 'admin__login.jsonl');
    // A role kind no seeded account has: the replay finds no account of the mock to stand for it.
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replaceAll('"customer01"', '"alice-of-production"').replaceAll('"customer"', '"auditor"'));
    const alone = await startTestServer({ outside: { replay: other, unrecorded: '501' } });
    try {
      const res = await fetch(`${alone.url}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"account":"alice-of-production","password":"x"}' });
      const body = (await res.json()) as { data: { realtime_key: string } };
      expect(res.status).toBe(200);
      expect(checkAnswer('admin/login', 200, body)).toEqual([]);
      // A real 32-byte key in base64, as the console imports it.
      expect(Buffer.from(body.data.realtime_key, 'base64')).toHaveLength(32);
    } finally {
      await alone.close();
      fs.rmSync(other, { recursive: true, force: true });
    }
  });
});
