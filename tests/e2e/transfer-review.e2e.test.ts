import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_PREFIX } from '../../contracts/index.ts';
import { startConsole, type ConsoleUnderTest } from './helpers/console.ts';
import { logIn } from './helpers/log-in.ts';
import { texts } from './helpers/texts.ts';
import { balanceOf } from '../../fixtures/factories.ts';

/**
 * Review of a transfer that paid nothing (issue 21 point 1) in Chromium: a transfer of an amount no order
 * carries shows on usdt_transaction_record as "No order of this amount" / "Waiting for review"; an
 * administrator credits it to customer02 from the row's Review form, and the row turns "Credited" with the
 * user it went to, in English and in Chinese.
 */
let app: ConsoleUnderTest;

async function control(name: string, body: unknown): Promise<{ hash: string }> {
  const res = await fetch(`${app.url.replace(/\/$/, '')}${CONTROL_PREFIX}/${name}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { hash: string } }).data;
}

async function login(account: string, language: 'en' | 'zh-CN'): Promise<Page> {
  const page = await app.context.newPage();
  await page.addInitScript((lng) => localStorage.setItem('language', lng), language);
  await logIn(page, app.url, account, { lng: language });
  return page;
}

beforeAll(async () => {
  app = await startConsole();
}, 180_000);
afterAll(async () => {
  await app?.close();
});

describe('transfers waiting for review', () => {
  it.each([
    ['en', 33_000_007, '33.000007'],
    ['zh-CN', 44_000_009, '44.000009'],
  ] as const)('%s: an administrator credits a stray transfer to the user who sent it', async (language, amount, shown) => {
    const t = texts(language);
    const field = (name: string) => t(`resources.usdt_transaction_record.fields.${name}`);
    const { hash } = await control('chain/send', { amount_micro: amount });
    const balance = () => balanceOf(app.server.mock.db, 5);
    const before = balance();
    const admin = await login('admin01', language);
    await admin.goto(`${app.url}#/customer/usdt_transaction_record?hash=${hash}`);
    const row = admin.getByRole('row').filter({ hasText: shown });
    await row.getByText(t('enums.transfer_outcome.unknown_amount')).waitFor();
    await row.getByText(t('enums.transfer_review.waiting')).waitFor();
    await row.getByRole('button', { name: t('resources.usdt_transaction_record.review') }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel(field('action')).selectOption({ label: t('enums.transfer_review_action.credit') });
    await dialog.getByLabel(field('user_id')).fill('5');
    await dialog.getByLabel(field('remark')).fill('customer02 wrote in');
    await dialog.getByRole('button', { name: t('common.actions.save') }).click();
    // Settling a transfer asks first: credit how much to whom, and that it is final.
    const question = admin.getByRole('alertdialog');
    await question.getByText(t('resources.usdt_transaction_record.confirm.credit', { amount: shown, account: '#5' }), { exact: false }).waitFor();
    await question.getByRole('button', { name: t('common.actions.confirm') }).click();
    await row.getByText(t('enums.transfer_review.credited')).waitFor();
    await row.getByText('customer02').waitFor();
    expect(balance()).toBe(before + amount);
    expect(app.pageErrors).toEqual([]);
  }, 120_000);
});
