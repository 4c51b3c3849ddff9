import { describe, expect, it } from 'vitest';
import type { Language, MallCategory, Page, PayConfig, WebsiteInfo } from '../../contracts/index.ts';
import { languages, mallCategories } from '../../fixtures/seed/catalog.ts';
import { payConfig, subscriberConfigDefault, websiteInfo } from '../../fixtures/seed/settings.ts';
import { formatDateTime } from '../../mock-server/services/clock.ts';
import { manualClock } from '../helpers/clock.ts';
import { snapshot } from '../helpers/db-snapshot.ts';
import { failureBody } from '../helpers/qr.ts';
import { useApiServer } from '../helpers/api-server.ts';

/**
 * Issue 2 start-up and settings calls: website_info/inquire, language_list/inquire, mall_category/inquire,
 * ping, pay_config/inquire and pay_config/update.
 */

const FORBIDDEN = 'You do not have permission for this operation';
const clock = manualClock(Date.parse('2026-03-01T10:00:00Z'));
const { t, tok } = useApiServer({ clock }, { superadmin: 'superadmin', admin01: 'admin01', agent01: 'agent01', customer01: 'customer01' });
/** By account name, for the tables of cases. */
const tokens: Record<string, string> = tok;

const failure = failureBody;

describe('website_info/inquire', () => {
  it('answers the site title, logo, colour and the registration switch without a login', async () => {
    const res = await t.call('website_info/inquire');
    expect(res.status).toBe(200);
    expect(res.body.data as WebsiteInfo).toEqual({
      ...websiteInfo,
      allow_register: subscriberConfigDefault.allow_register,
      register_prompt: subscriberConfigDefault.no_register_prompt,
      // The server's calendar day (issue 22: public pages take their date rules from it).
      today: formatDateTime(clock.now()).slice(0, 10),
    });
  });

  it('refuses an extra field with 400', async () => {
    expect(await t.call('website_info/inquire', { id: 1 })).toEqual({ status: 400, body: failure('id: This page sent something the server does not take; reload the page and try again') });
  });
});

describe.each([
  {
    path: 'language_list/inquire',
    shown: languages.filter((l) => l.show_status === 1).map((l) => l.title),
    hidden: languages.filter((l) => l.show_status === 2).map((l) => l.title),
  },
  {
    path: 'mall_category/inquire',
    // Larger sort ranks higher (§9).
    shown: [...mallCategories].filter((c) => c.show_status === 1).sort((a, b) => b.sort - a.sort).map((c) => c.title),
    hidden: mallCategories.filter((c) => c.show_status === 2).map((c) => c.title),
  },
])('$path', ({ path, shown, hidden }) => {
  const titles = (data: unknown) => (data as Page<Language | MallCategory>).content.map((x) => x.title);

  it.each([undefined, 'customer01'])('with show_status 1 answers only the shown rows (token: %s)', async (account) => {
    const res = await t.call(path, { show_status: 1 }, account && tokens[account]);
    expect(res.status).toBe(200);
    expect(titles(res.body.data)).toEqual(shown);
    expect((res.body.data as Page<unknown>).total).toBe(shown.length);
  });

  it('with show_status 2 answers the hidden ones, and without a filter all', async () => {
    expect(titles((await t.call(path, { show_status: 2 })).body.data)).toEqual(hidden);
    expect((await t.call(path, {})).body.data).toMatchObject({ total: shown.length + hidden.length });
  });

  it('pages: page 2 of size 1 is the second row, total counts them all', async () => {
    const res = await t.call(path, { show_status: 1, page: 2, page_size: 1 });
    expect(res.body.data).toEqual({ content: [expect.objectContaining({ title: shown[1] })], total: shown.length });
  });

  it.each<[string, Record<string, unknown>, string | RegExp]>([
    ['show_status 3', { show_status: 3 }, 'show_status: Choose one of the options'],
    ['show_status as a string', { show_status: '1' }, 'show_status: Choose one of the options'],
    ['page 0', { page: 0 }, /^page: /],
    ['a fractional page', { page: 1.5 }, /^page: /],
    ['page as text', { page: 'first' }, /^page: /],
    ['page_size 201', { page_size: 201 }, /^page_size: /],
    ['page_size 0', { page_size: 0 }, /^page_size: /],
    ['an extra field', { show_status: 1, sort: 'title' }, 'sort: This page sent something the server does not take; reload the page and try again'],
  ])('refuses %s with 400', async (_name, body, message) => {
    expect(await t.call(path, body)).toEqual({ status: 400, body: failure(message) });
  });
});

describe('ping', () => {
  it.each([10, 0, 1_000_000])('answers the value %i back with the server time', async (value) => {
    const res = await t.call('ping', { value });
    expect(res).toEqual({ status: 200, body: { status: true, data: { value, server_time: formatDateTime(clock.now()) } } });
  });

  it.each<[string, unknown, string | RegExp]>([
    ['no value', {}, /^value: /],
    ['a value as text', { value: '10' }, /^value: /],
    ['a negative value', { value: -10 }, /^value: /],
    ['a value over 1,000,000', { value: 1_000_001 }, /^value: /],
    ['a fractional value', { value: 10.5 }, /^value: /],
    ['an extra field', { value: 10, echo: 'x' }, 'echo: This page sent something the server does not take; reload the page and try again'],
  ])('refuses %s with 400', async (_name, body, message) => {
    expect(await t.call('ping', body)).toEqual({ status: 400, body: failure(message) });
  });
});

describe('pay_config/inquire', () => {
  it.each(['customer01', 'agent01', 'admin01'])('answers the pay config to %s', async (account) => {
    const res = await t.call('pay_config/inquire', {}, tokens[account]);
    expect(res).toEqual({ status: 200, body: { status: true, data: t.services.settings.require('pay_config') } });
    expect(res.body.data as PayConfig).toHaveProperty('qr_code_switch');
  });

  it('refuses an extra field with 400', async () => {
    expect(await t.call('pay_config/inquire', { all: 1 }, tokens.customer01)).toEqual({ status: 400, body: failure('all: This page sent something the server does not take; reload the page and try again') });
  });
});

describe('pay_config/update', () => {
  const current = () => t.services.settings.require('pay_config');

  it('changes only the fields sent, and everybody reads the change', async () => {
    const res = await t.call('pay_config/update', { qr_code_switch: 2, min_recharge: 25 }, tokens.admin01);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ ...payConfig, qr_code_switch: 2, min_recharge: 25 });
    expect((await t.call('pay_config/inquire', {}, tokens.customer01)).body.data).toEqual({ ...payConfig, qr_code_switch: 2, min_recharge: 25 });
    // Put it back for the other cases.
    expect((await t.call('pay_config/update', payConfig, tokens.superadmin)).body.data).toEqual(payConfig);
  });

  it.each<[string, Partial<PayConfig>]>([
    ['every field', { qr_code_switch: 2, usdt_address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7', min_recharge: 1.000001, exchange_rate: 6.95, order_timeout_minutes: 1440 }],
    ['an empty receiving address', { usdt_address: '' }],
    ['nothing', {}],
  ])('takes %s', async (_name, body) => {
    const res = await t.call('pay_config/update', body, tokens.superadmin);
    expect(res.status, res.body.message).toBe(200);
    expect(current()).toEqual({ ...payConfig, ...body });
    t.services.settings.set('pay_config', payConfig);
  });

  it('names the allowed codes and the TRON address rule in Chinese too', async () => {
    const zh = (body: Record<string, unknown>) => t.call('pay_config/update', body, tokens.admin01, 'zh-CN');
    expect((await zh({ qr_code_switch: 3 })).body).toEqual(failure('qr_code_switch: 请从选项中选择一项'));
    expect((await zh({ usdt_address: '0x52908400098527886E0F7030069857D2E4169EE7' })).body).toEqual(
      failure('usdt_address: 请输入 TRON USDT 地址：以 T 开头，共 34 位字母或数字'),
    );
  });

  it.each<[string, Record<string, unknown>, string | RegExp]>([
    ['qr_code_switch 3', { qr_code_switch: 3 }, 'qr_code_switch: Choose one of the options'],
    ['qr_code_switch null', { qr_code_switch: null }, 'qr_code_switch: Choose one of the options'],
    ['an address that is not TRON', { usdt_address: '0x52908400098527886E0F7030069857D2E4169EE7' }, 'usdt_address: enter a TRON USDT address: T and 33 more letters or digits'],
    ['an address with a base58-forbidden letter', { usdt_address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLS0' }, /^usdt_address: /],
    ['an address one letter short', { usdt_address: payConfig.usdt_address.slice(0, -1) }, /^usdt_address: /],
    ['an address whose checksum is wrong', { usdt_address: `${payConfig.usdt_address.slice(0, -1)}F` }, 'usdt_address: this TRON address fails its checksum: check it for a typo'],
    ['a negative minimum recharge', { min_recharge: -1 }, /^min_recharge: /],
    ['a minimum recharge as text', { min_recharge: '10' }, /^min_recharge: /],
    ['a minimum recharge over 1,000,000', { min_recharge: 1_000_001 }, /^min_recharge: /],
    ['a minimum recharge of 0', { min_recharge: 0 }, 'min_recharge: Must be at least 1'],
    ['a minimum recharge below 1 USDT', { min_recharge: 0.5 }, 'min_recharge: Must be at least 1'],
    ['a minimum recharge finer than a micro-unit', { min_recharge: 0.0000001 }, 'min_recharge: an amount has at most 6 decimal places'],
    ['a minimum recharge of 10.0000001', { min_recharge: 10.0000001 }, 'min_recharge: an amount has at most 6 decimal places'],
    ['an exchange rate of 0', { exchange_rate: 0 }, /^exchange_rate: /],
    ['an order timeout of 0 minutes', { order_timeout_minutes: 0 }, /^order_timeout_minutes: /],
    ['an order timeout over a day', { order_timeout_minutes: 1441 }, /^order_timeout_minutes: /],
    ['a fractional order timeout', { order_timeout_minutes: 1.5 }, /^order_timeout_minutes: /],
    ['an extra field', { qr_code_switch: 2, api_secret: 'x' }, 'api_secret: This page sent something the server does not take; reload the page and try again'],
  ])('refuses %s with 400 and changes nothing', async (_name, body, message) => {
    const before = snapshot(t.db);
    expect(await t.call('pay_config/update', body, tokens.admin01)).toEqual({ status: 400, body: failure(message) });
    expect(snapshot(t.db)).toEqual(before);
  });

  it.each<[string, number]>([
    ['customer01', 403],
    ['agent01', 403],
    ['admin01', 200],
    ['superadmin', 200],
  ])('%s may change it: %i', async (account, status) => {
    const before = snapshot(t.db);
    const res = await t.call('pay_config/update', { qr_code_switch: 2 }, tokens[account]);
    expect(res.status).toBe(status);
    if (status === 403) {
      expect(res.body).toEqual(failure(FORBIDDEN));
      expect(snapshot(t.db)).toEqual(before);
    } else {
      expect(current().qr_code_switch).toBe(2);
      t.services.settings.set('pay_config', payConfig);
    }
  });

  it('is refused to a customer in the customer’s language', async () => {
    const res = await t.call('pay_config/update', { qr_code_switch: 2 }, tokens.customer01, 'zh-CN');
    expect(res).toEqual({ status: 403, body: failure('您没有此操作的权限') });
  });
});
