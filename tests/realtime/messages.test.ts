import { beforeEach, describe, expect, it } from 'vitest';
import { refusalText } from '../helpers/qr.ts';
import { CloseCode, FrameType, type Message } from '../../contracts/index.ts';
import { resetDatabase } from '../../mock-server/seed/seed.ts';
import { connectAs } from './client.ts';
import { countOf, rowsOf } from '../../fixtures/rows.ts';
import { useApiServer } from '../helpers/api-server.ts';

const { t } = useApiServer();
const tokens: Record<string, string> = {};
beforeEach(async () => {
  resetDatabase(t.services);
  for (const account of ['superadmin', 'admin01', 'customer01', 'customer02', 'agent01'])
    tokens[account] = await t.login(account);
});

const idOf = (account: string) => t.services.users.byAccount(account)!.id;
const messagesOf = (account: string) =>
  rowsOf(t.db, 'messages', { user_id: idOf(account) }, { columns: ['id', 'title', 'content', 'notify_status', 'check_time'] });
const allMessages = () => rowsOf(t.db, 'messages');
const page = (res: { body: { data?: unknown } }) => res.body.data as { content: Message[]; total: number };

describe('message/inquire', () => {
  it("answers the caller's unread message the way the console polls (notify_status 1, page_size 1)", async () => {
    const res = await t.call(
      'message/inquire',
      { notify_status: 1, page_size: 1, page: 1 },
      tokens.customer01,
    );
    expect(res.status).toBe(200);
    expect(page(res).total).toBe(1);
    expect(page(res).content).toEqual([
      expect.objectContaining({ title: 'Maintenance notice', notify_status: 1, check_time: null }),
    ]);
  });

  it("pages and filters only the caller's own messages", async () => {
    const all = page(await t.call('message/inquire', {}, tokens.customer01));
    expect(all.total).toBe(2);
    expect(all.content.map((m) => m.title)).toEqual(['Maintenance notice', 'Welcome']);
    const read = page(await t.call('message/inquire', { notify_status: 2 }, tokens.customer01));
    expect(read.content.map((m) => m.title)).toEqual(['Welcome']);
    const second = page(await t.call('message/inquire', { page: 2, page_size: 1 }, tokens.customer01));
    expect(second).toMatchObject({ total: 2, content: [{ title: 'Welcome' }] });
    expect(page(await t.call('message/inquire', {}, tokens.admin01)).total).toBe(0);
  });

  it.each([
    ['notify_status 3', { notify_status: 3 }, /^notify_status: /],
    ['page 0', { page: 0 }, /^page: /],
    ['page_size 1000', { page_size: 1000 }, /^page_size: /],
    ['an unknown field', { user_id: 5 }, 'user_id: This page sent something the server does not take; reload the page and try again'],
  ])('refuses %s with 400', async (_n, body, message) => {
    const res = await t.call('message/inquire', body, tokens.customer01);
    expect(res.status).toBe(400);
    expect(res.body.status).toBe(false);
    expect(refusalText(res.body)).toMatch(message);
  });

  it('refuses without a token (401)', async () => {
    expect((await t.call('message/inquire', {})).status).toBe(401);
  });
});

describe('message/update_notify_status', () => {
  const unreadId = () =>
    (messagesOf('customer01') as { id: number; notify_status: number }[]).find((m) => m.notify_status === 1)!
      .id;

  it("marks the caller's own message read with a check time, once", async () => {
    const id = unreadId();
    const res = await t.call('message/update_notify_status', { id }, tokens.customer01);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id,
      notify_status: 2,
      check_time: expect.stringMatching(/^\d{4}-/),
    });
    expect(page(await t.call('message/inquire', { notify_status: 1 }, tokens.customer01)).total).toBe(0);
    const first = (res.body.data as Message).check_time;
    const again = await t.call('message/update_notify_status', { id }, tokens.customer01);
    expect((again.body.data as Message).check_time).toBe(first);
  });

  it("answers 404 for another user's message and changes nothing", async () => {
    const before = allMessages();
    const res = await t.call('message/update_notify_status', { id: unreadId() }, tokens.customer02);
    expect(res.status).toBe(404);
    expect(res.body.status).toBe(false);
    expect(allMessages()).toEqual(before);
  });

  it.each([
    ['a missing id', {}, 400],
    ['id 0', { id: 0 }, 400],
    ['id as text', { id: '1' }, 400],
    ['an id that does not exist', { id: 999_999 }, 404],
  ])('refuses %s and changes nothing', async (_n, body, status) => {
    const before = allMessages();
    expect((await t.call('message/update_notify_status', body, tokens.customer01)).status).toBe(status);
    expect(allMessages()).toEqual(before);
  });

  it('refuses without a token', async () => {
    expect((await t.call('message/update_notify_status', { id: 1 })).status).toBe(401);
  });
});

describe('message/send, message/list, message/clear (admin)', () => {
  it("sends to one user, stores it unread, and pushes a type-4 frame to that user's open console", async () => {
    const c = await connectAs(t, 'customer02');
    const res = await t.call(
      'message/send',
      { title: 'Hi', content: 'Hello <b>there</b>', user_id: idOf('customer02') },
      tokens.admin01,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ sent: 1, pushed: 1 });
    const frame = await c.next();
    const stored = messagesOf('customer02').at(-1) as { id: number; notify_status: number };
    expect(frame).toMatchObject({
      type: FrameType.values.message,
      data: { id: stored.id, title: 'Hi', content: 'Hello <b>there</b>' },
    });
    expect(stored.notify_status).toBe(1);
    c.close();
  });

  it('sends to all active users; only online ones are pushed', async () => {
    const c = await connectAs(t, 'agent01');
    const users = countOf(t.db, 'users', { status: 1 });
    const res = await t.call(
      'message/send',
      { title: 'All', content: 'For everyone', all: true },
      tokens.superadmin,
    );
    expect(res.body.data).toEqual({ sent: users, pushed: 1 });
    expect((await c.next()).data).toMatchObject({ title: 'All' });
    c.close();
  });

  it('lists every message with its recipient for the admin', async () => {
    const res = await t.call('message/list', { notify_status: 1 }, tokens.admin01);
    expect(res.status).toBe(200);
    expect(
      page(res)
        .content.map((m) => (m as unknown as { account: string }).account)
        .sort(),
    ).toEqual(['agent01', 'customer01']);
  });

  it("clears one user's messages, then all", async () => {
    const one = await t.call('message/clear', { user_id: idOf('customer01') }, tokens.admin01);
    expect(one.body.data).toEqual({ removed: 2 });
    expect(messagesOf('customer01')).toEqual([]);
    expect(messagesOf('agent01')).toHaveLength(1);
    const all = await t.call('message/clear', {}, tokens.admin01);
    expect(all.body.data).toEqual({ removed: 2 });
    expect(allMessages()).toEqual([]);
  });

  it.each([
    ['no recipient', { title: 'a', content: 'b' }, /^user_id: /],
    ['both recipients', { title: 'a', content: 'b', all: true, user_id: 1 }, /^user_id: /],
    ['an empty title', { title: '  ', content: 'b', all: true }, 'title: Please enter the message title'],
    ['a title too long', { title: 'x'.repeat(101), content: 'b', all: true }, /^title: /],
    ['content too long', { title: 'a', content: 'x'.repeat(2001), all: true }, /^content: /],
    ['all: false', { title: 'a', content: 'b', all: false }, /^all: /],
  ])('refuses %s with 400 and stores nothing', async (_n, body, message) => {
    const before = allMessages();
    const res = await t.call('message/send', body, tokens.admin01);
    expect(res.status).toBe(400);
    expect(refusalText(res.body)).toMatch(message);
    expect(allMessages()).toEqual(before);
  });

  it('answers 404 for an unknown recipient and stores nothing', async () => {
    const before = allMessages();
    expect(
      (await t.call('message/send', { title: 'a', content: 'b', user_id: 99_999 }, tokens.admin01)).status,
    ).toBe(404);
    expect((await t.call('message/clear', { user_id: 99_999 }, tokens.admin01)).status).toBe(404);
    expect(allMessages()).toEqual(before);
  });

  it.each([
    ['message/send', { title: 'a', content: 'b', all: true }],
    ['message/clear', {}],
    ['message/list', {}],
    ['user/force_refresh', { id: 1 }],
    ['user/disconnect', { id: 1 }],
  ])('%s: customers and agents get 403, no token 401, and nothing changes', async (path, body) => {
    const before = allMessages();
    expect((await t.call(path, body, tokens.customer01)).status).toBe(403);
    expect((await t.call(path, body, tokens.agent01)).status).toBe(403);
    expect((await t.call(path, body)).status).toBe(401);
    expect(allMessages()).toEqual(before);
  });
});

describe('admin actions that push', () => {
  it('force refresh sends type 2 to every open console of the user', async () => {
    const a = await connectAs(t, 'customer01');
    const b = await connectAs(t, 'customer01');
    const other = await connectAs(t, 'customer02');
    const res = await t.call('user/force_refresh', { id: idOf('customer01') }, tokens.admin01);
    expect(res.body.data).toEqual({ pushed: 2 });
    expect((await a.next()).type).toBe(FrameType.values.reload);
    expect((await b.next()).type).toBe(FrameType.values.reload);
    await expect(other.next(200)).rejects.toThrow(/no frame/);
    for (const c of [a, b, other]) c.close();
  });

  it('disconnect sends type 3, then closes with 3001, and the user is offline', async () => {
    const c = await connectAs(t, 'customer01');
    const res = await t.call('user/disconnect', { id: idOf('customer01') }, tokens.admin01);
    expect(res.body.data).toEqual({ closed: 1 });
    expect((await c.next()).type).toBe(FrameType.values.close);
    expect((await c.closed).code).toBe(CloseCode.values.deliberate);
    await expect.poll(() => t.services.users.byAccount('customer01')!.online_status).toBe(1);
  });

  it('force refresh of an offline user reaches nobody; of an unknown user is 404', async () => {
    expect(
      (await t.call('user/force_refresh', { id: idOf('customer02') }, tokens.admin01)).body.data,
    ).toEqual({ pushed: 0 });
    expect((await t.call('user/force_refresh', { id: 99_999 }, tokens.admin01)).status).toBe(404);
  });
});
