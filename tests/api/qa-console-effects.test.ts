import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_PREFIX, type EffectJournalEntry } from '../../contracts/index.ts';
import { startTestServer, type TestServer } from '../../harness/server.ts';
import { useApiServer } from '../helpers/api-server.ts';
import { control } from '../helpers/control.ts';

/**
 * `POST /__control/console_effects`: a development console's Debug recorder sends the effects its sagas ran, and
 * the journal keeps each as an entry of kind `effect` (the QA cockpit's time line reads them): the user of the
 * token the console sent, masked like every body, bounded like every entry, refused in the envelope when the
 * body is off its contract (and nothing is kept), absent from a production-mode server.
 */
const { t } = useApiServer({ qa: { journalSize: 40 } });
const SESSION = 'a1b2c3d4e5f6a7b8';

async function send(body: unknown, headers: Record<string, string> = {}, server: { url: string } = t) {
  const res = await fetch(`${server.url}${CONTROL_PREFIX}/console_effects`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json().catch(() => null)) as { status: boolean; message?: string; data?: { kept: number } } | null };
}
const effects = async () => (await control(t, 'journal', { kind: 'effect', limit: 100 })).entries as EffectJournalEntry[];

describe('console effects on the journal', () => {
  it('keeps each effect as an entry of its user, at the console’s time, masked, with its key', async () => {
    await control(t, 'reset');
    const token = await t.login('customer01');
    const at = Date.now() - 5_000;
    const sent = await send(
      {
        session: SESSION,
        effects: [
          { t: at, n: 1, output: 'call:message/inquire', path: 'message/inquire', answer: { data: { total: 0, content: [], token: 'abc' } }, replayed: true },
          { t: at + 20, n: 2, input: { answer: 'message/inquire' }, replayed: true },
          { t: at + 30, n: 3, input: { socket: { frame: { type: 5, data: { message: 'hi' } } } }, replayed: true },
          { t: at + 40, n: 4, output: 'toast:danger', replayed: false },
          { t: at + 50, n: 5, output: 'call:qr_code_list/inquire', path: 'qr_code_list/inquire', answer: { fail: 503, message: 'down' }, replayed: false },
        ],
      },
      { token },
    );
    expect(sent).toMatchObject({ status: 200, body: { status: true, data: { kept: 5 } } });
    const entries = await effects();
    expect(entries.map((e) => [e.effect, e.replayed, e.account, e.at_ms - at])).toEqual([
      ['call:message/inquire', true, 'customer01', 0],
      ['answer:message/inquire', true, 'customer01', 20],
      ['socket:frame:5', true, 'customer01', 30],
      ['toast:danger', false, 'customer01', 40],
      ['call:qr_code_list/inquire', false, 'customer01', 50],
    ]);
    expect(entries[0]).toMatchObject({ session: SESSION, data: { path: 'message/inquire', answer: { data: { total: 0, token: '***' } } } });
    expect(entries[4]!.summary).toContain('failed: 503');
    // Filters: by user, by text; an HTTP-only filter leaves effects out.
    expect((await control(t, 'journal/count', { kind: 'effect', user: { account: 'customer01' } })).count).toBe(5);
    expect((await control(t, 'journal/count', { kind: 'effect', text: 'toast:danger' })).count).toBe(1);
    expect((await control(t, 'journal/count', { kind: 'http' })).count).toBe(1); // the login only
    expect((await control(t, 'journal/count', { status: 200, kind: 'effect' })).count).toBe(0);
  });

  it('names no user without a token, and is bounded like every entry', async () => {
    await control(t, 'reset');
    const many = Array.from({ length: 60 }, (_, i) => ({ t: 1_000 + i, n: i + 6, output: `navigate:/n${i}`, replayed: false }));
    expect((await send({ session: SESSION, effects: many })).body?.data?.kept).toBe(60);
    const entries = await effects();
    expect(entries).toHaveLength(40);
    expect(entries[0]).toMatchObject({ effect: 'navigate:/n20', user_id: null, account: null });
  });

  it.each([
    ['no effects', { session: SESSION, effects: [] }, /effects/],
    ['a bad session name', { session: 'no spaces here', effects: [{ t: 1, n: 7, output: 'reload', replayed: true }] }, /console session/],
    ['both output and input', { session: SESSION, effects: [{ t: 1, n: 8, output: 'reload', input: { route: '/' }, replayed: true }] }, /exactly one of output, input, draw/],
    ['an input of two steps', { session: SESSION, effects: [{ t: 1, n: 9, input: { route: '/', login: {} }, replayed: true }] }, /one scenario step/],
    ['an unknown field', { session: SESSION, effects: [{ t: 1, n: 10, output: 'reload', replayed: true, extra: 1 }] }, /extra/],
    ['a status out of range', { session: SESSION, effects: [{ t: 1, n: 11, output: 'call:x', answer: { fail: 900 }, replayed: true }] }, /599/],
  ])('refuses %s in the envelope, keeping nothing', async (_name, body, message) => {
    await control(t, 'reset');
    const res = await send(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: false });
    expect(res.body?.message).toMatch(message);
    expect(await effects()).toEqual([]);
  });
});

describe('on a production-mode server', () => {
  let production: TestServer;
  beforeAll(async () => {
    production = await startTestServer({ mode: 'production' });
  });
  afterAll(() => production?.close());
  it('is absent (404)', async () => {
    const res = await send({ session: SESSION, effects: [{ t: 1, n: 12, output: 'reload', replayed: true }] }, {}, production);
    expect(res.status).toBe(404);
  });
});
