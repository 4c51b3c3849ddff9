import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../contracts/index.ts';
import { balanceOf } from '../../fixtures/factories.ts';
import { countOf } from '../../fixtures/rows.ts';
import { REGISTRATION_THROTTLE, throttleOf } from '../../mock-server/security/throttle.ts';
import { startConsole, type ConsoleUnderTest } from './helpers/console.ts';
import { LOOKS, openInLook, shotOf, type Look } from './helpers/look.ts';
import { texts } from './helpers/texts.ts';

/**
 * What a person reads when the server refuses, in Chromium, zh-CN light and en dark, good input and bad:
 * - buying a plan with enough balance buys; with too little it says the purchase (the plan, its price, the
 *   balance, how much to top up first), never the ledger's "The balance of customer02 is 88; changing it by -100 …";
 * - registering: a taken name is said under the account; a good registration lands in the console; once the
 *   network's registrations are spent (docs/decisions/2026-11-29-abuse-left.md) the form says when to try again,
 *   and no account is made. Each look registers from a network of its own (the server trusts
 *   X-Forwarded-For from loopback), with the budget lowered to 2 so the limit is reached in two steps.
 */
let app: ConsoleUnderTest;
beforeAll(async () => {
  app = await startConsole();
}, 180_000);
afterAll(async () => {
  await app?.close();
});

const db = () => app.server.mock.db;

describe.each(LOOKS)('refusals said as the action ($lng, $theme)', (look: Look) => {
  const t = texts(look.lng);
  const shot = (page: Page, name: string) => shotOf(page, `refusals-${look.lng}-${look.theme}-${name}`);

  it('buying with enough balance buys; with too little it says the price, the balance and to top up first', async () => {
    const page = await openInLook(app, look, 'customer02');
    await page.goto(`${app.url}#/customer/buy_vip_combo`);
    const buy = async (plan: string) => {
      await page.getByRole('row').filter({ hasText: plan }).getByRole('button', { name: t('resources.buy_vip_combo.buy_balance') }).click();
      await page.getByRole('button', { name: t('common.actions.confirm') }).click();
    };
    // Good: the monthly plan fits the balance.
    const start = balanceOf(db(), 'customer02');
    await buy('Monthly');
    await expect.poll(() => balanceOf(db(), 'customer02'), { timeout: 10_000 }).toBe(start - 10_000_000);
    // Bad: the yearly plan costs more than what is left.
    const before = balanceOf(db(), 'customer02');
    const bills = countOf(db(), 'bills');
    await buy('Yearly');
    const sentence = t('errors.purchase_balance_short', { name: 'Yearly / 年度会员', price: '100', balance: formatMoney(before), short: formatMoney(100_000_000 - before) });
    await page.getByText(sentence, { exact: true }).first().waitFor();
    // Not the ledger's words, anywhere on the page.
    expect(await page.getByText(/The balance of|的余额为 .*变动/).count()).toBe(0);
    expect(balanceOf(db(), 'customer02')).toBe(before);
    expect(countOf(db(), 'bills')).toBe(bills);
    await shot(page, 'buy-short');
    await page.close();
    expect(app.pageErrors).toEqual([]);
  }, 120_000);

  it('registering: a taken name is said, a good one lands, then the spent network is told when to try again', async () => {
    const network = look.lng === 'en' ? '198.18.10.' : '198.18.20.';
    const registrations = throttleOf(app.server.mock.services, 'registrations');
    registrations.configure({ capacity: 2 });
    try {
      let host = 0;
      const open = async () => {
        const page = await openInLook(app, look);
        await page.setExtraHTTPHeaders({ 'X-Forwarded-For': `${network}${++host}` });
        await page.goto(`${app.url}#/admin_register?code=AGENT01`);
        return page;
      };
      const fill = async (page: Page, account: string) => {
        await page.getByLabel(t('auth.fields.account')).fill(account);
        await page.getByLabel(t('auth.fields.password'), { exact: true }).fill('Abc123456');
        await page.getByLabel(t('auth.fields.repeat_password')).fill('Abc123456');
        await page.getByRole('button', { name: t('auth.register.submit'), exact: true }).click();
      };
      const first = await open();
      // Bad: a taken name, said as the registration.
      await fill(first, 'customer01');
      await first.getByText(t('errors.account_taken'), { exact: true }).first().waitFor();
      // Good: a fresh name registers and opens the console.
      const fresh = `limit${look.lng === 'en' ? 'en' : 'zh'}${Date.now() % 100_000}`;
      await fill(first, fresh);
      await first.waitForURL(/#\/customer\/[a-z_]+$/, { timeout: 15_000 });
      expect(countOf(db(), 'users', { account: fresh })).toBe(1);
      await first.close();
      // Bad: the network's registrations are spent: a 429 saying when, and no account.
      const second = await open();
      const users = countOf(db(), 'users');
      await fill(second, `${fresh}b`);
      await second.getByText(t('errors.too_many_registrations', { minutes: 6 }), { exact: true }).first().waitFor();
      expect(second.url()).toMatch(/#\/admin_register/);
      expect(countOf(db(), 'users')).toBe(users);
      await shot(second, 'register-limit');
      await second.close();
    } finally {
      registrations.configure(REGISTRATION_THROTTLE);
    }
    expect(app.pageErrors).toEqual([]);
  }, 120_000);
});
