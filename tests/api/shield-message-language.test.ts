import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { CONTROL_PREFIX, FrameType } from '../../contracts/index.ts';
import { ok, useQrServer } from '../helpers/qr.ts';
import { connectAs } from '../realtime/client.ts';

/**
 * The detector's site message reads in its reader's language: the inbox and the administrators' message list
 * answer it in the request's language, the socket in the language its console logged in with (the test
 * client's: en); a message an administrator typed stays as typed.
 */
const { t, tok } = useQrServer();

const control = async (name: string, body: unknown) => {
  const res = await request(t.server).post(`${CONTROL_PREFIX}/shield/${name}`).send(body as object);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};
const HAN = /\p{Script=Han}/u;
type Message = { title: string; content: string };

describe('a WeChat block message', () => {
  it('speaks the language of whoever reads it, and only that one', async () => {
    const owner = await connectAs(t, 'customer01');
    await control('mark', { domain: 'entry1.example.com', status: 2 });
    await control('run', { force: true });
    const frame = await owner.next();
    owner.close();
    expect(frame.type).toBe(FrameType.values.message);
    expect(frame.data).toMatchObject({ title: 'Domain entry1.example.com was blocked by WeChat' });
    expect(JSON.stringify(frame.data)).not.toMatch(HAN);

    const inbox = async (lang: string) => ok<{ content: Message[] }>(await t.call('message/inquire', {}, tok.customer01, lang)).content[0]!;
    const en = await inbox('en');
    expect(en.title).toBe('Domain entry1.example.com was blocked by WeChat');
    expect(en.content).toMatch(/^Domain entry1\.example\.com was blocked by WeChat; \d+ QR codes moved to the spare domain reserve1\.example\.com\.$/);
    const zh = await inbox('zh-CN');
    expect(zh.title).toBe('域名 entry1.example.com 已被微信封禁');
    expect(zh.content).not.toMatch(/Domain|WeChat/);
    expect(zh).not.toHaveProperty('text_key');

    const all = ok<{ content: (Message & { account: string })[] }>(await t.call('message/list', {}, tok.admin, 'en')).content;
    const listed = all.find((m) => m.account === 'customer01')!;
    expect(listed.title).toBe(en.title);
    expect(JSON.stringify(listed)).not.toMatch(HAN);
  });

  it('a message an administrator typed stays as typed in either language', async () => {
    ok(await t.call('message/send', { user_id: 5, title: '维护通知', content: 'Tonight 22:00' }, tok.admin));
    for (const lang of ['en', 'zh-CN']) {
      const first = ok<{ content: Message[] }>(await t.call('message/inquire', {}, tok.customer02, lang)).content[0]!;
      expect(first).toMatchObject({ title: '维护通知', content: 'Tonight 22:00' });
    }
  });
});
