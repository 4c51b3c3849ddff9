import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useApiServer } from '../helpers/api-server.ts';
import { countOf } from '../../fixtures/rows.ts';

/** Issue 13: Telegram bindings, bound through the control API (no network), listed and unbound. */
const api = useApiServer({}, { admin: 'superadmin', customer: 'customer01' });

const bind = (body: object) => request(api.t.server).post('/__control/telegram_bind').send(body);
type Page = { content: { id: number; account: string; chat_id: number; platform_account: string }[]; total: number };
const list = async (token: string, body: object = {}) => (await api.t.call('telegram_bot_binding/inquire', body, token)).body.data as Page;

describe('telegram_bot_binding', () => {
  it('a simulated binding appears in the owner’s list and every binding in the administrator’s', async () => {
    const made = await bind({ to: { account: 'customer01' }, platform_account: '@new_tg', platform_nickname: 'New', chat_id: 42 });
    expect(made.status).toBe(200);
    const own = await list(api.tok.customer);
    expect(own.content.every((b) => b.account === 'customer01')).toBe(true);
    expect(own.content.map((b) => b.chat_id)).toEqual(expect.arrayContaining([42, 700000001]));
    expect((await list(api.tok.admin)).content.map((b) => b.account)).toEqual(expect.arrayContaining(['customer01', 'customer02']));
    expect((await list(api.tok.admin, { platform_account: 'new_' })).total).toBe(1);
    expect((await bind({ to: { account: 'customer02' }, platform_account: '@x', chat_id: 42 })).status).toBe(400);
    expect((await bind({ to: { account: 'nobody' }, platform_account: '@x', chat_id: 43 })).status).toBe(404);
  });
  it('a api.tok.customer unbinds their own; another api.tok.customer’s binding is 404 and stays', async () => {
    const mine = (await list(api.tok.customer)).content.find((b) => b.chat_id === 42)!;
    const theirs = (await list(api.tok.admin, { account: 'customer02' })).content[0]!;
    expect((await api.t.call('telegram_bot_binding/remove', { ids: [mine.id, theirs.id] }, api.tok.customer)).status).toBe(404);
    const res = await api.t.call('telegram_bot_binding/remove', { ids: [mine.id] }, api.tok.customer);
    expect(res.body.data).toEqual({ removed: 1 });
    // Mine is gone, theirs stays.
    expect([countOf(api.t.db, 'telegram_bindings', mine.id), countOf(api.t.db, 'telegram_bindings', theirs.id)]).toEqual([0, 1]);
  });
  it("the personal center's call lists the caller's own bindings only, administrators included", async () => {
    const own = async (token: string) => (await api.t.call('admin/telegram_binding_inquire', {}, token)).body.data as Page;
    expect((await own(api.tok.customer)).content.every((b) => b.account === 'customer01')).toBe(true);
    expect((await own(api.tok.customer)).total).toBeGreaterThan(0);
    expect((await own(api.tok.admin)).total).toBe(0);
    expect((await bind({ to: { account: 'superadmin' }, platform_account: '@boss', chat_id: 77 })).status).toBe(200);
    expect((await own(api.tok.admin)).content.map((b) => [b.account, b.chat_id, b.platform_account])).toEqual([['superadmin', 77, '@boss']]);
    expect((await api.t.call('admin/telegram_binding_inquire', {})).status).toBe(401);
  });
});
