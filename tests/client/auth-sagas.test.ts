import { describe, expect, it } from 'vitest';
import type { Session } from '../../contracts/index.ts';
import { ApiError } from '../../client/io/errors.ts';
import { createAppStore } from '../../client/app/store.ts';
import { appStarted } from '../../client/state/app-events.ts';
import { sessionEvents } from '../../client/state/session-slice.ts';
import { settingsEvents } from '../../client/state/settings-slice.ts';
import { fakeEffects, until } from './helpers/fake-effects.ts';
import { buildUserInfo } from '../../fixtures/factories.ts';
import { group, leaf } from './helpers/menu-tree.ts';

const userInfo = buildUserInfo({ name: 'C', role_id: 4, superior_id: null });
const session = { token: 'tok-1', user_info: userInfo } as Session;
const menu = { tree_menu_arr: [group('qr_codes', [leaf('qr_code_list', ['add'])]), leaf('update_password')] };
const payConfig = { qr_code_switch: 1, usdt_address: '', min_recharge: 10, exchange_rate: 7, order_timeout_minutes: 30 };

function server(overrides: Record<string, (body: unknown) => unknown> = {}) {
  return fakeEffects({
    'admin/login': () => session,
    'admin/register': () => session,
    'admin/logout': () => null,
    'admin/user_info': () => session,
    'menu/token_menu': () => menu,
    'pay_config/inquire': () => payConfig,
    'url_key_platform/inquire': () => ({ content: [], total: 0 }),
    'website_info/inquire': () => ({ id: 1, title: 'T', icon: '', color: '', allow_register: true, register_prompt: '', invitation_code_editable: false }),
    ...overrides,
  });
}

describe('login', () => {
  it('sends the encrypted password, stores the session (never the password) and opens the first menu leaf', async () => {
    const fx = server();
    const store = createAppStore(fx.effects);
    store.dispatch(sessionEvents.loginSubmitted({ account: 'customer01', password: 'Customer123' }));
    await until(() => fx.navigations.length > 0);

    expect(fx.calls.find((c) => c.path === 'admin/login')?.body).toEqual({ account: 'customer01', password: 'enc(Customer123)' });
    expect(fx.navigations).toEqual(['/customer/qr_code_list']);
    expect(store.getState().session.token).toBe('tok-1');
    expect(fx.effects.storage.get('token')).toBe('tok-1');
    expect(fx.effects.storage.get('account')).toBe('customer01');
    expect(fx.effects.storage.get('password')).toBeNull();
    // The menu call carries the new token; the session module joined the store before loggedIn.
    expect(fx.calls.find((c) => c.path === 'menu/token_menu')?.token).toBe('tok-1');
    expect('realtime' in store.getState()).toBe(true);
  });

  it('shows the server message of a refused login', async () => {
    const fx = server({ 'admin/login': () => new ApiError('admin/login', 400, 'Wrong account or password') });
    const store = createAppStore(fx.effects);
    store.dispatch(sessionEvents.loginSubmitted({ account: 'customer01', password: 'nope12345' }));
    await until(() => store.getState().session.login.status === 'failed');
    expect(store.getState().session.login).toEqual({ status: 'failed', error: { text: 'Wrong account or password' } });
    expect(fx.navigations).toEqual([]);
  });

  it('says login_err_01 and ends the session when the menu has no page', async () => {
    const fx = server({ 'menu/token_menu': () => ({ tree_menu_arr: [group('empty', [])] }) });
    const store = createAppStore(fx.effects);
    store.dispatch(sessionEvents.registerSubmitted({ account: 'newuser1', password: 'abc12345', code: 'AGENT01' }));
    await until(() => store.getState().session.register.status === 'failed');
    expect(store.getState().session.register).toEqual({ status: 'failed', error: { key: 'validation.login_err_01' } });
    expect(store.getState().session.token).toBeNull();
    expect(fx.calls.map((c) => c.path)).toContain('admin/logout');
    expect(fx.effects.storage.get('token')).toBeNull();
  });
});

describe('session end', () => {
  it('a 401 on any call clears token and user info and returns to login', async () => {
    let expired = false;
    const fx = server({ 'pay_config/inquire': () => (expired ? new ApiError('pay_config/inquire', 401, 'expired') : payConfig) });
    const store = createAppStore(fx.effects);
    store.dispatch(sessionEvents.loginSubmitted({ account: 'customer01', password: 'Customer123' }));
    await until(() => fx.navigations.length > 0);
    expired = true;
    store.dispatch(settingsEvents.payConfigRequested());
    await until(() => store.getState().session.token === null && fx.navigations.at(-1) === '/admin_login');
    expect(fx.effects.storage.get('token')).toBeNull();
    expect(fx.effects.storage.get('user_info')).toBeNull();
    expect(fx.toasts.some((t) => 'key' in t.message && t.message.key === 'errors.session_expired')).toBe(true);
  });

  it('a stored session that the server refuses at start-up is cleared (§8)', async () => {
    const fx = fakeEffects(
      { 'admin/user_info': () => new ApiError('admin/user_info', 401, 'expired'), 'website_info/inquire': () => new ApiError('x', 500, '') },
      { token: 'old', user_info: JSON.stringify(userInfo) },
    );
    const store = createAppStore(fx.effects);
    expect(store.getState().session.token).toBe('old');
    store.dispatch(appStarted());
    await until(() => store.getState().session.token === null);
    expect(fx.effects.storage.get('token')).toBeNull();
  });

  it('logout ends the server session, forgets the menu and goes to login', async () => {
    const fx = server();
    const store = createAppStore(fx.effects, undefined);
    store.dispatch(sessionEvents.loginSubmitted({ account: 'customer01', password: 'Customer123' }));
    await until(() => fx.navigations.length > 0);
    store.dispatch(sessionEvents.logoutConfirmed());
    await until(() => fx.navigations.at(-1) === '/admin_login');
    expect(fx.calls.map((c) => c.path)).toContain('admin/logout');
    expect(store.getState().menu.tree.status).toBe('idle');
    expect(store.getState().session.lastAccount).toBe('customer01');
  });

  it('a password change logs out everywhere with a success toast', async () => {
    const fx = server({ 'admin/update_password': () => null });
    const store = createAppStore(fx.effects);
    store.dispatch(sessionEvents.loginSubmitted({ account: 'customer01', password: 'Customer123' }));
    await until(() => fx.navigations.length > 0);
    store.dispatch(sessionEvents.passwordChangeSubmitted({ old_password: 'Customer123', new_password: 'Better1234' }));
    await until(() => fx.navigations.at(-1) === '/admin_login');
    expect(fx.calls.find((c) => c.path === 'admin/update_password')?.body).toEqual({
      old_password: 'enc(Customer123)',
      new_password: 'enc(Better1234)',
    });
    expect(store.getState().session.token).toBeNull();
    expect(fx.toasts.at(-1)).toEqual({ message: { key: 'auth.password_changed' }, intent: 'success' });
  });
});

describe('preferences', () => {
  it('theme, language and layout mode persist under the §9 keys and come back on the next start', async () => {
    const fx = server();
    const store = createAppStore(fx.effects);
    store.dispatch({ type: 'ui/themeChanged', payload: 2 });
    store.dispatch({ type: 'ui/languageChanged', payload: 'en' });
    store.dispatch({ type: 'ui/layoutModeChanged', payload: 'top' });
    expect(fx.effects.storage.get('theme')).toBe('2');
    expect(fx.effects.storage.get('language')).toBe('en');
    const next = createAppStore({ ...fx.effects });
    expect(next.getState().ui).toMatchObject({ theme: 2, language: 'en', layoutMode: 'top' });
  });
});
