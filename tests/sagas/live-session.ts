import { webcrypto } from 'node:crypto';
import WebSocket from 'ws';
import type { JournalEntry } from '../../contracts/index.ts';
import type { Scenario } from '../../contracts/scenario.ts';
import { createCallApi } from '../../client/io/call-api.ts';
import { encryptWith, importPublicKey } from '../../client/io/crypto.ts';
import type { Effects } from '../../client/io/effects/browser-effects.ts';
import { adaptWebSocket, socketUrl, type WebSocketLike } from '../../client/io/effects/socket.ts';
import { memoryStorage } from '../../client/io/storage.ts';
import { createAppStore } from '../../client/app/store.ts';
import { createRecorder } from '../../client/features/debug/effects/recorder.ts';
import { exportScenario } from '../../client/features/debug/export-scenario.ts';
import { recorderSaga } from '../../client/features/debug/sagas/recorder-saga.ts';
import { createEffectQueue, createSendEffects } from '../../client/features/debug/effects/effect-shipping.ts';
import { shipEffectsSaga } from '../../client/features/debug/sagas/ship-effects-saga.ts';
import { appStarted, routeChanged } from '../../client/state/app-events.ts';
import { sessionEvents } from '../../client/state/session-slice.ts';
import { publicKey } from '../../contracts/index.ts';
import { startTestServer } from '../../harness/server.ts';
import { userIdOf } from '../../fixtures/factories.ts';
import { control } from '../helpers/control.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(what: string, ok: () => boolean, ms = 5000): Promise<void> {
  for (let waited = 0; !ok(); waited += 20) {
    if (waited > ms) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

/**
 * A started console in Node, over real HTTP and a real encrypted WebSocket to a real mock server: the whole client
 * store (every registered saga, the session module loaded at login) with the dev recorder and the Debug menu's
 * effect shipping to the mock's journal, as a development build has them, on the real clock.
 */
export async function startLiveConsole() {
  const t = await startTestServer();
  const toasts: string[] = [];
  let route = { pathname: '/', search: '' };
  let dispatchRoute: (r: typeof route) => void = () => {};
  const callApi = createCallApi((input, init) => fetch(input, init), t.url);
  let rsa: Promise<CryptoKey> | null = null;
  const host = new URL(t.url).host;
  const navigate = (to: string) => {
    const q = to.indexOf('?');
    route = q < 0 ? { pathname: to, search: '' } : { pathname: to.slice(0, q), search: to.slice(q) };
    queueMicrotask(() => dispatchRoute(route));
  };
  const base: Effects = {
    callApi,
    async encryptPassword(plain, language) {
      rsa ??= callApi(publicKey, {}, { token: null, language }).then((k) => importPublicKey(k.spki));
      return encryptWith(await rsa, plain);
    },
    storage: memoryStorage(),
    navigate,
    currentPath: () => route.pathname,
    reload: () => toasts.push('reload'),
    toast: (m, intent) => toasts.push(`${intent}:${'text' in m ? m.text : m.key}`),
    setDocumentTitle: () => {},
    setFavicon: () => {},
    userAgent: 'node',
    // The console's own socket adapter over `ws` (Node 20 has no global WebSocket); Origin as a page would send.
    openSocket: (sid) =>
      adaptWebSocket(new WebSocket(socketUrl({ protocol: 'http:', host }, sid), { origin: t.url }) as unknown as WebSocketLike),
    random: () => Math.random(),
    now: () => Date.now(),
  };
  void webcrypto; // WebCrypto is global in Node 20; imported to make the dependency explicit.

  const recorder = createRecorder(base);
  const store = createAppStore(recorder.effects);
  // As a development build does (features/debug/install.ts): the events also go to the mock's journal.
  const shipping = createEffectQueue(recorder);
  let told = 0;
  recorder.listen(() => (told += 1));
  const send = createSendEffects((input, init) => fetch(`${t.url}${String(input)}`, init));
  store.injectModule({ reducers: {}, sagas: [recorderSaga(recorder), shipEffectsSaga(shipping, send)] });
  dispatchRoute = (r) => store.dispatch(routeChanged(r));
  // In the recorder's first instant, as a page does: the export's timeline starts at the console's start.
  store.dispatch(appStarted());
  const realtimeStatus = () => (store.getState() as unknown as { realtime?: { status: string } }).realtime?.status;
  return {
    t,
    recorder,
    store,
    toasts,
    shipping,
    /** Events the recorder told its listeners so far. */
    told: () => told,
    realtimeStatus,
    /** From the login page, logged in as `account` with its socket's login acknowledged. */
    async loginAs(account: string, password: string) {
      navigate('/admin_login');
      await sleep(300);
      store.dispatch(sessionEvents.loginSubmitted({ account, password }));
      await waitFor('the socket login', () => realtimeStatus() === 'online');
    },
    async close() {
      store.dispatch(sessionEvents.loggedOut());
      store.sagaTask.cancel();
      await sleep(50);
      await t.close();
    },
  };
}

/**
 * A real console session in Node, recorded by the dev debug recorder and exported as a scenario (a live console,
 * above). What happens: start, login page, login as customer01, an admin sends a message (shown by polling and
 * marked read), the server pushes a reply (toast) and an unknown frame type, all sockets are dropped as by a
 * restart (4010) and the console reconnects, the notice is dismissed. About 13 s of wall time.
 */
export async function recordLiveSession(): Promise<{ scenario: Scenario; toasts: string[]; messageRead: boolean; journal: JournalEntry[] }> {
  const live = await startLiveConsole();
  const { t, store } = live;
  const notice = () => Boolean((store.getState() as unknown as { messages?: { notice: unknown } }).messages?.notice);
  try {
    await live.loginAs('customer01', 'Customer123');
    const customer = { id: userIdOf(t.db, 'customer01') };
    const admin = await t.login('admin01');
    const sent = await t.call('message/send', { title: 'Maintenance', content: 'Window tonight <b>22:00</b>', user_id: customer.id }, admin);
    if (sent.status !== 200) throw new Error(`message/send: ${JSON.stringify(sent.body)}`);
    await sleep(500);
    await control(t, 'push', { to: { account: 'customer01' }, type: 5, data: { message: 'Saved' } });
    await control(t, 'push', { to: { account: 'customer01' }, type: 42, data: { hello: 'screens' } });
    await waitFor('the polled notice', notice, 13_000);
    await sleep(300);
    await control(t, 'drop_all', { code: 4010 });
    await sleep(100);
    await waitFor('the reconnect', () => live.realtimeStatus() === 'online');
    store.dispatch({ type: 'messages/noticeDismissed' });
    await sleep(500);
    const scenario = exportScenario(live.recorder, 15 * 60_000, 'exported: a recorded dev session (login, message, reply push, restart, dismiss)');
    // Everything told so far has reached the journal (what the QA cockpit saves a span from).
    await waitFor('the effects sent', () => live.shipping.counts().sent + live.shipping.counts().lost >= live.told());
    const journal = (await control(t, 'journal', { limit: 10_000, detail: true })).entries;
    const mine = await t.call('message/inquire', { page: 1, page_size: 50 }, await t.login('customer01'));
    const items = (mine.body.data as { content: { content: string; notify_status: number }[] }).content;
    const messageRead = items.some((m) => m.content === 'Window tonight <b>22:00</b>' && m.notify_status === 2);
    return { scenario, toasts: live.toasts, messageRead, journal };
  } finally {
    await live.close();
  }
}
