import { describe, expect, it } from 'vitest';
import { CONTROL_PREFIX } from '../../contracts/index.ts';
import { useConsole } from './helpers/console.ts';
import { loggedInPage } from './helpers/log-in.ts';
import { shotOf } from './helpers/look.ts';
import { texts } from './helpers/texts.ts';
import { countOf, valuesOf } from '../../fixtures/rows.ts';
import { updateUser } from '../../fixtures/factories.ts';

/**
 * Money flows in Chromium against the real mock server (test mode, simulated chain): customer01 buys a combo
 * by chain payment, the test sends the exact USDT through the control API (no network), and the open
 * payment page turns paid live (type-22 frame), without a reload; agent01 then sees the commission.
 */
const app = useConsole();

async function control(name: string, body: unknown) {
  const res = await fetch(`${app.url.replace(/\/$/, '')}${CONTROL_PREFIX}/${name}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: unknown }).data;
}

const login = (account: string) => loggedInPage(app, account);


describe('money flows in Chromium', () => {
  it('a customer pays a combo on chain and sees it paid live; the agent sees the commission', async () => {
    const page = await login('customer01');
    await page.goto(`${app.url}#/customer/buy_vip_combo`);
    const expiry = () => valuesOf<string | null>(app.server.mock.db, 'users', 'member_expire_time', { account: 'customer01' })[0];
    const banner = page.getByTestId('membership-status');
    const before = expiry();
    await banner.filter({ hasText: before ?? 'no membership' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: 'Monthly' });
    await row.getByRole('button', { name: 'Pay with USDT' }).click();
    const panel = page.getByTestId('payment-panel');
    await panel.waitFor();
    // Unique amount: the price 10 plus the first free offset.
    await expect(page.getByLabel('Amount (USDT)', { exact: true }).inputValue()).resolves.toBe('10.0001');
    await expect(page.getByLabel('Receiving address (TRC20)').inputValue()).resolves.toBe('TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE');
    await page.getByRole('img', { name: 'QR code of the receiving address' }).waitFor();
    await page.getByTestId('payment-countdown').filter({ hasText: /^(29|30):\d\d$/ }).waitFor();
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));

    await control('chain/send', { amount_micro: 10_000_100 });
    await page.getByTestId('payment-paid').waitFor({ timeout: 10_000 });
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    await page.keyboard.press('Escape');
    // The paid combo extended the membership, and the banner above the shop says so without a reload.
    const after = expiry();
    expect(after && (!before || after > before)).toBe(true);
    await banner.filter({ hasText: `Your membership runs until ${after}` }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);

    await page.goto(`${app.url}#/customer/order`);
    await page.getByRole('row').filter({ hasText: 'Monthly' }).getByText('Paid', { exact: true }).first().waitFor();

    const agent = await login('agent01');
    await agent.goto(`${app.url}#/customer/agent_divided_into`);
    await agent.getByRole('row').filter({ hasText: 'customer01' }).getByText('3', { exact: true }).waitFor();
    expect(app.pageErrors).toEqual([]);
  }, 120_000);

  it('an agent requests a withdrawal, an administrator approves it on chain, a super administrator collects all wallets', async () => {
    // The receiving address needs USDT to pay out, and one wallet needs USDT to collect.
    await control('chain/send', { amount_micro: 500_000_000 });
    const agent = await login('agent01');
    await agent.goto(`${app.url}#/customer/acting_withdrawal_list`);
    await agent.getByRole('button', { name: 'Add', exact: true }).first().click();
    await agent.getByLabel('Amount (USDT)').fill('25.5');
    await agent.getByLabel('TRC20 address').fill('TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7');
    await agent.getByRole('button', { name: 'Save' }).click();
    await agent.getByRole('row').filter({ hasText: '25.5' }).getByText('Pending review').waitFor();

    const admin = await login('admin01');
    await admin.goto(`${app.url}#/customer/withdrawal_list`);
    const request = admin.getByRole('row').filter({ hasText: 'agent01' }).filter({ hasText: '25.5' });
    await request.getByRole('button', { name: 'Approve' }).click();
    await admin.getByRole('button', { name: 'Confirm' }).click();
    await request.getByText('Approved').waitFor();
    const state = (await control('chain/state', { address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7' })) as { usdt_micro: number };
    expect(state.usdt_micro).toBe(25_500_000);

    const sup = await login('superadmin');
    await sup.goto(`${app.url}#/customer/tron`);
    await sup.getByRole('button', { name: 'Add', exact: true }).first().click();
    await sup.getByRole('button', { name: 'Save' }).click();
    await sup.getByRole('row').filter({ hasText: 'superadmin' }).first().waitFor();
    const address = valuesOf<string>(app.server.mock.db, 'wallets', 'address', {}, '-id')[0]!;
    expect(address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    await control('chain/send', { to: address, amount_micro: 7_000_000 });
    await sup.getByRole('row').filter({ hasText: address }).getByRole('button', { name: 'Collect' }).click();
    await sup.getByRole('button', { name: 'Confirm' }).click();
    await control('job_step', { count: 3 });
    await sup.goto(`${app.url}#/customer/tron_transaction_summary`);
    await sup.getByRole('row').filter({ hasText: address }).getByText('Success').waitFor();
    expect(app.pageErrors).toEqual([]);
  }, 120_000);
});

describe('membership in Chromium', () => {
  it('an expired customer trying to add a domain sees the expiry and a link to renew', async () => {
    updateUser(app.server.mock.db, 'customer02', { member_expire_time: '2026-01-01 00:00:00' });
    const t = texts('en');
    const page = await login('customer02');
    await page.goto(`${app.url}#/customer/domain_list`);
    await page.getByRole('toolbar', { name: t('resource.actions.toolbar') }).getByRole('button', { name: t('common.actions.add') }).click();
    const dialog = page.getByRole('dialog');
    // Labels of required fields end in " *".
    await dialog.getByLabel(new RegExp(`^${t('resources.domain.fields.domain')}\\b`)).first().fill('renew-me.example.com');
    await dialog.getByLabel(new RegExp(`^${t('resources.domain.fields.display_type')}\\b`)).selectOption('1');
    await dialog.getByRole('button', { name: t('common.actions.save') }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Your membership expired on 2026-01-01 00:00:00' }).waitFor();
    await shotOf(page, 'money-en-membership-expired');
    await dialog.getByRole('button', { name: t('resource.renew_membership') }).click(); // Blueprint's AnchorButton: an <a> with role button
    await page.waitForURL(/#\/customer\/buy_vip_combo/);
    await page.getByTestId('membership-status').filter({ hasText: 'Your membership expired on 2026-01-01 00:00:00' }).waitFor();
    // Renewed from the balance: the status above the shop follows without a reload.
    await page.getByRole('row').filter({ hasText: 'Monthly' }).getByRole('button', { name: t('resources.buy_vip_combo.buy_balance') }).click();
    await page.getByRole('button', { name: t('common.actions.confirm') }).click();
    await page.getByTestId('membership-status').filter({ hasText: 'Your membership runs until' }).waitFor();
    await shotOf(page, 'money-en-membership-renewed');
    expect(countOf(app.server.mock.db, 'domains', { domain: 'renew-me.example.com' })).toBe(0);
    expect(app.pageErrors).toEqual([]);
  }, 120_000);
});
