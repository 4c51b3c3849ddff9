import { describe, expect, it } from 'vitest';
import { HOME_PAGE_CONFIG_DEFAULT, type HomePageConfig, type JsConfig, type PictureType } from '../../contracts/index.ts';
import { USER_AGENTS } from '../../fixtures/visitors.ts';
import { ok, refusalChecker } from '../helpers/qr.ts';
import { useApiServer } from '../helpers/api-server.ts';

/** home_page_config and js_config over real HTTP, and the script on a real visit page under its nonce CSP. */

const { t, tok: tokens } = useApiServer({}, { superadmin: 'superadmin', admin01: 'admin01', customer01: 'customer01' });
const refusedUnchanged = refusalChecker(() => t);

describe('home_page_config', () => {
  it('answers the defaults to anyone, saves only what is sent, checks the banner type', async () => {
    expect(ok<HomePageConfig>(await t.call('home_page_config/inquire', {}))).toEqual(HOME_PAGE_CONFIG_DEFAULT);
    const type = ok<PictureType>(await t.call('picture_type/add', { name: 'Home banner' }, tokens.admin01));
    const saved = ok<HomePageConfig>(await t.call('home_page_config/update', { banner_type_id: type.id, notice: 'Hi' }, tokens.admin01));
    expect(saved).toEqual({ ...HOME_PAGE_CONFIG_DEFAULT, banner_type_id: type.id, notice: 'Hi' });
    expect(ok<HomePageConfig>(await t.call('home_page_config/inquire', {}))).toEqual(saved);
    await refusedUnchanged('home_page_config/update', { banner_type_id: 999 }, tokens.admin01, 400, /^banner_type_id: /);
    await refusedUnchanged('home_page_config/update', { recommend_count: -1 }, tokens.admin01, 400, /^recommend_count: /);
    await refusedUnchanged('home_page_config/update', { notice: 'x' }, tokens.customer01, 403);
  });
});

describe('js_config', () => {
  it('belongs to the super administrator only', async () => {
    await refusedUnchanged('js_config/inquire', {}, tokens.admin01, 403);
    await refusedUnchanged('js_config/update', { enabled: true }, tokens.admin01, 403);
    await refusedUnchanged('js_config/update', { visit_script: 'x'.repeat(10_001) }, tokens.superadmin, 400, /^visit_script: /);
  });

  it('adds the enabled script to visit pages under the page nonce, unable to close its element', async () => {
    const visit = () => fetch(`${t.url}/v/demo01?s=1`, { redirect: 'manual', headers: { 'user-agent': USER_AGENTS.wechatXiaomi } });
    const script = 'window.seen = "</script><img src=x onerror=alert(1)>";';
    ok<JsConfig>(await t.call('js_config/update', { visit_script: script }, tokens.superadmin));
    expect(await (await visit()).text()).not.toContain('window.seen');

    ok<JsConfig>(await t.call('js_config/update', { enabled: true }, tokens.superadmin));
    const res = await visit();
    expect(res.status).toBe(200);
    const html = await res.text();
    const nonce = res.headers.get('content-security-policy')!.match(/script-src 'nonce-([^']+)'/)![1];
    expect(html).toContain(`<script nonce="${nonce}">window.seen = "<\\/script><img src=x onerror=alert(1)>";</script>`);
    expect(html.match(/<script/g)).toHaveLength(html.includes('location.') || html.includes('window.open') ? 2 : 1);
  });
});
